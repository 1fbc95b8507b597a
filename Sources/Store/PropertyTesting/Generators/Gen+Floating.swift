import Store

extension Gen where Value == Double {
  /// Every `Double`: finite values of every magnitude, and now and then `-0.0`, `.infinity`,
  /// `-.infinity`, `.nan` and the extremes. Shrinks toward 0, then toward integers and short
  /// fractions such as 0.5 or 1.25.
  ///
  /// ```swift
  /// forAll(Gen.double) { $0.isNaN || $0 == $0 }
  /// ```
  public static var double: Gen<Double> {
    FloatingGen.make(-.greatestFiniteMagnitude ... .greatestFiniteMagnitude, nonFinite: true)
  }

  /// Finite `Double`s in `range`, both ends and `-0.0` (when the range holds 0) included.
  /// Infinite ends stand for the largest finite values. Shrinks toward the value nearest to 0,
  /// then toward integers and short fractions.
  ///
  /// ```swift
  /// Gen.double(in: 0...1)
  /// Gen.double(in: -1e6...1e6).array(count: 1...10)
  /// ```
  public static func double(in range: ClosedRange<Double>) -> Gen<Double> {
    FloatingGen.make(range, nonFinite: false)
  }
}

extension Gen where Value == Float {
  /// Every `Float`, non-finite values and `-0.0` included; shrinks as ``Gen/double`` does.
  ///
  /// ```swift
  /// forAll(Gen.float) { !$0.isFinite || $0 * 1 == $0 }
  /// ```
  public static var float: Gen<Float> {
    FloatingGen.make(
      -Double(Float.greatestFiniteMagnitude)...Double(Float.greatestFiniteMagnitude),
      nonFinite: true
    ).map { Float($0) }
  }

  /// Finite `Float`s in `range`; shrinks as ``Gen/double(in:)`` does.
  ///
  /// ```swift
  /// Gen.float(in: -1...1)
  /// ```
  public static func float(in range: ClosedRange<Float>) -> Gen<Float> {
    let limit = Double(Float.greatestFiniteMagnitude)
    let low = Swift.max(Double(range.lowerBound), -limit)
    let high = Swift.min(Double(range.upperBound), limit)
    return FloatingGen.make(low...high, nonFinite: false).map { Float($0) }
  }
}

/// How floating-point values are drawn and encoded. Each value is a kind, simplest first, and
/// the choices of that kind:
///
/// - an integer (a choice shrinking toward the integer nearest to 0);
/// - a short fraction `n / 10ᵈ`, one kind for each `d` in 1…3 (tenths, hundredths, thousandths);
/// - any value, by its bit pattern with the sign moved to the lowest bit (so smaller magnitudes
///   have smaller indices);
/// - a special value: an end of the range, `-0.0`, the infinities, NaN, the extremes.
///
/// After making a value the generator proposes simpler encodings of it — its integer part, its
/// rounding to a few decimals — which the shrinker tries in place.
struct FloatingGen: Sendable {
  /// Every kind is two choices, the kind and a number, so that a simpler kind is always a
  /// simpler sequence.
  enum Kind: Int, CaseIterable {
    case integer, tenths, hundredths, thousandths, any, special

    /// The decimals of a fraction kind; 0 for an integer.
    var digits: Int {
      switch self {
      case .tenths: 1
      case .hundredths: 2
      case .thousandths: 3
      default: 0
      }
    }
  }

  let low: Double
  let high: Double
  let kinds: [Kind]
  let specials: [Double]
  /// How many of the specials, at the end, are not finite.
  let nonFinite: Int

  static func make(_ range: ClosedRange<Double>, nonFinite: Bool) -> Gen<Double> {
    precondition(!range.lowerBound.isNaN && !range.upperBound.isNaN, "a range of NaN")
    let low = Swift.max(range.lowerBound, -.greatestFiniteMagnitude)
    let high = Swift.min(range.upperBound, .greatestFiniteMagnitude)
    precondition(low <= high, "Gen.double(in:) needs a non-empty range")
    let gen = FloatingGen(low: low, high: high, nonFinite: nonFinite)
    return Gen { draws in try draws.span(.float) { try gen.generate(draws) } }
  }

  private init(low: Double, high: Double, nonFinite: Bool) {
    self.low = low
    self.high = high
    var kinds: [Kind] = []
    if Self.integerBounds(low, high) != nil { kinds.append(.integer) }
    kinds += [.tenths, .hundredths, .thousandths, .any, .special]
    self.kinds = kinds
    var specials = [low, high]
    if low <= 0, 0 <= high { specials.append(-0.0) }
    for extreme in [
      Double.greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
      -.leastNonzeroMagnitude, .leastNormalMagnitude,
    ] where low <= extreme && extreme <= high && !specials.contains(extreme) {
      specials.append(extreme)
    }
    // The non-finite values come last, so that every finite one is simpler.
    if nonFinite { specials += [.infinity, -.infinity, .nan] }
    self.specials = specials
    self.nonFinite = nonFinite ? 3 : 0
  }

  private static let weights: [Kind: UInt64] = [
    .integer: 25, .tenths: 8, .hundredths: 4, .thousandths: 3, .any: 45, .special: 15,
  ]
  private static let exact = 9_007_199_254_740_992.0  // 2⁵³: integers up to here are exact

  func generate(_ draws: Draws) throws -> Double {
    let start = draws.choices.count
    let weights = kinds.map { Self.weights[$0] ?? 1 }
    let kind = kinds[try draws.drawWeighted(weights, total: weights.reduce(0, +))]
    let value: Double
    switch kind {
    case .integer:
      value = try integer(draws)
    case .tenths, .hundredths, .thousandths:
      value = try fraction(digits: kind.digits, draws)
    case .any:
      let index = try draws.drawReusing(up: .max, down: 0) { random in
        Self.patternIndex(of: randomValue(&random))
      }
      value = decode(pattern: index)
    case .special:
      let count = UInt64(specials.count)
      let index = try draws.draw(up: count - 1, down: 0, alternative: true) { random in
        // Half the time one of the non-finite values, when there are any: they find most bugs.
        nonFinite > 0 && random.below(2) == 0
          ? count - UInt64(nonFinite) + random.below(UInt64(nonFinite)) : random.below(count)
      }
      value = specials[Int(index)]
    }
    if value.isFinite, !(value == 0 && kind == .integer) {
      for indices in simpler(than: value, kind: kind) {
        draws.suggest(indices, for: start..<draws.choices.count)
      }
    }
    return value
  }

  // MARK: - Kinds

  private static func integerBounds(_ low: Double, _ high: Double) -> (Int64, Int64)? {
    let first = Swift.max(low.rounded(.up), -exact)
    let last = Swift.min(high.rounded(.down), exact)
    guard first <= last else { return nil }
    return (Int64(first), Int64(last))
  }

  /// The choice of an integer in `first...last`, relative to the one nearest to zero.
  private static func integerChoice(_ first: Int64, _ last: Int64) -> (Int64, UInt64, UInt64) {
    let pivot = first > 0 ? first : (last < 0 ? last : 0)
    return (pivot, UInt64(last - pivot), UInt64(pivot - first))
  }

  private func integer(_ draws: Draws) throws -> Double {
    guard let (first, last) = Self.integerBounds(low, high) else { return low }
    let (pivot, up, down) = Self.integerChoice(first, last)
    let offset = try draws.drawOffset(up: up, down: down)
    return Double(pivot + (offset.negative ? -Int64(offset.magnitude) : Int64(offset.magnitude)))
  }

  private func fraction(digits: Int, _ draws: Draws) throws -> Double {
    let scale = Self.powersOfTen[digits]
    guard let (first, last) = Self.integerBounds(low * scale, high * scale) else { return low }
    let (pivot, up, down) = Self.integerChoice(first, last)
    let offset = try draws.drawOffset(up: up, down: down)
    let numerator = pivot + (offset.negative ? -Int64(offset.magnitude) : Int64(offset.magnitude))
    return Swift.min(high, Swift.max(low, Double(numerator) / scale))
  }

  private static let powersOfTen: [Double] = [1, 10, 100, 1000]

  /// The index of `value`'s bit pattern, sign in the lowest bit.
  static func patternIndex(of value: Double) -> UInt64 {
    (value.magnitude.bitPattern << 1) | (value.sign == .minus ? 1 : 0)
  }

  /// The value at a bit-pattern index; outside the range (or not finite), a point spread across
  /// the range instead, so that every index makes a valid value.
  private func decode(pattern index: UInt64) -> Double {
    let magnitude = Double(bitPattern: index >> 1)
    let value = index & 1 == 1 ? -magnitude : magnitude
    if value.isFinite, low <= value, value <= high { return value }
    let t = Double(index >> 11) * 0x1p-53
    return Swift.min(high, Swift.max(low, low * (1 - t) + high * t))
  }

  /// A random finite value in the range: uniform, on a logarithmic scale, near an end, or a small
  /// number of halves.
  private func randomValue(_ random: inout SplitMix64) -> Double {
    let t = Double(random.next() >> 11) * 0x1p-53
    let uniform = Swift.min(high, Swift.max(low, low * (1 - t) + high * t))
    let candidate: Double
    switch random.below(20) {
    case 0..<7: return uniform
    case 7..<14:
      let exponent = Double(Int(random.below(80)) - 40)
      let sign: Double = random.below(2) == 0 ? 1 : -1
      candidate = sign * (1 + t) * Double.pow2(exponent)
    case 14..<17:
      candidate = random.below(2) == 0 ? low.nextUp : high.nextDown
    default:
      candidate = Double(Int(random.below(64)) - 32) / 2
    }
    return low <= candidate && candidate <= high ? candidate : uniform
  }

  // MARK: - Simpler encodings

  /// Encodings of simpler values near `value`: its integer part, then its roundings to one, two
  /// and three decimals, each only when it differs from `value` and lies in the range.
  private func simpler(than value: Double, kind: Kind) -> [[UInt64]] {
    var result: [[UInt64]] = []
    if kind != .integer, let (first, last) = Self.integerBounds(low, high),
      let kindIndex = kinds.firstIndex(of: .integer)
    {
      let (pivot, up, down) = Self.integerChoice(first, last)
      for candidate in [value.rounded(.towardZero), value.rounded()]
      where candidate.magnitude <= Self.exact {
        let whole = Int64(candidate)
        guard first <= whole, whole <= last else { continue }
        let offset = Offset(whole - pivot)
        result.append([UInt64(kindIndex), offset.index(up: up, down: down)])
      }
    }
    for fractionKind in [Kind.tenths, .hundredths, .thousandths] {
      let digits = fractionKind.digits
      guard kind != .integer, let kindIndex = kinds.firstIndex(of: fractionKind) else { continue }
      let scale = Self.powersOfTen[digits]
      let rounded = (value * scale).rounded()
      guard rounded.magnitude <= Self.exact,
        let (first, last) = Self.integerBounds(low * scale, high * scale)
      else { continue }
      let numerator = Int64(rounded)
      guard first <= numerator, numerator <= last else { continue }
      let (pivot, up, down) = Self.integerChoice(first, last)
      let offset = Offset(numerator - pivot)
      result.append([UInt64(kindIndex), offset.index(up: up, down: down)])
    }
    return result
  }
}

extension Double {
  /// 2 to the power `exponent`.
  fileprivate static func pow2(_ exponent: Double) -> Double {
    Double(sign: .plus, exponent: Int(exponent), significand: 1)
  }
}
