import Foundation
import TestSupport
import Testing

@testable import ActionLog

/// The in-place reader of an action line's fields, and the number conversion it shares with
/// `LogLine`.
@Suite("Reading an action line's fields in place")
struct LogFieldReaderTests {
  /// `text` parsed as a line.
  func parsed(_ text: String) throws -> LogLine {
    var line = LogLine()
    line.bytes = Array(text.utf8)
    try line.parse()
    return line
  }

  /// What `read` reads from `line` in place.
  func reading<Value>(_ line: LogLine, _ read: (inout LogFieldReader) -> Value?) -> Value? {
    line.bytes.withUnsafeBufferPointer { bytes in
      guard var reader = LogFieldReader(fieldsOf: bytes) else { return nil }
      return read(&reader)
    }
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

  @Test("fields are read in the order written, each once, and the line is complete after them")
  func readsInOrder() throws {
    let line = try parsed(
      #"{"action":"x","days":-3,"ok":true,"t":41.5,"n":"a\"b","at":"2026-11-29T03:45:12Z"}"#)
    let read = reading(line) { reader -> [String]? in
      guard reader.take("action") != nil, let days = reader.int("days"),
        let ok = reader.bool("ok"), let t = reader.double("t"), let n = reader.string("n"),
        let at = reader.date("at")
      else { return nil }
      return ["\(days)", "\(ok)", "\(t)", n, "\(at.timeIntervalSince1970)", "\(reader.isComplete)"]
    }
    #expect(read == ["-3", "true", "41.5", "a\"b", "1795923912.0", "true"])
  }

  @Test("a field out of order, of another kind, or left over gives nil, not a guess")
  func givesUpOnAnythingElse() throws {
    let line = try parsed(#"{"days":"one","ok":1,"extra":null}"#)
    #expect(reading(line) { $0.int("days") } == nil)
    #expect(reading(line) { $0.int("ok") } == nil)  // "days" comes first
    #expect(reading(line) { reader -> Bool? in reader.isComplete } == false)
    // An optional field the writer left out reads as .some(nil); present, it is read.
    #expect(reading(line) { $0.optionalInt("missing") } == .some(nil))
    #expect(reading(line) { $0.optionalString("days") } == .some("one"))
    #expect(reading(line) { $0.optionalInt("days") } == nil)
  }

  @Test("a line with 100 × the usual text is read whole, its escapes undone")
  func longLine() throws {
    let name = String(repeating: "서울 \\\"x\\\" ", count: 300)
    let line = try parsed("{\"name\":\"\(name)\"}")
    let read = reading(line) { $0.string("name") }
    #expect(read?.count == 300 * 7)
    #expect(read?.hasPrefix("서울 \"x\" ") == true)
  }
}
