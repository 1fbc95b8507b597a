import Store

/// Shrinks a failing choice sequence to a simpler one that still fails, the way Hypothesis does:
/// by editing the recorded choices — deleting spans and chunks, lowering numbers alone, in equal
/// groups and in pairs, moving amounts between pairs, sorting sibling spans, replacing a recursive
/// node by a node inside it — and running the generator and the property again on each edit.
///
/// An edit is kept only when the property still fails and the sequence is simpler by
/// ``SimplicityKey`` (a lower rank, fewer choices, then smaller indices), so shrinking always
/// ends; every sequence tried is remembered, so none runs twice.
///
/// ```swift
/// let shrinker = Shrinker(failing: trial, isExhausted: { engine.propertyRuns > 5000 }) { prefix in
///   engine.trial(prefix, size: size).0
/// }
/// shrinker.shrink()
/// shrinker.best   // the simplest failing trial found
/// ```
final class Shrinker {
  private(set) var best: Trial
  private let run: ([UInt64]) -> Trial
  let isExhausted: () -> Bool
  private var seen: Set<[UInt64]> = []
  /// How the last sequence run by ``consider(_:)`` ended; nil when it was not run.
  private var lastStatus: Trial.Status?

  init(failing: Trial, isExhausted: @escaping () -> Bool, run: @escaping ([UInt64]) -> Trial) {
    self.best = failing
    self.run = run
    self.isExhausted = isExhausted
  }

  /// Applies the passes until a whole round of them changes nothing, or the budget runs out.
  func shrink() {
    while !isExhausted() {
      let before = best.key
      deleteHinted()
      deleteDiscarded()
      deleteSpans()
      replaceWithChildren()
      deleteChunks(length: 2)
      minimizeChoices()
      lowerDuplicates()
      reorderSiblings()
      lowerPairs()
      redistributePairs()
      if best.key == before { deleteChunks(length: 1) }
      if best.key == before { return }
    }
  }

  /// Runs `attempt` unless it ran before, and keeps it if it fails and is simpler than the best.
  @discardableResult
  func consider(_ attempt: [UInt64]) -> Bool {
    var attempt = attempt
    while attempt.last == 0 { attempt.removeLast() }  // past the end, every choice is 0 anyway
    lastStatus = nil
    guard !isExhausted(), seen.insert(attempt).inserted else { return false }
    let trial = run(attempt)
    lastStatus = trial.status
    var consumed = trial.indices
    while consumed.last == 0 { consumed.removeLast() }
    seen.insert(consumed)
    guard trial.failed, trial.key < best.key else { return false }
    best = trial
    return true
  }

  // MARK: - Deleting

  /// Tries the deletions the generator suggests, e.g. a reducer run's actions that changed
  /// nothing, and stretches of actions that came back to an earlier state.
  private func deleteHinted() {
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

  /// Deletes every discarded span (a filter's rejected tries) at once, then one at a time.
  private func deleteDiscarded() {
    let discarded = best.spans.filter(\.discarded).map(\.range)
    guard !discarded.isEmpty else { return }
    var attempt: [UInt64] = []
    for (index, value) in best.indices.enumerated()
    where !discarded.contains(where: { $0.contains(index) }) {
      attempt.append(value)
    }
    if consider(attempt) { return }
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
  private func deleteSpans() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      if !span.isEmpty, deleteWithLength(span.range) { continue }
      next += 1
    }
  }

  /// Deletes every run of `length` consecutive choices, from the end; merges neighbouring lists
  /// (deleting one list's end and the next one's start) and removes stray flags.
  private func deleteChunks(length: Int) {
    var start = best.indices.count - length
    while start >= 0, !isExhausted() {
      let chunk = start..<start + length
      if !best.choices[chunk].allSatisfy(\.isForced), deleteWithLength(chunk) {
        start = Swift.min(start, best.indices.count - length)
      } else {
        start -= 1
      }
    }
  }

  private func deleteWithLength(_ range: Range<Int>) -> Bool {
    // Deleting only the zeros at the end changes nothing: every choice past the end is 0.
    guard
      best.indices[range.upperBound...].contains(where: { $0 > 0 })
        || best.indices[range].contains(where: { $0 > 0 })
    else { return false }
    let length = best.choices[..<range.lowerBound].lastIndex { $0.index > 0 && !$0.isForced }
    var attempt = removing(range)
    if consider(attempt) { return true }
    if lastWasRejected, shiftingLater(attempt, from: range.lowerBound) { return true }
    guard let length else { return false }
    attempt[length] -= 1
    return consider(attempt)
  }

  /// Whether the last sequence run was discarded by the property or rejected by the generator.
  private var lastWasRejected: Bool {
    switch lastStatus {
    case .discarded?, .rejected?, .overrun?: true
    default: false
    }
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

  /// Replaces each recursive node — a node of `Gen.recursive`, or a tuple component that holds
  /// components of its own, as trees built with `flatMap` and `zip` do — by one of the nearest
  /// such nodes inside it, outermost first. A subtree moved up keeps its shape: choices it no
  /// longer needs, or lacks, are cut or read as zeros.
  private func replaceWithChildren() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let node = best.spans[next]
      guard node.label == .recursiveNode || node.label == .component else {
        next += 1
        continue
      }
      let children = best.spans.indices.filter { index in
        index > next && best.spans[index].label == node.label
          && nearest(node.label, above: index) == next
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
          Array(best.indices[..<node.start]) + best.indices[inner] + best.indices[node.end...]
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

  /// The nearest span above `index` labelled `label`.
  private func nearest(_ label: SpanLabel, above index: Int) -> Int? {
    var parent = best.spans[index].parent
    while let current = parent, best.spans[current].label != label {
      parent = best.spans[current].parent
    }
    return parent
  }

  private func removing(_ range: Range<Int>) -> [UInt64] {
    var attempt = best.indices
    attempt.removeSubrange(range.clamped(to: 0..<attempt.count))
    return attempt
  }
}
