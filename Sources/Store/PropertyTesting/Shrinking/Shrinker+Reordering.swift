import Store

/// The passes that reorder parts of the value, for ``Shrinker``.
extension Shrinker {
  /// Sorts sibling spans (the elements of one list, the components of one tuple) from simplest to
  /// most complex; if the full sort does not fail, swaps neighbours that are out of order. A list's
  /// closing "no more" flag is not an element to sort: moving it forward would only cut the list
  /// (`"bbbaaa"` sorts to `"aaabbb"`, not to `""`).
  func reorderSiblings() {
    struct Family: Hashable {
      let parent: Int?
      let label: SpanLabel
    }
    reorder { spans in
      var families: [Family: [Span]] = [:]
      var order: [Family] = []
      for span in spans where !span.isEmpty && !isClosingFlag(span) {
        let family = Family(parent: span.parent, label: span.label)
        if families[family] == nil { order.append(family) }
        families[family, default: []].append(span)
      }
      return order.compactMap { families[$0] }
    }
  }

  /// Whether `span` is a list's closing "no more" flag (an element span of that one choice); an
  /// empty list as a tuple's component is not one.
  private func isClosingFlag(_ span: Span) -> Bool {
    guard span.label == .element, span.range.count == 1 else { return false }
    let choice = best.choices[span.start]
    return choice.isLength && choice.index == 0
  }

  /// Trades parts of the same shape — the same label and the same kinds of choices — between
  /// different parents: the elements of two lists, the steps' payloads of a nested structure.
  /// Sorting siblings alone leaves a smaller value stuck in a later list.
  func reorderAcrossParents() {
    struct Family: Hashable {
      let label: SpanLabel
      let shape: [UInt64]
    }
    reorder { spans in
      var families: [Family: [Span]] = [:]
      var order: [Family] = []
      for span in spans where !span.isEmpty && span.label != .composite {
        let shape = best.choices[span.range].flatMap { [$0.up, $0.down] }
        let family = Family(label: span.label, shape: shape)
        if families[family] == nil { order.append(family) }
        families[family, default: []].append(span)
      }
      return order.compactMap { families[$0] }.compactMap { family in
        guard Set(family.map(\.parent)).count > 1 else { return nil }
        var disjoint: [Span] = []
        for span in family where !disjoint.contains(where: { $0.range.overlaps(span.range) }) {
          disjoint.append(span)
        }
        return disjoint.count > 1 ? Array(disjoint.prefix(32)) : nil
      }
    }
  }

  /// Reorders each family `families` finds in the best sequence's spans (in the order their
  /// first spans were opened, so that every run shrinks alike), until none changes.
  private func reorder(_ families: ([Span]) -> [[Span]]) {
    var changed = true
    while changed, !isExhausted() {
      changed = false
      let ordered = families(best.spans).filter { $0.count > 1 }
      for family in ordered where reorder(family.sorted { $0.start < $1.start }) {
        changed = true
        break
      }
    }
  }

  private func reorder(_ siblings: [Span]) -> Bool {
    let slices = siblings.map { best.indices[$0.range] }
    let sorted = slices.sorted(by: shortlexLess)
    if sorted != slices, consider(rebuild(siblings, with: sorted)) { return true }
    for index in 0..<slices.count - 1 where shortlexLess(slices[index + 1], slices[index]) {
      var swapped = slices
      swapped.swapAt(index, index + 1)
      if consider(rebuild(siblings, with: swapped)) { return true }
    }
    return false
  }

  /// The best sequence with each of `spans` (in order, not overlapping) replaced by `contents`.
  private func rebuild(_ spans: [Span], with contents: [ArraySlice<UInt64>]) -> [UInt64] {
    var attempt: [UInt64] = []
    var cursor = 0
    for (span, content) in zip(spans, contents) {
      attempt += best.indices[cursor..<span.start]
      attempt += content
      cursor = span.end
    }
    return attempt + best.indices[cursor...]
  }
}
