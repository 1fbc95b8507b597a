import Foundation
import Testing

@testable import ActionLog

/// The state hasher behind the log's fingerprints: deterministic, and defined byte by byte.
@Suite("State hasher")
struct StateHasherTests {
  /// The definition of `combine(_: String)`, a byte at a time: the length, then the UTF-8 bytes
  /// in words of eight, the first byte highest, the last word holding what is left.
  func referenceValue(of text: String) -> UInt64 {
    var hasher = StateHasher()
    hasher.combine(UInt64(text.utf8.count))
    let bytes = Array(text.utf8)
    for start in stride(from: 0, to: bytes.count, by: 8) {
      let word = bytes[start..<min(start + 8, bytes.count)].reduce(0 as UInt64) {
        $0 << 8 | UInt64($1)
      }
      hasher.combine(word)
    }
    return hasher.value
  }

  @Test("text of every length from 0 to 40 bytes hashes as its byte-by-byte definition says")
  func textMatchesItsDefinition() {
    let source = "Seoul 서울특별시 Anchorage, AK — 2026-11-29"
    for length in 0...40 {
      let text = String(decoding: Array(source.utf8.prefix(length)), as: UTF8.self)
      var hasher = StateHasher()
      hasher.combine(text)
      #expect(hasher.value == referenceValue(of: text), "\(length) bytes: \(text)")
    }
  }

  @Test("a text's hash is the same in every process and agrees with an independent implementation")
  func textIsStable() {
    var hasher = StateHasher()
    hasher.combine("America/Anchorage")
    // Computed by a 10-line Python version of the definition above (Python's ints, masked to
    // 64 bits), not by this code.
    #expect(StateFingerprint.text(hasher.value) == "1222d06c7e78e5ba")
  }

  @Test("where one text ends and the next begins counts: \"ab\",\"c\" differs from \"a\",\"bc\"")
  func boundariesCount() {
    var left = StateHasher()
    left.combine("ab")
    left.combine("c")
    var right = StateHasher()
    right.combine("a")
    right.combine("bc")
    #expect(left.value != right.value)
  }

  @Test("fingerprints are written as 16 lowercase hexadecimal digits, leading zeros kept")
  func text() {
    #expect(StateFingerprint.text(0) == "0000000000000000")
    #expect(StateFingerprint.text(0xAB) == "00000000000000ab")
    #expect(StateFingerprint.text(.max) == "ffffffffffffffff")
  }
}
