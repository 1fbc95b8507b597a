import Foundation
import PropertyTesting
import TestSupport
import Testing

@testable import Features

/// The printable-ASCII shortcut of the name checks, held to the checks character by character.
@Suite("Name checks: the printable-ASCII shortcut")
struct NameShortcutTests {
  /// Names drawn from printable ASCII and from what the shortcut must leave alone: other white
  /// space, control characters, `\r\n` (one character of two scalars), non-ASCII letters,
  /// combining marks; up to 130 pieces, past both limits.
  func names(count: Int, seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    let plain = Array("abcXYZ09-'.,()~ ")
    let odd: [String] = [
      "\t", "\n", "\r\n", "\r", "\u{7F}", "\u{85}", "\u{A0}", "é", "서", "🐶", "e\u{301}", "\u{0}",
    ]
    return (0..<count).map { round in
      let length = [0, 1, 2, 5, 39, 40, 41, 99, 100, 101, 130][random.below(11)]
      return String(
        (0..<length).flatMap { _ in
          round % 2 == 0 || random.below(20) != 0
            ? [plain[random.below(plain.count)]] : Array(odd[random.below(odd.count)])
        })
    }
  }

  /// Checks `check` against `byCharacters` on 20,000 names: the same refusal, word for word;
  /// and counts the names the shortcut allowed, which must be many.
  func agree(
    seed: UInt64, _ check: (String) -> String?, _ byCharacters: (String) -> String?
  ) {
    var shortcut = 0
    for name in names(count: 20_000, seed: seed) {
      let checked = byCharacters(name)
      #expect(check(name) == checked, "\(name.debugDescription)")
      if checked == nil, PrintableASCII(name) != nil { shortcut += 1 }
    }
    #expect(shortcut > 1_000)
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

  @Test("a 10 MB name is measured by the shortcut and refused as too long")
  func longNamesAreRefused() async {
    await onThreadOfItsOwn {
      let name = String(repeating: "a", count: 10_000_000)
      #expect(PrintableASCII(name)?.count == 10_000_000)
      #expect(DogReducer.rejection(ofName: name)?.hasSuffix("this one has 10000000") == true)
      #expect(
        WeatherReducer.rejection(ofChangingLocationTo: name)?.hasSuffix("this one has 10000000")
          == true)
    }
  }
}
