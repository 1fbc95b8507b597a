import Store

/// The pass that puts values playing symmetric roles in their canonical order, for ``Shrinker``.
extension Shrinker {
  /// How many choices of the same kind apart two choices may be for ``swapMirrored()`` to swap
  /// them.
  static let mirrorWindow = 3

  /// How many choices of any kind apart they may be at most.
  static let mirrorReach = 12

  /// Swaps two choices of the same kind (the same range, both numbers or both alternatives) when
  /// the later one is simpler, for choices at most ``mirrorWindow`` of that kind apart (and at
  /// most ``mirrorReach`` choices in all) — the two arguments of
  /// one action, two keys, two fields — and sorts each run of three or more consecutive choices of
  /// one kind: `transfer(from: 1, to: 0)` becomes `transfer(from: 0, to: 1)` when that still
  /// fails. Sorting spans (``reorderSiblings()``) cannot do this when the values are not siblings,
  /// as with arguments drawn inside `flatMap`.
  ///
  /// Cost: at most ``mirrorWindow`` runs per choice plus one per run of same-kind choices, per
  /// round; only out-of-order pairs are run.
  func swapMirrored() {
    var first = 0
    while first < best.choices.count, !isExhausted() {
      var second = first + 1
      var found = 0
      // The window counts choices of the same kind, and looks past a few others between them
      // (the length flags of a row): `[[0, 0, 0], [0, 0, 1], [0, 0, 0]]` has its 1 two numbers,
      // but five choices, before the place that mirrors it.
      while found < Self.mirrorWindow, second < best.choices.count,
        second <= first
          + Self.mirrorReach,
        !isExhausted()
      {
        guard sameKind(first, second) else {
          second += 1
          continue
        }
        found += 1
        if best.indices[second] < best.indices[first] {
          var attempt = best.indices
          attempt.swapAt(first, second)
          if consider(attempt) { continue }
        }
        second += 1
      }
      first += 1
    }
    sortRuns()
  }

  /// Sorts each run of three or more consecutive choices of one kind, simplest first.
  private func sortRuns() {
    var start = 0
    while start < best.choices.count, !isExhausted() {
      var end = start + 1
      while end < best.choices.count, sameKind(start, end) { end += 1 }
      if end - start >= 3 {
        var attempt = best.indices
        attempt[start..<end].sort()
        if attempt != best.indices { consider(attempt) }
      }
      start = end
    }
  }

  /// Whether the choices at `a` and `b` are of one kind: the same range, both numbers or both
  /// alternatives, neither forced nor a "one more" flag.
  func sameKind(_ a: Int, _ b: Int) -> Bool {
    let one = best.choices[a]
    let other = best.choices[b]
    return one.up == other.up && one.down == other.down && one.isAlternative == other.isAlternative
      && !one.isForced && !other.isForced && !one.isLength && !other.isLength
  }
}
