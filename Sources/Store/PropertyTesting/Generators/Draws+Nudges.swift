/// The small moves a search makes to a number near one drawn before: what
/// ``Draws/drawOffset(up:down:)`` uses to land on values close to earlier ones. Pure functions
/// of the offset and the random stream; O(1).
extension Draws {
  /// Moves `offset` by a nonzero step of −3…3 (±1 most often), the other way when that step
  /// leaves the range, and not at all when both do.
  static func nudgeAway(
    _ offset: inout Offset, up: UInt64, down: UInt64, _ random: inout SplitMix64
  ) {
    let step = Int64([1, -1, 1, -1, 2, -2, 3, -3][Int(random.below(8))])
    guard let value = offset.small else { return }
    for moved in [Offset(value + step), Offset(value - step)] where moved.fits(up: up, down: down) {
      offset = moved
      return
    }
  }

  /// Moves `offset` by −3…3 (0 most often), staying within the range.
  static func nudge(
    _ offset: inout Offset, up: UInt64, down: UInt64, _ random: inout SplitMix64
  ) {
    let step = [0, 0, 0, 1, -1, 2, -2, 3, -3][Int(random.below(9))]
    guard let value = offset.small else { return }
    let moved = Offset(value + Int64(step))
    if moved.fits(up: up, down: down) { offset = moved }
  }
}
