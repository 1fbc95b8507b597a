import Store

/// The passes that lower numbers, alone and in pairs, for ``Shrinker``.
extension Shrinker {
  /// How many of the simplest indices ``minimizeChoices()`` tries one by one before bisecting: a
  /// few for numbers, more for alternatives (characters, elements), where the property need not
  /// change monotonically with the index — every ASCII character, so that a string that fails
  /// for its comma, quote or newline keeps that character and loses the rest.
  static let linearTries: (number: UInt64, alternative: UInt64) = (5, 128)

  /// Lowers each choice alone: to 0, then to the few simplest indices one by one, then by binary
  /// search on its magnitude keeping its sign, then to the positive side.
  func minimizeChoices() {
    var position = 0
    while position < best.choices.count, !isExhausted() {
      minimize(at: position)
      position += 1
    }
  }

  private func minimize(at position: Int) {
    let choice = best.choices[position]
    guard choice.index > 0, !choice.isForced, !choice.isLength, !setting(position, to: 0) else {
      return
    }
    let linear = choice.isAlternative ? Self.linearTries.alternative : Self.linearTries.number
    for index in 1..<Swift.min(choice.index, linear) where setting(position, to: index) { return }
    guard choice.index >= linear else { return }
    if choice.down == 0, choice.up <= 16 {  // a few alternatives: try each
      for index in linear..<choice.index where setting(position, to: index) { return }
      return
    }
    let sign = choice.offset.negative
    bisect(below: choice.offset.magnitude) { magnitude in
      settingOffset(position, to: Offset(negative: sign, magnitude: magnitude), ifBoundsOf: choice)
    }
    let current = best.choices[position]
    if current.up == choice.up, current.down == choice.down, current.offset.negative {
      _ = settingOffset(
        position, to: Offset(negative: false, magnitude: current.offset.magnitude),
        ifBoundsOf: choice)
    }
  }

  /// Sets every choice of a span to its simplest at once — all the numbers of a list, all the
  /// characters of a string, keeping its length — outermost span first, for spans with at least
  /// two choices to lower (a single one is ``minimizeChoices()``'s job). One run can do what
  /// lowering the choices one by one does in many.
  func zeroSpans() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      next += 1
      let lowerable = span.range.filter {
        best.choices[$0].index > 0 && !best.choices[$0].isLength && !best.choices[$0].isForced
      }
      guard lowerable.count >= 2 else { continue }
      var attempt = best.indices
      for position in lowerable { attempt[position] = 0 }
      if consider(attempt) || zeroShorter(span, at: next - 1) { next = 0 }
    }
  }

  /// After zeroing `span` did not fail: when the zeroed span read fewer choices than it holds (a
  /// tree node that became a leaf), tries the span as just that many zeros, so that the choices
  /// it no longer reads do not spill into what follows.
  private func zeroShorter(_ span: Span, at index: Int) -> Bool {
    guard let trial = lastTrial, index < trial.spans.count, trial.spans[index].start == span.start
    else { return false }
    let used = trial.spans[index].range.count
    guard used < span.range.count else { return false }
    let attempt =
      Array(best.indices[..<span.start]) + Array(repeating: 0, count: used)
      + best.indices[span.end...]
    return consider(attempt)
  }

  /// Tries the simpler encodings the generators proposed, such as a float's integer part or its
  /// rounding to a few decimals; with `late`, those proposed for a round where the cheap passes
  /// found nothing (an effect schedule rewritten around its calls).
  func tryRewrites(late: Bool = false) {
    var next = 0
    while next < best.rewrites.count, !isExhausted() {
      let rewrite = best.rewrites[next]
      next += 1
      guard rewrite.late == late, rewrite.range.upperBound <= best.indices.count else { continue }
      let current = best.indices[rewrite.range]
      guard shortlexLess(rewrite.indices[...], current) else { continue }
      var attempt = best.indices
      attempt.replaceSubrange(rewrite.range, with: rewrite.indices)
      if consider(attempt) { next = 0 }
    }
  }

  /// Moves pairs of nearby numbers by the same amount, so that the first gets simpler and their
  /// difference stays: `[57, 56]` becomes `[10, 9]` when only the difference and a lower bound
  /// matter, and `[-5, 6]` becomes `[0, 11]`, whatever the signs. First it tries the first at
  /// zero with the difference kept or turned around (`[2, -9]` becomes `[0, 11]`). Characters of
  /// one alphabet pair too: `"n"` and `"N"` become `"a"` and `"A"`. The arithmetic is exact over
  /// the whole 64-bit range.
  func shiftPairs() {
    forNearbyPairs(alternatives: true) { first, second in
      let a = best.choices[first].offset
      let b = best.choices[second].offset
      if let kept = b - a, pairAttempt(first, .zero, second, kept) { return }
      if let turned = a - b, pairAttempt(first, .zero, second, turned) { return }
      bisect(above: a.magnitude) { amount in
        let moved = Offset(negative: !a.negative, magnitude: amount)  // toward zero for the first
        guard let lowered = a + moved, let shifted = b + moved else { return false }
        return pairAttempt(first, lowered, second, shifted)
      }
    }
  }

  /// Moves an amount from an earlier numeric choice to a later one, keeping their sum, so that
  /// the earlier one gets simpler: `([-20000], [-20000])` becomes `([-7232], [-32768])`, and
  /// `[1, 32767]` of 16-bit integers becomes `[0, -32768]`. The arithmetic is exact over the
  /// whole 64-bit range: `[4, Int.max - 2]` becomes `[2, Int.max]`.
  func redistributePairs() {
    forNearbyPairs { first, second in
      let one = best.choices[first]
      let other = best.choices[second]
      let a = one.offset
      let b = other.offset
      guard a.magnitude > 0 else { return }
      // How far the later one can move in the direction of the earlier one's sign.
      let room =
        a.negative
        ? (b.negative ? other.down - b.magnitude : other.down + b.magnitude)
        : (b.negative ? other.up + b.magnitude : other.up - b.magnitude)
      if room < a.magnitude {
        // The later one cannot take it all without leaving its range: try wrapping around, as
        // fixed-width arithmetic does, which keeps sums that overflow the same.
        let wrapped = other.wrapping(b, by: a.magnitude, upward: !a.negative)
        if pairAttempt(first, .zero, second, wrapped) { return }
      }
      bisect(above: Swift.min(a.magnitude, room)) { amount in
        let moved = Offset(negative: a.negative, magnitude: amount)
        guard let lowered = a - moved, let raised = b + moved else { return false }
        return pairAttempt(first, lowered, second, raised)
      }
    }
  }

  /// Calls `body` with each pair of non-zero numbers at most two numbers apart; with
  /// `alternatives`, also each such pair of alternatives (characters, elements) of one range.
  func forNearbyPairs(alternatives: Bool = false, _ body: (Int, Int) -> Void) {
    var first = 0
    while first < best.choices.count, !isExhausted() {
      let choice = best.choices[first]
      if choice.isNumeric, choice.index > 0, !choice.isForced,
        alternatives || !choice.isAlternative
      {
        var found = 0
        var second = first + 1
        while second < best.choices.count, found < 2, !isExhausted() {
          let other = best.choices[second]
          let pairs =
            choice.isAlternative
            ? other.isAlternative && other.up == choice.up && other.down == choice.down
            : other.isNumeric && !other.isAlternative
          if pairs {
            found += 1
            if other.index > 0, best.choices[first].index > 0 { body(first, second) }
          }
          second += 1
        }
      }
      first += 1
    }
  }

  func pairAttempt(_ first: Int, _ a: Offset, _ second: Int, _ b: Offset) -> Bool {
    guard second < best.choices.count else { return false }
    let one = best.choices[first]
    let other = best.choices[second]
    guard a.fits(up: one.up, down: one.down), b.fits(up: other.up, down: other.down) else {
      return false
    }
    var attempt = best.indices
    attempt[first] = one.with(a).index
    attempt[second] = other.with(b).index
    return consider(attempt)
  }
}
