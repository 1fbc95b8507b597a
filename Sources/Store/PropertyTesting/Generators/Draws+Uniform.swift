/// Uniform draws, for values whose every part matters alike (a date's weekday and hour), apart
/// from the draws that favour small magnitudes and the range's ends. O(1) a draw.
extension Draws {
  /// An offset from a pivot with `up` values above and `down` below, drawn uniformly over the
  /// whole range when searching (one draw in 100 is an end of the range), for values whose every
  /// part matters alike, such as a date's weekday and hour; `interesting`, when given, may move
  /// the position drawn (counted from the low end) to a nearby one worth trying more often, and
  /// must return a position in `0...up + down`. Shrinks like any other offset.
  func drawUniform(
    up: UInt64, down: UInt64,
    interesting: ((UInt64, inout SplitMix64) -> UInt64)? = nil
  ) throws -> Offset {
    let index = try draw(up: up, down: down) { random in
      let max = up &+ down
      let roll = random.below(200)
      var position = roll == 0 ? 0 : roll == 1 ? max : random.upTo(max)  // from the low end
      if roll > 1, let interesting { position = Swift.min(max, interesting(position, &random)) }
      let offset =
        position >= down
        ? Offset(negative: false, magnitude: position - down)
        : Offset(negative: true, magnitude: down - position)
      return offset.index(up: up, down: down)
    }
    return Offset(index: index, up: up, down: down)
  }
}
