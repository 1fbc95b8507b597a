import Store

/// The pass that replaces a part of the value by a part of the same kind inside it, for
/// ``Shrinker``.
extension Shrinker {
  /// Replaces each node by one of the nearest nodes of the same kind inside it, outermost first:
  /// a node of `Gen.recursive`, a tuple component that holds components of its own (as trees built
  /// with `flatMap` and `zip` do), or a composite — a collection or string — holding one of the
  /// same type (a list of trees whose children are lists of trees). A subtree moved up keeps its
  /// shape: choices it no longer needs, or lacks, are cut or read as zeros.
  func replaceWithDescendants() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let node = best.spans[next]
      guard [.recursiveNode, .component, .composite].contains(node.label) else {
        next += 1
        continue
      }
      let children = best.spans.indices.filter { index in
        index > next && best.spans[index].label == node.label
          && best.spans[index].tag == node.tag && nearest(like: node, above: index) == next
      }
      guard !children.isEmpty else {
        next += 1
        continue
      }
      let deciders = decidingChoices(before: next)
      let replaced = children.contains { child in
        let inner = best.spans[child].range
        guard inner != node.range else { return false }
        var attempt =
          Array(best.indices[..<node.start]) + movedUp(child) + best.indices[node.end...]
        if consider(attempt) { return true }
        // A subtree moved up may need less room than the value that sized its old place
        // (a depth, a size passed through flatMap): try again with that value halved.
        for position in deciders where attempt[position] >= 2 {
          let original = attempt[position]
          attempt[position] = original / 2
          if consider(attempt) { return true }
          attempt[position] = original
        }
        return false
      }
      if !replaced { next += 1 }
    }
  }

  /// The choices of the span at `index`, as they read once moved up: a node of a recursive
  /// generator at its depth limit drew no choice of alternative, and reads one (0: the base) a
  /// level higher, so one is put before it. Bound: O(s + c) for s spans and c choices inside.
  private func movedUp(_ index: Int) -> [UInt64] {
    let range = best.spans[index].range
    let limits = Set(
      best.spans[index...].prefix { $0.start < range.upperBound || $0.start == range.lowerBound }
        .filter { $0.atDepthLimit && $0.label == .recursiveNode }.map(\.start))
    guard !limits.isEmpty else { return Array(best.indices[range]) }
    var moved: [UInt64] = []
    for position in range {
      if limits.contains(position) { moved.append(0) }
      moved.append(best.indices[position])
    }
    return moved
  }

  /// The choices made by the `flatMap`s that decided how the span at `index` was generated: the
  /// first choice of each `.bound` span before it whose parent encloses it, nearest three first.
  private func decidingChoices(before index: Int) -> [Int] {
    var enclosing: Set<Int?> = [nil]
    var parent = best.spans[index].parent
    while let current = parent {
      enclosing.insert(current)
      parent = best.spans[current].parent
    }
    let start = best.spans[index].start
    return best.spans.filter { span in
      span.label == .bound && span.end <= start && !span.isEmpty && enclosing.contains(span.parent)
        && best.choices[span.start].isNumeric
    }
    .map(\.start).reversed().prefix(3).map { $0 }
  }

  /// The nearest span above `index` of the label and tag of `node`.
  private func nearest(like node: Span, above index: Int) -> Int? {
    var parent = best.spans[index].parent
    while let current = parent,
      best.spans[current].label != node.label || best.spans[current].tag != node.tag
    {
      parent = best.spans[current].parent
    }
    return parent
  }
}
