import Store

/// The pass that makes optional values absent, for ``Shrinker``.
extension Shrinker {
  /// Makes every present optional value (``Gen/optional``) nil, all at once first, then one at a
  /// time, outermost first: its "present" flag becomes 0 and the value's choices go with it, so
  /// that they do not spill into what follows (lowering the flag alone would leave them to be
  /// read by the next value). `(Optional(5), 10)` becomes `(nil, 10)` when only the 10 matters.
  ///
  /// Cost: at most one run, plus one run per optional value of the best sequence (each success
  /// removes one), per round.
  func nilOptionals() {
    let present = { (spans: [Span]) in
      spans.filter { span in
        span.label == .optional && span.range.count > 1 && self.best.indices[span.start] > 0
      }
    }
    var outermost: [Span] = []
    for span in present(best.spans)
    where !outermost.contains(where: { $0.range.overlaps(span.range) }) {
      outermost.append(span)
    }
    guard !outermost.isEmpty else { return }
    if outermost.count > 1, consider(replacingWithAbsent(outermost)) { return }
    var next = 0
    while !isExhausted() {
      let candidates = present(best.spans)
      guard next < candidates.count else { return }
      if !consider(replacingWithAbsent([candidates[next]])) { next += 1 }
    }
  }

  /// The best sequence with each of `spans` (not overlapping) replaced by a single 0.
  private func replacingWithAbsent(_ spans: [Span]) -> [UInt64] {
    var attempt = best.indices
    for span in spans.sorted(by: { $0.start > $1.start }) {
      attempt.replaceSubrange(span.range, with: [0])
    }
    return attempt
  }
}
