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
  /// move per collection, per round.
  func moveToNextCollection() {
    var children = elementsByParent()
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let parent = next
      let span = best.spans[parent]
      next += 1
      // An element span opens with its "one more" flag; the one whose flag is 0 ends the
      // collection, and the moved element goes just before it.
      guard span.label == .composite,
        let later = best.spans[next...].firstIndex(where: {
          $0.label == .composite && $0.tag == span.tag && $0.start >= span.end
        }),
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
          break
        }
      }
    }
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
