import Store

extension Gen where Value == Character {
  /// Any Unicode scalar as a character, simplest first: `a`…`z`, `A`…`Z`, `0`…`9`, space, the
  /// rest of ASCII's punctuation, newline and tab, the other control characters, then every other
  /// scalar by code point. Mostly ASCII letters and digits, often punctuation, whitespace and
  /// letters of other scripts, sometimes emoji and characters from the far planes.
  ///
  /// ```swift
  /// Gen.character                       // "a", "Q", "é", "한", "🐶", "\n", …
  /// Gen.string(of: .character, count: 1...8)
  /// ```
  public static var character: Gen<Character> { unicode(limit: UnicodeOrder.count - 1) }

  /// ASCII characters only (all 128 of them), in the same simplest-first order as ``character``.
  ///
  /// ```swift
  /// Gen.string(of: .asciiCharacter, count: 0...20)
  /// ```
  public static var asciiCharacter: Gen<Character> { unicode(limit: 127) }

  private static func unicode(limit: UInt64) -> Gen<Character> {
    Gen { draws in
      let index = try draws.drawReusing(up: limit, down: 0, alternative: true) { random in
        // A string of runs mostly repeats the character before: "aaaaaaaaaabb".
        if draws.textBias == .runs, let last = draws.lastDrawn(up: limit, down: 0),
          random.below(10) < 8
        {
          return last
        }
        return UnicodeOrder.randomIndex(below: limit + 1, bias: draws.textBias, &random)
      }
      return Character(UnicodeOrder.scalar(at: index))
    }
  }
}

extension Gen where Value == String {
  /// Strings of `characters` with a length in `count`, counted in characters of the generator;
  /// shrinks toward shorter strings of simpler characters. Now and then a string repeats one made
  /// before in the same example, and whole strings lean to one kind of text: plain ASCII, other
  /// scripts, whitespace and line breaks, or runs of one character (for run-length codes).
  ///
  /// A string's `count` can be below the number of characters generated when a combining mark
  /// joins the character before it (or `"\r"` joins `"\n"`).
  ///
  /// ```swift
  /// Gen.string(count: 1...20)
  /// Gen.string(of: .asciiCharacter)
  /// Gen.string(of: Gen.element(of: Array("0123456789")), count: 4...4)
  /// ```
  public static func string(
    of characters: Gen<Character> = .character, count: ClosedRange<Int> = 0...50
  ) -> Gen<String> {
    let array = characters.array(count: count)
    return Gen { draws in
      try draws.withTextBias { String(try array.generate(draws)) }
    }
  }
}

/// How the characters of one string lean while searching; not recorded, so shrinking never sees
/// it.
enum TextBias: Sendable {
  case mixed, ascii, otherScripts, whitespace
  /// Mostly the character before again, so that runs of ten and more come up.
  case runs
}

extension Draws {
  /// Runs `body` with a text bias picked at random (searching) or none (replaying), restoring the
  /// one before.
  func withTextBias<T>(_ body: () throws -> T) rethrows -> T {
    let previous = textBias
    if let roll = unrecorded({ $0.below(12) }) {
      textBias =
        switch roll {
        case 0: .ascii
        case 1: .otherScripts
        case 2: .whitespace
        case 3: .runs
        default: .mixed
        }
    }
    defer { textBias = previous }
    return try body()
  }
}

/// The simplest-first order of Unicode scalars that characters shrink in.
enum UnicodeOrder {
  /// ASCII, simplest first.
  static let ascii: [UInt8] = {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ".utf8)
    let punctuation = (33...126).map(UInt8.init).filter { !letters.contains($0) }
    let whitespace: [UInt8] = [10, 9, 13]
    let controls = (Array(0...31) + [127]).map(UInt8.init).filter { !whitespace.contains($0) }
    return letters + punctuation + whitespace + controls
  }()

  /// Where each ASCII code sits in ``ascii``.
  static let asciiRank: [UInt64] = {
    var rank = [UInt64](repeating: 0, count: 128)
    for (index, code) in ascii.enumerated() { rank[Int(code)] = UInt64(index) }
    return rank
  }()

  /// How many scalars there are: every code point but the surrogates.
  static let count: UInt64 = 0x11_0000 - 0x800

  static func scalar(at index: UInt64) -> Unicode.Scalar {
    if index < 128 { return Unicode.Scalar(ascii[Int(index)]) }
    var code = UInt32(truncatingIfNeeded: Swift.min(index, count - 1))
    if code >= 0xD800 { code += 0x800 }
    // Every value here is a scalar: below 0x110000 and outside the surrogates.
    return Unicode.Scalar(code) ?? "a"
  }

  static func index(of scalar: Unicode.Scalar) -> UInt64 {
    let code = UInt64(scalar.value)
    if code < 128 { return asciiRank[Int(code)] }
    return code >= 0xE000 ? code - 0x800 : code
  }

  /// A random index below `bound`, shaped by `bias`: mostly letters and digits, often punctuation,
  /// whitespace and other scripts, sometimes emoji and the far planes.
  static func randomIndex(below bound: UInt64, bias: TextBias?, _ random: inout SplitMix64)
    -> UInt64
  {
    let roll = random.below(100)
    let index: UInt64
    switch bias ?? .mixed {
    case .ascii, .runs: index = roll < 85 ? random.below(62) : 62 + random.below(33)
    case .whitespace: index = roll < 50 ? [62, 95, 96][random.below(3)] : random.below(62)
    case .otherScripts: index = otherScript(&random)
    case .mixed:
      switch roll {
      case 0..<50: index = random.below(62)
      case 50..<65: index = 62 + random.below(33)
      case 65..<70: index = 95 + random.below(33)
      default: index = otherScript(&random)
      }
    }
    return index < bound ? index : random.below(bound)
  }

  private static func otherScript(_ random: inout SplitMix64) -> UInt64 {
    switch random.below(10) {
    case 0..<5: 128 + random.below(0x780)  // Latin, Greek, Cyrillic, Hebrew, Arabic, …
    case 5..<9: 0x800 + random.below(0xD800 - 0x800)  // the rest of the basic plane, CJK, Hangul
    default: 0xE000 - 0x800 + random.below(count - (0xE000 - 0x800))  // emoji, far planes
    }
  }
}
