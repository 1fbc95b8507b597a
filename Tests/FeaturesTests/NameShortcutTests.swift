import Foundation
import PropertyTesting
import TestSupport
import Testing

@testable import Features

/// The shortcuts of the name checks — printable ASCII, then Unicode scalars — held to the checks
/// character by character.
@Suite("Name checks: the printable-ASCII and scalar shortcuts")
struct NameShortcutTests {
  /// Names drawn from printable ASCII, from non-ASCII letters, and from what the shortcuts must
  /// leave alone: other white space, control characters, `\r\n` (one character of two scalars),
  /// combining marks, a space joined to a mark or after a prepended sign (white space inside a
  /// character); up to 130 pieces, past both limits.
  func names(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let plain = Array("abcXYZ09-'.,()~ ")
    let letters: [String] = ["서", "울", "초", "코", "é", "ß", "ñ", "🐶", "e\u{301}", "👍🏻"]
    let odd: [String] = [
      "\t", "\n", "\r\n", "\r", "\u{7F}", "\u{85}", "\u{A0}", "é", "서", "🐶", "e\u{301}", "\u{0}",
      "\u{3000}", "\u{2028}", " \u{301}", "\u{600} ", "\u{200D}", "\u{1F3FB}",
    ]
    return (0..<count).map { round in
      let length = [0, 1, 2, 5, 39, 40, 41, 99, 100, 101, 130][random.below(11)]
      return String(
        (0..<length).flatMap { _ in
          if random.below(20) == 0, round % 4 != 0 { return Array(odd[random.below(odd.count)]) }
          if round % 4 == 1 { return Array(letters[random.below(letters.count)]) }
          return [plain[random.below(plain.count)]]
        })
    }
  }

  /// Checks `check` against `byCharacters` on 20,000 names: the same refusal, word for word;
  /// and counts the names each shortcut may have allowed (ASCII, not ASCII), which must be
  /// many.
  func agree(
    seed: UInt64, _ check: (String) -> String?, _ byCharacters: (String) -> String?
  ) {
    var ascii = 0
    var other = 0
    for name in names(count: 20_000, seed: seed) {
      let checked = byCharacters(name)
      #expect(check(name) == checked, "\(name.debugDescription)")
      if checked == nil {
        if PrintableASCII(name) != nil { ascii += 1 } else { other += 1 }
      }
    }
    #expect(ascii > 1_000)
    #expect(other > 1_000)
  }

  @Test("a dog's name is refused in the same words with the shortcut as without")
  func dogNamesAgree() async {
    await onThreadOfItsOwn {
      agree(seed: 0xD06, DogReducer.rejection(ofName:), DogReducer.rejectionByCharacters(ofName:))
    }
  }

  @Test("a city name is refused in the same words with the shortcut as without")
  func cityNamesAgree() async {
    await onThreadOfItsOwn {
      agree(
        seed: 0xC17, WeatherReducer.rejection(ofChangingLocationTo:),
        WeatherReducer.rejectionByCharacters(ofChangingLocationTo:))
    }
  }

  @Test("the scalar shortcut measures a name as its scalars do")
  func scalarMeasures() {
    for name in names(count: 5_000, seed: 0x5CA) {
      let scalars = name.unicodeScalars
      let measured = ScalarName(name)
      #expect(measured.count == scalars.count, "\(name.debugDescription)")
      #expect(measured.hasWhitespace == scalars.contains { $0.properties.isWhitespace })
      #expect(measured.hasControl == scalars.contains(where: \.isControlCharacter))
      #expect(measured.startsWithWhitespace == (scalars.first?.properties.isWhitespace ?? false))
      #expect(
        (PrintableASCII(name)?.count).map { $0 == name.count } ?? !name.utf8.allSatisfy {
          $0 >= 0x20 && $0 < 0x7F
        })
    }
  }

  @Test(
    "the scalar shortcut tells white space and control characters as Unicode does, every scalar")
  func everyScalar() async {
    await onThreadOfItsOwn {
      var spaces = 0
      var controls = 0
      for value in UInt32(0)...0x10FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let measured = ScalarName(String(Character(scalar)) + "x")
        let listed = scalar.properties.isWhitespace
        if measured.hasWhitespace != listed || measured.startsWithWhitespace != listed
          || measured.hasControl != scalar.isControlCharacter || measured.count != 2
        {
          Issue.record("U+\(String(value, radix: 16))")
        }
        if listed { spaces += 1 }
        if measured.hasControl { controls += 1 }
      }
      #expect(spaces == 25)
      #expect(controls == 65)
    }
  }

  @Test("a 10 MB name is measured by the shortcuts and refused as too long")
  func longNamesAreRefused() async {
    await onThreadOfItsOwn {
      let name = String(repeating: "a", count: 10_000_000)
      #expect(PrintableASCII(name)?.count == 10_000_000)
      #expect(ScalarName(name + "서").count == 10_000_001)
      #expect(DogReducer.rejection(ofName: name)?.hasSuffix("this one has 10000000") == true)
      #expect(
        WeatherReducer.rejection(ofChangingLocationTo: name)?.hasSuffix("this one has 10000000")
          == true)
    }
  }
}
