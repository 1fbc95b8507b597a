import Foundation
import PropertyTesting
import Store
import Testing

@testable import ActionLog

/// The in-place reader on a whole action line, as the replay's reading thread uses it: it takes
/// the recorder's exact shape and nothing else, leaving every other line to the parser.
@Suite("Reading a recorded action line straight from its bytes")
struct LogFieldReaderUsualLineTests {
  /// What `read` reads from `text` as a usual line after `lastSeq`; nil when the reader does
  /// not take the line.
  func usual<Value>(
    _ text: String, after lastSeq: Int? = nil, _ read: (inout LogFieldReader) -> Value?
  ) -> Value? {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      guard var reader = LogFieldReader(usualLine: bytes, after: lastSeq) else { return nil }
      return read(&reader)
    }
  }

  static let line =
    #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"}"#

  @Test("seq, src, the action, its fields and the fingerprint are read, and then it is complete")
  func readsTheRecordersShape() {
    let read = usual(Self.line, after: 11) { reader -> [String]? in
      guard reader.actionName != nil, let days = reader.int("days") else { return nil }
      return [
        "\(reader.seq)", "\(reader.origin)", "\(days)", "\(reader.isComplete)",
        String(reader.fingerprint ?? 0, radix: 16),
      ]
    }
    // The action's name is read by `action(in:)`; here it was left, so the line is not
    // complete until it is.
    #expect(read == ["12", "effect", "-3", "false", "123456789abcdef"])
    let names = LogNameTable(["clock.reload", "clock.moveDay"])
    let complete = usual(Self.line, after: 11) { reader -> Bool? in
      guard reader.actionIndex(in: names) == 1, reader.int("days") == -3 else { return nil }
      return reader.isComplete
    }
    #expect(complete == true)
  }

  @Test(
    "a reader resuming another's head reads the same action and is complete, fingerprint or not",
    arguments: [
      Self.line,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3}"#,
    ])
  func resumesAHead(text: String) {
    let names = LogNameTable(["clock.reload", "clock.moveDay"])
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      guard let first = LogFieldReader(usualLine: bytes, after: 11) else {
        Issue.record("not read as a usual line: \(text)")
        return
      }
      // As the applying thread reads a line handed over with its head.
      var resumed = LogFieldReader(bytes: bytes, resuming: first.head)
      #expect(resumed.actionIndex(in: names) == 1)
      #expect(resumed.int("days") == -3)
      #expect(resumed.isComplete, "\(text)")
    }
    // A field left unread leaves a resumed reader incomplete, as it leaves the first.
    Array(Self.line.utf8).withUnsafeBufferPointer { bytes in
      guard let first = LogFieldReader(usualLine: bytes, after: 11) else { return }
      var resumed = LogFieldReader(bytes: bytes, resuming: first.head)
      _ = resumed.actionIndex(in: names)
      #expect(!resumed.isComplete)
    }
  }

  @Test(
    "anything but the recorder's exact shape is left to the parser",
    arguments: [
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days": -3,"fp":"0123456789abcdef"}"#,
      #"{ "seq":12,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"}"#,
      #"{"seq":012,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"}"#,
      #"{"seq":13,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"other","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789ABCDEF"}"#,
      #"{"seq":12,"src":"effect","fp":"0123456789abcdef","action":"clock.moveDay","days":-3}"#,
      #"{"seq":12,"src":"effect","action":"clock\u002emoveDay","days":-3,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3.0,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":null,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3,"x":1,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-3,"fp":"0123456789abcdef"} "#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-03,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":-,"fp":"0123456789abcdef"}"#,
      #"{"seq":12,"src":"effect","action":"clock.moveDay","days":"-3","fp":"0123456789abcdef"}"#,
    ])
  func leavesEverythingElse(text: String) {
    let names = LogNameTable(["clock.reload", "clock.moveDay"])
    let read = usual(text, after: 11) { reader -> Int? in
      guard reader.actionIndex(in: names) == 1, let days = reader.int("days"), reader.isComplete
      else { return nil }
      return days
    }
    #expect(read == nil, "\(text)")
    // The exact line, for contrast, is read.
    let exact = usual(Self.line, after: 11) { reader -> Int? in
      guard reader.actionIndex(in: names) == 1, let days = reader.int("days"), reader.isComplete
      else { return nil }
      return days
    }
    #expect(exact == -3)
  }

  @Test("a string with escapes, a fraction, true and false are read by the parser's own rules")
  func otherValues() {
    let text =
      #"{"seq":1,"src":"sent","action":"a","n":"q\"\\\u00e9","t":41.5,"b":false,"fp":"0123456789abcdef"}"#
    let read = usual(text) { reader -> [String]? in
      // The action's name was found with seq and src, so the next field is "n".
      guard reader.take("action") == nil, let n = reader.string("n"),
        let t = reader.double("t"), let b = reader.bool("b")
      else { return nil }
      return [n, "\(t)", "\(b)", "\(reader.actionName != nil)"]
    }
    #expect(read == ["q\"\\é", "41.5", "false", "true"])
  }

  @Test(
    "a number reads as the parser reads it, fraction or not, or is not taken when it is not one")
  func numbersAsTheParserReadsThem() {
    var texts = [
      "0", "-0", "7", "-7", "0.5", "-0.5", "0.0", "-0.0", "41.5", "61.21806", "-149.90028",
      "123456789012345678", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
      "1.7976931348623157", "0.30000000000000004", "12345678901234567890.5", "1e3", "1.5E-2",
      "01", "-01", "00.5", "1.", "-", "-.5", ".5", "1.2.3", "1..2", "1.5e", "0x10", "1_000",
      // 100× a usual number's length, and more: read in one pass, as the parser reads them.
      "0." + String(repeating: "5", count: 100_000), String(repeating: "7", count: 100_000),
      "-" + String(repeating: "1", count: 5_000) + "." + String(repeating: "9", count: 5_000),
    ]
    // And random ones, mostly well formed: digits, a point, more digits, sometimes a sign.
    var generator = SplitMix64(seed: 21)
    for _ in 0..<2_000 {
      func digits() -> String {
        String(
          (0..<Int.random(in: 1...12, using: &generator)).map { _ in
            Character(String(Int.random(in: 0...9, using: &generator)))
          })
      }
      let sign = Bool.random(using: &generator) ? "-" : ""
      texts.append(
        Bool.random(using: &generator) ? sign + digits() : sign + digits() + "." + digits())
    }
    for number in texts {
      let text =
        #"{"seq":1,"src":"sent","action":"a","x":"# + number + #","fp":"0123456789abcdef"}"#
      let read = usual(text) { reader -> [String]? in
        guard reader.take("action") == nil else { return nil }
        var copy = reader
        let double = copy.double("x")
        let int = reader.int("x")
        return ["\(double.map { "\($0)" } ?? "-")", "\(int.map { "\($0)" } ?? "-")"]
      }
      var line = LogLine()
      line.bytes = Array(text.utf8)
      let parsed = (try? line.parse()) == nil ? nil : line
      var forDouble = parsed
      var forInt = parsed
      let expected = [
        (try? forDouble?.double("x")).flatMap { $0 }.map { "\($0)" } ?? "-",
        (try? forInt?.int("x")).flatMap { $0 }.map { "\($0)" } ?? "-",
      ]
      #expect((read ?? ["-", "-"]) == expected, "\(number)")
    }
  }

  @Test("escaped strings short and 100× long are unescaped whole; a lone surrogate is refused")
  func escapedStrings() {
    for repeats in [1, 3, 100_000] {
      let escaped = String(repeating: #"a\"\\\u00e9\ud83d\ude00\n"#, count: repeats)
      let plain = String(repeating: "a\"\\é😀\n", count: repeats)
      let text =
        #"{"seq":1,"src":"sent","action":"a","n":""# + escaped + #"","fp":"0123456789abcdef"}"#
      let read = usual(text) { reader -> String? in
        guard reader.take("action") == nil else { return nil }
        return reader.string("n")
      }
      #expect(read == plain, "\(repeats) × the escapes")
    }
    let lone = #"{"seq":1,"src":"sent","action":"a","n":"a\ud83db","fp":"0123456789abcdef"}"#
    #expect(
      usual(lone) { reader -> String? in
        _ = reader.take("action")
        return reader.string("n")
      } == nil)
  }

  @Test("a control character or a bad escape in a string is not taken")
  func badStrings() {
    for value in ["a\u{01}b", #"a\xb"#, #"a\u12"#, "a"] {
      let text =
        #"{"seq":1,"src":"sent","action":"a","n":""# + value
        + (value == "a" ? "" : "\"") + #","fp":"0123456789abcdef"}"#
      #expect(usual(text) { $0.string("n") } == nil, "\(text)")
    }
  }

  @Test("100 × a usual line: a 10 MB string and 100,000 fields are each read once, in order")
  func bounds() {
    let long = String(repeating: "abcdefghij", count: 1_000_000)
    let text = #"{"seq":1,"src":"sent","action":"a","n":""# + long + #"","fp":"0123456789abcdef"}"#
    let read = usual(text) { reader -> Int? in
      _ = reader.actionName
      return reader.string("n")?.utf8.count
    }
    #expect(read == 10_000_000)
    var many = #"{"seq":1,"src":"sent","action":"a""#
    for index in 0..<100_000 { many += #","k":\#(index)"# }
    many += #","fp":"0123456789abcdef"}"#
    let sum = usual(many) { reader -> Int? in
      var total = 0
      var count = 0
      while let value = reader.int("k") {
        total += value
        count += 1
      }
      return count == 100_000 && reader.position == reader.end ? total : nil
    }
    #expect(sum == 99_999 * 100_000 / 2)
  }
}
