import Store

/// The passes that delete or simplify several neighbouring elements or steps at once, for
/// ``Shrinker``.
extension Shrinker {
  /// The longest block of neighbouring elements or steps ``deleteBlocks()`` deletes at once.
  static let blockLength = 3

  /// Deletes every block of 2 to ``blockLength`` neighbouring elements of one list (characters of
  /// one string) or steps of one run at once, for the blocks no single deletion can remove: two
  /// toggles that cancel out, a pair of characters of a run-length code. Then deletes the second
  /// copy of each block repeated right after itself (`"abcdabcd"` → `"abcd"`), for blocks longer
  /// than that.
  ///
  /// Cost: at most ``blockLength`` − 1 runs per element or step, plus one run per length of a
  /// repeated block, per round; finding repeats compares O(n²) choices for n siblings, capped at
  /// 256 siblings per family.
  func deleteBlocks() {
    for length in 2...Self.blockLength {
      var next = 0
      while !isExhausted() {
        let families = siblingFamilies()
        var positions: [(family: Int, index: Int)] = []
        for (f, family) in families.enumerated() where family.count >= length {
          positions += (0...(family.count - length)).map { (f, $0) }
        }
        guard next < positions.count else { break }
        let (f, i) = positions[next]
        let block = families[f][i..<i + length]
        if !consider(removing(block.first!.start..<block.last!.end)) { next += 1 }
      }
    }
    collapseRepeats()
  }

  /// Deletes the second copy of a block of siblings repeated right after itself, for blocks
  /// longer than ``blockLength`` that are not one element repeated: the first such repeat of
  /// each length, per family.
  private func collapseRepeats() {
    for family in siblingFamilies() where family.count >= 2 * (Self.blockLength + 1) {
      let siblings = Array(family.prefix(256))
      let contents = siblings.map { best.indices[$0.range] }
      for length in (Self.blockLength + 1)...(siblings.count / 2) where !isExhausted() {
        // A block of one element repeated is a run, which deleteSpans cuts in batches already.
        let start = (0...(siblings.count - 2 * length)).first { i in
          (0..<length).allSatisfy { contents[i + $0] == contents[i + length + $0] }
            && contents[(i + 1)..<(i + length)].contains { $0 != contents[i] }
        }
        guard let start else { continue }
        let copy = siblings[(start + length)..<(start + 2 * length)]
        if consider(removing(copy.first!.start..<copy.last!.end)) { return }
      }
    }
  }

  /// Replaces each step of a reducer run by a step of an earlier (simpler) kind of action, its
  /// own choices read as zeros: when the new kind reads fewer choices, the unread ones are cut
  /// so that they do not spill into the next step. `[.add(0), .increment]` keeps its length but
  /// becomes `[.tick, .increment]` when any action will do in that place.
  ///
  /// A step is also replaced by each of the next 8 kinds with no choices of its own, but the
  /// kinds seen reading some (``stepKindsReading``): a kind that reads none (an action with no
  /// payload) makes the run simpler by its fewer choices.
  ///
  /// Cost: at most two runs per earlier kind (8 at most) per step, per round; one per later kind
  /// (8 at most) per step with no choices of its own, per round, and one per kind with choices
  /// in the whole shrink.
  func simplifySteps() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      next += 1
      guard span.label == .step, span.range.count >= 2,
        let pick = span.range.first(where: { best.choices[$0].isAlternative })
      else { continue }
      let current = best.indices[pick]
      var replaced = false
      for kind in 0..<Swift.min(current, 8) where !isExhausted() {
        var attempt = Array(best.indices[..<pick]) + [kind]
        let tail = span.end - pick - 1
        attempt += Array(repeating: 0, count: tail) + best.indices[span.end...]
        replaced = consider(attempt)
        if replaced { break }
        // The new kind may read fewer choices: cut the zeros it did not read.
        guard let trial = lastTrial, next - 1 < trial.spans.count,
          trial.spans[next - 1].start == span.start, trial.spans[next - 1].end < pick + 1 + tail
        else { continue }
        let used = trial.spans[next - 1].end - pick - 1
        attempt = Array(best.indices[..<pick]) + [kind] + Array(repeating: 0, count: used)
        replaced = consider(attempt + best.indices[span.end...])
        if replaced { break }
      }
      // A later kind that reads no choice of its own is simpler too (fewer choices):
      // `[.type("a"), .type("a"), .undo]` becomes `[.type("a"), .save, .undo]`. The kind is the
      // choice right after the step's "one more" flag (a run of one rule draws none).
      // A step with no choices after its kind cannot get simpler this way.
      let rule = span.start + 1
      guard !replaced, rule + 1 < span.end, best.choices[rule].isAlternative,
        best.indices[rule] < best.choices[rule].max
      else { continue }
      noteStepKindsReading()
      let taken = best.indices[rule]
      for kind in (taken + 1)...Swift.min(best.choices[rule].max, taken + 8)
      where !isExhausted() && !stepKindsReading.contains(kind) {
        if consider(Array(best.indices[..<rule]) + [kind] + best.indices[span.end...]) { break }
        // Reading choices of its own, the kind took the next step's: remember it.
        if let trial = lastTrial, next - 1 < trial.spans.count,
          trial.spans[next - 1].start == span.start, trial.spans[next - 1].end > rule + 1
        {
          stepKindsReading.insert(kind)
        }
      }
    }
  }

  /// Adds the kinds of the best run's steps that read choices of their own to
  /// ``stepKindsReading``.
  private func noteStepKindsReading() {
    for span in best.spans where span.label == .step && span.range.count >= 3 {
      let rule = span.start + 1
      if best.choices[rule].isAlternative { stepKindsReading.insert(best.indices[rule]) }
    }
  }

  /// The elements of each list and the steps of each run, in order: spans labelled `.element`
  /// or `.step` under one parent that follow one another.
  func siblingFamilies() -> [[Span]] {
    struct Family: Hashable {
      let parent: Int?
      let label: SpanLabel
    }
    var families: [Family: [Span]] = [:]
    var order: [Family] = []
    for span in best.spans where (span.label == .element || span.label == .step) && !span.isEmpty {
      let family = Family(parent: span.parent, label: span.label)
      if families[family] == nil { order.append(family) }
      families[family, default: []].append(span)
    }
    return order.compactMap { families[$0] }
  }
}
