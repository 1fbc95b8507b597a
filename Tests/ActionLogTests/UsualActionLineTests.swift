import Foundation
import PropertyTesting
import Store
import TestSupport
import Testing

@testable import ActionLog

/// The cursor's one-pass reading of an action line's own fields (`seq`, `src`, `fp`), held to
/// the by-name reads it stands in for.
@Suite("Reading an action line's own fields in one pass")
struct UsualActionLineTests {
  typealias Read = (seq: Int, origin: ActionOrigin, fingerprint: UInt64?, used: UInt64)

  func parsed(_ text: String) -> LogLine? {
    var line = LogLine()
    line.bytes = Array(text.utf8)
    do { try line.parse() } catch { return nil }
    return line
  }

  /// What `LogCursor` reads from an action line by name: nil where it refuses the line.
  func byName(_ line: LogLine, after last: Int) -> Read? {
    var line = line
    guard line.kind(of: "seq") != nil else { return nil }
    do {
      let seq = try line.int("seq")
      guard LogCursor.sequenceProblem(seq, after: last) == nil else { return nil }
      let origin = try line.origin()
      let fingerprint = try line.hexWord("fp")
      return (seq, origin, fingerprint, line.used)
    } catch {
      return nil
    }
  }

  func same(_ left: Read?, _ right: Read?) -> Bool {
    guard let left, let right else { return false }
    let sameSeq = left.seq == right.seq
    let sameOrigin = left.origin == right.origin
    let sameFingerprint = left.fingerprint == right.fingerprint
    return sameSeq && sameOrigin && sameFingerprint && left.used == right.used
  }

  @Test("lines as the recorder writes them are read in one pass, as the by-name reads read them")
  func recordedLinesAreRead() {
    let lines = [
      #"{"seq":1,"src":"sent","action":"clock.cancel","fp":"6b3b08459aa86e51"}"#,
      #"{"seq":7,"src":"effect","action":"clock.moveDay","days":-3,"fp":"d78204a290337cbf"}"#,
      #"{"seq":12,"src":"sent","action":"dog.show","name":"a\"b"}"#,
      #"{"seq":123456789012345678,"src":"sent","action":"x","fp":"0123456789abcdef"}"#,
    ]
    for text in lines {
      let line = parsed(text)!
      let last = Int(text.split(separator: ",")[0].dropFirst(7))! - 1
      let fast = line.usualAction(after: last)
      #expect(same(fast, byName(line, after: last)), "\(text)")
      #expect(fast != nil, "\(text)")
    }
  }

  @Test(
    "on mutated lines the one-pass read agrees with the by-name reads or leaves the line to them")
  func mutatedLinesAgree() async {
    await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x5EED_AC71)
      func below(_ bound: Int) -> Int { random.below(bound) }
      let pieces = [
        "\"", "\\", "1", "0", "-", "a", "F", "x", ",", ":", " ", "\"fp\":\"00000000000000ff\",",
        "\"seq\":3,", "\"src\":\"sent\",", "\"f\\u0070\":\"0123456789abcdef\",", "null", "{}",
        "\"fp\":null,", "\"s\\u0065q\":2,",
      ]
      var fastReads = 0
      var leftToByName = 0
      var disagreements: [String] = []
      for round in 0..<20_000 {
        let seq = [1, 2, 9, 10, 99, Int.max, 1 << 60][below(7)]
        let source = ["sent", "effect", "sent", "sen"][below(4)]
        var fingerprint = String(repeating: "0123456789abcdef", count: 2)
        fingerprint = String(fingerprint.dropFirst(below(16)).prefix(16))
        var text =
          "{\"seq\":\(seq),\"src\":\"\(source)\",\"action\":\"clock.moveDay\",\"days\":-1"
          + (below(5) == 0 ? "" : ",\"fp\":\"\(fingerprint)\"") + "}"
        for _ in 0..<(round % 3) {
          var bytes = Array(text.utf8)
          let at = below(bytes.count)
          switch below(3) {
          case 0: bytes.remove(at: at)
          case 1: bytes.insert(contentsOf: Array(pieces[below(pieces.count)].utf8), at: at)
          default: bytes[at] = Array(pieces[below(11)].utf8)[0]
          }
          text = String(decoding: bytes, as: UTF8.self)
        }
        guard let line = parsed(text) else { continue }
        let last = [seq &- 1, seq &- 1, seq, 0][below(4)]
        let fast = line.usualAction(after: last)
        let slow = byName(line, after: last)
        if fast == nil {
          leftToByName += 1
        } else if same(fast, slow) {
          fastReads += 1
        } else {
          disagreements.append(text)
        }
      }
      #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
      #expect(fastReads > 2_000)
      #expect(leftToByName > 2_000)
    }
  }

  @Test("a 10 MB action line and one of 64 fields are read in one pass")
  func longLinesAreRead() throws {
    let long = String(repeating: "é", count: 5_000_000)
    let line = try #require(
      parsed(
        #"{"seq":5,"src":"effect","action":"x","name":""# + long + #"","fp":"00000000000000ff"}"#))
    #expect(line.bytes.count > 10_000_000)
    let read = try #require(line.usualAction(after: 4))
    #expect(read.fingerprint == 255 && read.used == 0b10011 && read.origin == .effect)

    let many = (0..<61).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    let wide = try #require(
      parsed(#"{"seq":2,"src":"sent","# + many + #","fp":"0000000000000010"}"#))
    #expect(wide.fields.count == 64)
    let widest = try #require(wide.usualAction(after: 1))
    #expect(widest.fingerprint == 16 && widest.used == 0b11 | 1 << 63)
    #expect(same(widest, byName(wide, after: 1)))
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
