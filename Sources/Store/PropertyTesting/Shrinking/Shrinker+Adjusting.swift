import Store

/// The pass that deletes one part while making up for it elsewhere, for ``Shrinker``.
extension Shrinker {
  /// Deletes each list element or run step whose plain deletion made the property pass, while
  /// raising one number nearby — one of the next sibling's first two or the previous sibling's
  /// last — by what the deleted part may have added (1, its own numbers or their sum), then by the
  /// least that still fails, wrapping around past the end of its range; last, to the end of its
  /// range, then the least that still fails:
  /// `[increment, add(6)]` becomes `[add(7)]`, `[1, 9]` with a sum that must reach 10 becomes
  /// `[10]`, `[withdraw(2), withdraw(Int.max)]` that overflow a balance of 0 become
  /// `[withdraw(Int.min)]`, and `[circle(3), rect(0, 1)]` whose areas must pass 20 becomes
  /// `[rect(21, 1)]`.
  ///
  /// Cost: per element or step, at most three neighbouring numbers, each tried with at most
  /// 3 + k amounts (k the part's own numbers) and a binary search after the first that fails,
  /// per round.
  func deleteWhileAdjusting() {
    forEachPart(adjustAfterDeleting)
  }

  /// How far the passes that raise a number to make up for others move it at most in one try:
  /// the end of a 64-bit range would overflow the arithmetic of most properties.
  static let largestRaise: UInt64 = 1 << 20

  /// Calls `attempt` on each list element and run step of the best sequence, in order; when it
  /// keeps a simpler sequence (returns true), the part now at the same place is tried next.
  func forEachPart(_ attempt: (Span) -> Bool) {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      if [.step, .element].contains(span.label), !span.isEmpty, attempt(span) { continue }
      next += 1
    }
  }

  private func adjustAfterDeleting(_ span: Span) -> Bool {
    let base = removing(span.range)
    let numeric = { (position: Int) in
      let choice = self.best.choices[position]
      return choice.isNumeric && !choice.isAlternative && !choice.isForced
    }
    // What the deleted part may have added: 1, its own numbers and their sum.
    let own = span.range.filter(numeric).map { best.choices[$0].offset.magnitude }.filter { $0 > 2 }
    let amounts = Set([1] + own + [own.reduce(0, &+)]).sorted()
    // The numbers of the next sibling (the next element, the next step), then the previous one's.
    let siblings = best.spans.filter {
      $0.label == span.label && $0.parent == span.parent && !$0.isEmpty
    }
    let next = siblings.first { $0.start == span.end }.map { $0.range.filter(numeric).prefix(2) }
    let previous = siblings.first { $0.end == span.start }.map {
      $0.range.filter(numeric).suffix(1)
    }
    // A part of another kind than its neighbour (another case of an enum, another action) may
    // have added more than its own numbers: a circle's area, not its radius.
    let kind = { (range: Range<Int>) in range.first { self.best.choices[$0].isAlternative } }
    let neighbour = siblings.first { $0.start == span.end }
    let otherKind =
      neighbour.map {
        kind(span.range).map { best.indices[$0] } != kind($0.range).map { best.indices[$0] }
      }
      ?? false
    let positions = Array(next ?? []) + Array(previous ?? [])
    for position in positions where !isExhausted() {
      let choice = best.choices[position]
      let moved = position >= span.end ? position - span.range.count : position
      let current = choice.offset
      for negative in [current.negative] {
        let room = (negative ? choice.down : choice.up) - current.magnitude
        let raise = { (amount: UInt64) -> Bool in
          var attempt = base
          let offset = Offset(negative: negative, magnitude: current.magnitude + amount)
          attempt[moved] = choice.with(offset).index
          return self.consider(attempt)
        }
        var previous: UInt64 = 0
        // Last, for the first number of a neighbour of another kind, the end of its range (at
        // most ``largestRaise`` away, so that a property's own arithmetic does not overflow on a
        // value no search would have made), and a binary search finds the least.
        let far = Swift.min(room, Self.largestRaise)
        let tries =
          otherKind && position == positions.first && far > (amounts.last ?? 0)
          ? amounts + [far] : amounts
        for amount in tries where amount > 0 && !isExhausted() {
          guard amount <= room else {
            // Past the end of its range, it wraps around as fixed-width arithmetic does: the
            // two withdrawals `[2, Int.max]` that overflow a balance of 0 are one of `Int.min`.
            var attempt = base
            attempt[moved] =
              choice.with(choice.wrapping(current, by: amount, upward: !negative)).index
            if consider(attempt) { return true }
            break
          }
          if raise(amount) {
            // Then the least amount that still fails, between the last that did not and this.
            bisect(below: amount - previous) { raise(previous + $0) }
            return true
          }
          previous = amount
        }
      }
    }
    return false
  }
}
