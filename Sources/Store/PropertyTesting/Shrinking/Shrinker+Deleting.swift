import Store

/// The passes that delete choices, for ``Shrinker``.
extension Shrinker {
  /// Tries the deletions the generator suggests, e.g. a reducer run's actions that changed
  /// nothing, and stretches of actions that came back to an earlier state.
  func deleteHinted() {
    var hints = best.hints?() ?? []
    var next = 0
    while next < hints.count, !isExhausted() {
      if consider(removing(hints[next])) {
        hints = best.hints?() ?? []
        next = 0
      } else {
        next += 1
      }
    }
  }

  /// Deletes every discarded span (a filter's rejected tries, a unique collection's repeats) at
  /// once, then one at a time.
  func deleteDiscarded() {
    let discarded = best.spans.filter { $0.discarded && !$0.isEmpty }.map(\.range)
    guard !discarded.isEmpty else { return }
    var outermost: [Range<Int>] = []
    for range in discarded where !outermost.contains(where: { $0.overlaps(range) }) {
      outermost.append(range)
    }
    if consider(removing(all: outermost)) { return }
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      if span.discarded, !span.isEmpty, consider(removing(span.range)) { continue }
      next += 1
    }
  }

  /// Deletes each span, outermost first. When a plain deletion does not fail any more, tries it
  /// again with the nearest earlier non-zero choice lowered by one, which is usually the length
  /// or count the deleted span belonged to.
  func deleteSpans() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      if !span.isEmpty, deleteWithLength(span.range) || endingEarly(span) {
        if span.label == .element || span.label == .step { deleteFollowing(span) }
        continue
      }
      next += 1
    }
  }

  /// After deleting `span`, an element or step, deletes as many of the siblings that followed it
  /// as still fails, in growing batches (2, 4, 8, … then a binary search), so that a long list
  /// shrinks in a logarithmic number of runs rather than one run per element.
  private func deleteFollowing(_ span: Span) {
    var count = 2
    var growing = true
    while count >= 2, !isExhausted() {
      let siblings = siblingsFrom(span)
      guard siblings.count >= 2 else { return }
      let batch = Swift.min(count, siblings.count)
      if consider(removing(siblings[0].start..<siblings[batch - 1].end)) {
        if growing { count *= 2 }
      } else {
        growing = false
        count = batch / 2
      }
    }
  }

  /// Deletes an element of a list that reached its maximum length, which has no "no more" flag at
  /// its end: the element is replaced by one, so that the list ends there rather than reading
  /// the next value's choices as more elements.
  private func endingEarly(_ span: Span) -> Bool {
    guard span.label == .element || span.label == .step, let parent = span.parent,
      best.spans[parent].end > best.spans[parent].start
    else { return false }
    let last = best.choices[best.spans[parent].end - 1]
    // A list below its minimum length cannot end early; one already ending in a stop flag need
    // not.
    guard best.choices[span.start].isLength, !(last.isLength && last.index == 0) else {
      return false
    }
    var attempt = best.indices
    attempt.replaceSubrange(span.range, with: [0])
    return consider(attempt)
  }

  /// The spans of `span`'s label that follow one another from `span`'s start under one parent.
  private func siblingsFrom(_ span: Span) -> [Span] {
    guard let first = best.spans.first(where: { $0.label == span.label && $0.start == span.start })
    else { return [] }
    var siblings: [Span] = []
    for candidate in best.spans
    where candidate.label == span.label && candidate.parent == first.parent
      && candidate.start == (siblings.last?.end ?? span.start) && !candidate.isEmpty
    {
      siblings.append(candidate)
    }
    return siblings
  }

  /// Deletes every run of `length` consecutive choices, from the end; merges neighbouring lists
  /// (deleting one list's end and the next one's start) and removes stray flags.
  func deleteChunks(length: Int) {
    var start = best.indices.count - length
    while start >= 0, !isExhausted() {
      let chunk = start..<start + length
      // A chunk starting at a forced choice deletes what the chunk one later does (the replay
      // forces that choice again and ignores what is read there): only the later one runs.
      if !best.choices[start].isForced, deleteWithLength(chunk) {
        start = Swift.min(start, best.indices.count - length)
      } else {
        start -= 1
      }
    }
  }

  func deleteWithLength(_ range: Range<Int>) -> Bool {
    // Deleting only the zeros at the end changes nothing: every choice past the end is 0.
    guard
      best.indices[range.upperBound...].contains(where: { $0 > 0 })
        || best.indices[range].contains(where: { $0 > 0 })
    else { return false }
    let length = best.choices[..<range.lowerBound].lastIndex { $0.index > 0 && !$0.isForced }
      .flatMap { best.choices[$0].isNumeric ? $0 : nil }
    var attempt = removing(range)
    if consider(attempt) { return true }
    if lastWasRejected, shiftingLater(attempt, from: range.lowerBound) { return true }
    guard let length else { return false }
    attempt[length] -= 1
    return consider(attempt)
  }

  /// `attempt` with every non-zero number from `start` on moved one step toward its pivot: after
  /// deleting a list element, numbers that were positions in the list point where they did.
  private func shiftingLater(_ attempt: [UInt64], from start: Int) -> Bool {
    var shifted = attempt
    var changed = false
    for position in start..<Swift.min(attempt.count, best.choices.count) {
      let choice = best.choices[position]
      guard choice.isNumeric, attempt[position] > 0, attempt[position] <= choice.max else {
        continue
      }
      var offset = Offset(index: attempt[position], up: choice.up, down: choice.down)
      offset.magnitude -= 1
      shifted[position] = offset.index(up: choice.up, down: choice.down)
      changed = true
    }
    return changed && consider(shifted)
  }
}
