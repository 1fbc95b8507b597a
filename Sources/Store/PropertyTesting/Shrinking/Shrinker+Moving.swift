import Store

/// The pass that moves one element from a collection to the next of its kind, for ``Shrinker``.
extension Shrinker {
  /// Moves each element of a collection to the end of the next collection of the same kind in
  /// the same enclosing collection (two strings, two rows, two inner lists): the count stays, so a property on the total
  /// still fails, and the earlier collection gets shorter, which is simpler at the first
  /// difference. `[["a"], ["aaaa"]]` becomes `[[""], ["aaaaa"]]` when five characters must be
  /// spread over two lists; deleting alone loses the failure, and trading whole parts
  /// (``reorderAcrossParents()``) only swaps them.
  ///
  /// Cost: at most one run per element of a collection followed by another of its kind, and one
  /// move per collection, per round. Finding a collection's next of its kind is a binary search
  /// among the collections of that kind, so the time beside the runs is O(spans · log spans) a
  /// round, plus O(spans) after each move.
  func moveToNextCollection() {
    var children = elementsByParent()
    var kinds = compositesByTag()
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let parent = next
      let span = best.spans[parent]
      next += 1
      // An element span opens with its "one more" flag; the one whose flag is 0 ends the
      // collection, and the moved element goes just before it.
      guard span.label == .composite,
        let later = nextOfKind(parent, among: kinds[span.tag] ?? []),
        let stop = children[later]?.first(where: { best.indices[$0.start] == 0 }),
        sharesCollection(parent, later)
      else { continue }
      for element in children[parent] ?? [] where best.indices[element.start] != 0 {
        guard !isExhausted() else { return }
        var attempt = best.indices
        attempt.insert(contentsOf: best.indices[element.range], at: stop.start)
        attempt.removeSubrange(element.range)
        // One move per collection per call: a long run of moves is one per round.
        if consider(attempt) {
          children = elementsByParent()
          kinds = compositesByTag()
          break
        }
      }
    }
  }

  /// The first composite span after the one at `index`, among `sameKind` (indices of composite
  /// spans of its tag, ascending), that starts at or after its end. Spans are listed as they
  /// open, so their starts never decrease: both conditions hold from some point of `sameKind`
  /// on, which a binary search finds.
  private func nextOfKind(_ index: Int, among sameKind: [Int]) -> Int? {
    let end = best.spans[index].end
    var low = 0
    var high = sameKind.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = sameKind[middle]
      if candidate > index && best.spans[candidate].start >= end {
        high = middle
      } else {
        low = middle + 1
      }
    }
    return low < sameKind.count ? sameKind[low] : nil
  }

  /// The indices of the best sequence's composite spans by their tag, ascending.
  private func compositesByTag() -> [Int: [Int]] {
    var result: [Int: [Int]] = [:]
    for (index, span) in best.spans.enumerated() where span.label == .composite {
      result[span.tag, default: []].append(index)
    }
    return result
  }

  /// Whether the spans at `a` and `b` lie in one collection (the rows of one matrix, the strings
  /// of one nested list), not in two unrelated values (the arguments of two actions).
  private func sharesCollection(_ a: Int, _ b: Int) -> Bool {
    var enclosing: Set<Int> = []
    var parent = best.spans[a].parent
    while let index = parent {
      if best.spans[index].label == .composite { enclosing.insert(index) }
      parent = best.spans[index].parent
    }
    parent = best.spans[b].parent
    while let index = parent {
      if enclosing.contains(index) { return true }
      parent = best.spans[index].parent
    }
    return false
  }

  /// The non-empty element spans of the best sequence by the index of their parent span.
  private func elementsByParent() -> [Int: [Span]] {
    var result: [Int: [Span]] = [:]
    for span in best.spans where span.label == .element && !span.isEmpty {
      if let parent = span.parent { result[parent, default: []].append(span) }
    }
    return result
  }
}
