import Store

/// A small, fast pseudo-random generator with a 64-bit state (SplitMix64, Steele, Lea and Flood
/// 2014). The same seed gives the same numbers on every machine and every Swift version, which is
/// what makes a property check's report repeatable from its seed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let roll = random.below(6)   // 0...5
/// ```
package struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  package init(seed: UInt64) {
    state = seed
  }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` > 0), by multiply-and-shift; written here rather than taken
  /// from the standard library so that the sequence never changes with the toolchain.
  package mutating func below(_ bound: UInt64) -> UInt64 {
    next().multipliedFullWidth(by: bound).high
  }

  /// A number in `0..<bound` (`bound` > 0).
  package mutating func below(_ bound: Int) -> Int {
    Int(below(UInt64(bound)))
  }

  /// A number in `0...limit`.
  mutating func upTo(_ limit: UInt64) -> UInt64 {
    limit == .max ? next() : below(limit + 1)
  }

  /// `true` with probability `chance` (0…1).
  mutating func chance(_ chance: Double) -> Bool {
    Double(next() >> 11) * 0x1p-53 < chance
  }
}
