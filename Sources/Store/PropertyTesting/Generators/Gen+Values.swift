import Foundation
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
    let origin = Int64(exactly: pivot) ?? 0
    return Gen { draws in
      let offset = try draws.drawOffset(up: up, down: down, origin: origin)
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
  ///
  /// ```swift
  /// forAll(Gen.int) { $0 &+ 0 == $0 }
  /// ```
  public static var int: Gen<Int> { integer }
}

extension Gen where Value == Bool {
  /// `false` or `true`, equally often; `false` is simpler.
  ///
  /// ```swift
  /// Gen.zip(Gen.bool, Gen.int).map { flag, n in flag ? n : -n }
  /// ```
  public static var bool: Gen<Bool> {
    Gen { draws in try draws.drawFlag(chance: 0.5) }
  }
}

extension Gen where Value: Sendable {
  /// One of `elements`, picked uniformly, now and then one picked before in the same example;
  /// shrinks toward the first. Large collections are fine: one choice picks the element.
  ///
  /// ```swift
  /// Gen.element(of: TimeZone.knownTimeZoneIdentifiers)
  /// Gen.element(of: 0..<1_000_000)   // shrinks toward 0
  /// ```
  public static func element<C: Collection & Sendable>(of elements: C) -> Gen
  where C.Element == Value {
    let all = Array(elements)
    precondition(!all.isEmpty, "Gen.element(of:) needs at least one element")
    return Gen { draws in all[try draws.drawElement(all.count)] }
  }
}

extension Gen where Value: CaseIterable & Sendable, Value.AllCases: Sendable {
  /// Any case of a `CaseIterable` type, shrinking toward the first declared.
  ///
  /// ```swift
  /// enum Breed: CaseIterable { case pug, poodle }
  /// Gen<Breed>.anyCase   // .pug or .poodle; shrinks to .pug
  /// ```
  public static var anyCase: Gen { element(of: Value.allCases) }
}
