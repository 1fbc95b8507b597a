import Store

/// The pass that flips the signs of two numbers at once, for ``Shrinker``.
extension Shrinker {
  /// Reflects each pair of nearby numbers of ranges around zero through zero, as they are and
  /// traded: `(a, b)` becomes `(−a, −b)`, which keeps their product and quotient, and `(−b, −a)`,
  /// which keeps their difference and their order. Tried only when the result is simpler:
  /// `(-1.0, 2.0)` becomes `(1.0, -2.0)` when the product must stay below −1, and `(11, 10)`
  /// becomes `(-10, -11)` when `x == y + 1` and `x · y ≥ 100` (−10 comes before 11 in the order
  /// 0, 1, −1, 2, −2, …). Negating the negative numbers alone (``negateTogether()``) and
  /// lowering each alone cannot: every step between the two ends passes.
  ///
  /// Cost: at most two runs per pair of numbers at most two apart, per round.
  func reflectPairs() {
    forNearbyPairs { first, second in
      let one = best.choices[first]
      let other = best.choices[second]
      guard one.origin == 0, other.origin == 0 else { return }
      let a = one.offset
      let b = other.offset
      for (x, y) in [(-a, -b), (-b, -a)] where !isExhausted() {
        guard x.fits(up: one.up, down: one.down), y.fits(up: other.up, down: other.down) else {
          continue
        }
        var attempt = best.indices
        attempt[first] = one.with(x).index
        attempt[second] = other.with(y).index
        guard shortlexLess(attempt, best.indices) else { continue }
        if consider(attempt) { return }
      }
    }
  }
}
