import Store

extension Gen where Value: FixedWidthInteger & Sendable {
  /// Integers in `range`, of any width up to 64 bits. They shrink toward the value in the range
  /// nearest to zero, then outward, positive before negative: 0, 1, −1, 2, −2, …
  ///
  /// ```swift
  /// Gen.int(in: -100...100)          // Int
  /// Gen.int(in: UInt8.min...UInt8.max)
  /// ```
  public static func int(in range: ClosedRange<Value>) -> Gen {
    precondition(Value.bitWidth <= 64, "Gen.int supports integers of up to 64 bits")
    let low = bits(range.lowerBound)
    let pivot: Value =
      range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
    let down = bits(pivot) &- low
    let up = bits(range.upperBound) &- bits(pivot)
    let base = bits(pivot)
    return Gen { draws in
      let offset = try draws.drawOffset(up: up, down: down)
      let moved = offset.negative ? base &- offset.magnitude : base &+ offset.magnitude
      return Value(truncatingIfNeeded: moved)
    }
  }

  /// Every value of the type, shrinking toward zero.
  ///
  /// ```swift
  /// Gen<Int16>.integer
  /// ```
  public static var integer: Gen { int(in: Value.min...Value.max) }

  /// The value's two's-complement bits, sign-extended to 64, so that differences between values of
  /// one range are exact in wrapping `UInt64` arithmetic.
  private static func bits(_ value: Value) -> UInt64 {
    UInt64(truncatingIfNeeded: value)
  }
}

extension Gen where Value == Int {
  /// Every `Int`, shrinking toward zero: 0, 1, −1, 2, −2, …
  public static var int: Gen<Int> { integer }
}

extension Gen where Value == Bool {
  /// `false` or `true`, equally often; `false` is simpler.
  public static var bool: Gen<Bool> {
    Gen { draws in try draws.drawFlag(chance: 0.5) }
  }
}

extension Gen where Value: Sendable {
  /// One of `elements`, picked uniformly; shrinks toward the first.
  ///
  /// ```swift
  /// Gen.element(of: TimeZone.knownTimeZoneIdentifiers)
  /// ```
  public static func element<C: Collection & Sendable>(of elements: C) -> Gen
  where C.Element == Value {
    let all = Array(elements)
    precondition(!all.isEmpty, "Gen.element(of:) needs at least one element")
    return Gen { draws in all[try draws.drawAlternative(all.count)] }
  }
}

extension Gen where Value == Character {
  /// Letters, digits, punctuation and space, then a few letters beyond ASCII (é, ß, 한, 글) and an
  /// emoji; shrinks toward `a`.
  public static var character: Gen<Character> { element(of: Gen.alphabet) }

  /// The characters ``character`` picks from, simplest first.
  static let alphabet: [Character] = Array(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;-_'\"!?/\\()[]{}<>@#$%^&*+=|~`"
      + "éß한글🐶")
}

extension Gen where Value == String {
  /// Strings of `characters` with a length in `count`; shrinks toward shorter strings of simpler
  /// characters.
  ///
  /// ```swift
  /// Gen.string(count: 1...20)
  /// Gen.string(of: Gen.element(of: Array("0123456789")), count: 4...4)
  /// ```
  public static func string(
    of characters: Gen<Character> = .character, count: ClosedRange<Int> = 0...50
  ) -> Gen<String> {
    characters.array(count: count).map { String($0) }
  }
}
