import Foundation
import PropertyTesting
import TestSupport
import Testing

@testable import ActionLog

/// The conversions the in-place reader shares with the parsed line: numbers and fingerprints.
@Suite("Reading numbers and fingerprints from a line's bytes")
struct LogValueConversionTests {
  /// `text` parsed as a line.
  func parsed(_ text: String) throws -> LogLine {
    var line = LogLine()
    line.bytes = Array(text.utf8)
    try line.parse()
    return line
  }

  @Test("numbers read to the same double as Double(String), bit for bit")
  func decimalsAgreeWithDoubleFromString() async {
    await onThreadOfItsOwn {
      var state: UInt64 = 0x0DEC_1A1
      func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
      }
      var texts = ["0", "-0", "0.0", "-0.0", "1e22", "1e23", "9007199254740993", "0.1", "1e-400"]
      for round in 0..<60_000 {
        switch round % 4 {
        case 0:
          // As the writer writes doubles: their shortest description.
          let value = Double(bitPattern: next())
          if value.isFinite { texts.append(value.description) }
        case 1:
          texts.append((Double(Int64(bitPattern: next()) % 2_000_000) / 100).description)
        case 2:
          // Digits, a fraction and an exponent of any length JSON allows.
          let digits = String(next() % 10_000_000_000_000_000_000).dropFirst(Int(next() % 10))
          let fraction = next() % 3 == 0 ? "" : "." + String(next() % 100_000)
          let exponent = next() % 3 == 0 ? "" : "e" + String(Int(next() % 60) - 30)
          texts.append(
            (next() % 2 == 0 ? "-" : "") + (digits.isEmpty ? "7" : digits) + fraction + exponent)
        default:
          texts.append(String(next() % (1 << 54)) + "e-" + String(next() % 25))
        }
      }
      var disagreements: [String] = []
      for text in texts {
        // JSON's grammar: no leading zeros (the parser refuses them before this is called).
        guard (try? parsed("{\"x\":\(text)}")) != nil else { continue }
        let read = Array(text.utf8).withUnsafeBufferPointer { LogLine.decimal($0) }
        if read?.bitPattern != Double(text)?.bitPattern { disagreements.append(text) }
      }
      #expect(disagreements == [])
      #expect(texts.count > 60_000)
    }
  }

  @Test("fingerprints read eight digits at a time read as digit by digit, or are refused alike")
  func fingerprintsReadAsDigitByDigit() {
    func oneByOne(_ bytes: [UInt8]) -> UInt64? {
      let digits = Array("0123456789abcdef".utf8)
      var value: UInt64 = 0
      for byte in bytes {
        guard let digit = digits.firstIndex(of: byte) else { return nil }
        value = value << 4 | UInt64(digit)
      }
      return value
    }
    var random = SplitMix64(seed: 0xF1_A9E5)
    let awkward: [UInt8] =
      Array("0123456789abcdef".utf8) + [
        0x2F, 0x3A, 0x40, 0x41, 0x46, 0x47, 0x60, 0x67, 0x6F, 0x70, 0x7F, 0x80, 0xB0, 0xE6, 0xF0,
        0x00,
      ]
    var read = 0
    var refused = 0
    for round in 0..<100_000 {
      var bytes = (0..<16).map { _ in awkward[random.below(16)] }  // hexadecimal digits
      for _ in 0..<(round % 3) {
        bytes[random.below(16)] =
          round % 2 == 0 ? awkward[random.below(awkward.count)] : UInt8(random.below(256))
      }
      let expected = oneByOne(bytes)
      let actual = bytes.withUnsafeBufferPointer { LogLine.hexWord(0..<16, $0.baseAddress!) }
      #expect(actual == expected, "\(bytes)")
      if expected == nil { refused += 1 } else { read += 1 }
    }
    #expect(read > 30_000 && refused > 30_000)
  }
}
