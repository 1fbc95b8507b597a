import Store

/// The pass that deletes one part while making up for it elsewhere, for ``Shrinker``.
extension Shrinker {
  /// Deletes each list element or run step whose plain deletion made the property pass, while
  /// raising one number nearby — one of the next three or the previous two — by the least that
  /// makes it fail again: `[increment, add(6)]` becomes `[add(7)]`, and `[1, 9]` with a sum that
  /// must reach 10 becomes `[10]`.
  func deleteWhileAdjusting() {
    var next = 0
    while next < best.spans.count, !isExhausted() {
      let span = best.spans[next]
      if [.step, .element].contains(span.label), !span.isEmpty, adjustAfterDeleting(span) {
        continue
      }
      next += 1
    }
  }

  private func adjustAfterDeleting(_ span: Span) -> Bool {
    let base = removing(span.range)
    let numeric = { (position: Int) in
      let choice = self.best.choices[position]
      return choice.isNumeric && !choice.isAlternative && !choice.isForced
    }
    let after = (span.end..<best.choices.count).lazy.filter(numeric).prefix(3)
    let before = (0..<span.start).reversed().lazy.filter(numeric).prefix(2)
    for position in Array(after) + Array(before) where !isExhausted() {
      let choice = best.choices[position]
      let moved = position >= span.end ? position - span.range.count : position
      let current = choice.offset
      for negative in current.magnitude == 0 ? [false, true] : [current.negative] {
        let room = Swift.min(
          (negative ? choice.down : choice.up) - current.magnitude, 1 << 32)
        let raised = smallestFailing(upTo: room) { amount in
          var attempt = base
          let offset = Offset(negative: negative, magnitude: current.magnitude + amount)
          attempt[moved] = choice.with(offset).index
          return consider(attempt)
        }
        if raised != nil { return true }
      }
    }
    return false
  }
}
