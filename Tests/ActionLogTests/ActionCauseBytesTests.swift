import Foundation
import PropertyTesting
import Store
import Testing

@testable import ActionLog

/// A replay checks each action line's cause from its bytes: the check must accept exactly the
/// texts `ActionCause(text:)` reads.
@Suite("A cause's text checked from its bytes")
struct ActionCauseBytesTests {
  static func isSpelled(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { ActionCause.isSpelled(by: $0) }
  }

  static func parses(_ bytes: [UInt8]) -> Bool {
    ActionCause(text: String(decoding: bytes, as: UTF8.self)) != nil
  }

  @Test(
    "every text the recorder writes, and each way one can be wrong, is judged as the parser judges it"
  )
  func edgeCases() {
    let texts = [
      "sent", "travel", "line 1", "line 007", "line +5", "line 9223372036854775807",
      "effect 0", "effect 4 of 12", "effect 4 at Search.swift:42", "effect 4 of 12 at a b",
      "effect 1 at x of 2", "effect 123456789012345678", "effect 1 of 123456789012345678",
      "", "sent ", "Sent", "line", "line ", "line 0", "line -3", "line -0", "line +",
      "line 9223372036854775808", "line 1x", "line  1", "effect", "effect ", "effect x",
      "effect 1234567890123456789", "effect 1 of 0", "effect 1 of", "effect 1 of ",
      "effect 1 at", "effect 1 at ", "effect 1 of 2 of 3", "effect -1", "effect 1 ", "travel!",
    ]
    for text in texts {
      let bytes = Array(text.utf8)
      #expect(Self.isSpelled(bytes) == Self.parses(bytes), "\(text)")
    }
  }

  @Test("random texts from the causes' own pieces, invalid UTF-8 among them, are judged alike")
  func randomTexts() {
    let pieces: [[UInt8]] =
      [
        "sent", "travel", "line ", "effect ", " of ", " at ", "0", "7", "12", "+", "-", " ", "x",
        "é", "123456789", "99999999999",
      ].map { Array($0.utf8) } + [[0xFF], [0xC3], [0xE2, 0x82]]
    var random = SplitMix64(seed: 0xCA05E)
    var accepted = 0
    for _ in 0..<20_000 {
      var bytes: [UInt8] = []
      for _ in 0..<random.below(6) { bytes += pieces[random.below(pieces.count)] }
      let expected = Self.parses(bytes)
      #expect(Self.isSpelled(bytes) == expected, "\(bytes)")
      if expected { accepted += 1 }
    }
    #expect(accepted > 300)
  }
}
