import Foundation
import Testing

@testable import ActionLog

@Suite("Log lines: writing and reading one flat JSON object")
struct LogLineTests {
  /// Writes with `write`, then parses the result.
  func roundTrip(_ write: (inout LogLineWriter) -> Void) throws -> (String, LogLine) {
    var writer = LogLineWriter()
    writer.begin()
    write(&writer)
    writer.end()
    var line = LogLine()
    line.bytes = Array(writer.bytes.dropLast())  // without the newline
    try line.parse()
    return (String(decoding: line.bytes, as: UTF8.self), line)
  }

  @Test("every kind of value is written as plain JSON and read back as it was")
  func valuesRoundTrip() throws {
    let date = Date(timeIntervalSince1970: 1_795_923_912.25)
    var (text, line) = try roundTrip { line in
      line.int("int", -42)
      line.int("min", Int.min)
      line.int("max", Int.max)
      line.bool("yes", true)
      line.double("pi", 3.25)
      line.double("nan", .nan)
      line.double("inf", -.infinity)
      line.string("text", "서울 \"quoted\" back\\slash\nnew line\u{1}\u{7F} 🐶")
      line.date("at", date)
      line.date("far", Date(timeIntervalSinceReferenceDate: 1e15))
      line.int("absent", nil as Int?)
    }
    #expect(
      text
        == #"{"int":-42,"min":-9223372036854775808,"max":9223372036854775807,"yes":true,"#
        + #""pi":3.25,"nan":"NaN","inf":"-Infinity","#
        + #""text":"서울 \"quoted\" back\\slash\nnew line\u0001\u007f 🐶","#
        + #""at":"2026-11-29T03:45:12.25Z","far":1000000000000000.0}"#)
    #expect(try line.int("int") == -42)
    #expect(try line.int("min") == Int.min)
    #expect(try line.int("max") == Int.max)
    #expect(try line.bool("yes"))
    #expect(try line.double("pi") == 3.25)
    #expect(try line.double("nan").isNaN)
    #expect(try line.double("inf") == -.infinity)
    #expect(try line.string("text") == "서울 \"quoted\" back\\slash\nnew line\u{1}\u{7F} 🐶")
    #expect(try line.date("at") == date)
    #expect(try line.date("far") == Date(timeIntervalSinceReferenceDate: 1e15))
    #expect(try line.optionalInt("absent") == nil)
    #expect(line.unusedField() == nil)
  }

  @Test(
    "a string's end, escape or control character is found wherever it falls in an 8-byte word")
  func stringScanAtEveryOffset() throws {
    // Plain text of every length up to 40 bytes (five words and a tail), then one byte that
    // ends the plain run; near misses (0x21, 0x23, 0x5B, 0x5D, 0x20) and a 3-byte 서 (bytes
    // ≥ 0x80) in the words before it.
    let filler = Array("a#!][ ".utf8)
    for length in 0...40 {
      let ascii = (0..<length).map { filler[$0 % filler.count] }
      let text = length >= 3 ? Array("서".utf8) + ascii.dropFirst(3) : ascii
      let plain = String(decoding: text, as: UTF8.self)
      var line = LogLine()
      line.bytes = Array(#"{"k":""#.utf8) + text + Array(#"","n":1}"#.utf8)
      try line.parse()
      #expect(try line.string("k") == plain, "length \(length)")

      line.bytes = Array(#"{"k":""#.utf8) + text + Array(#"\n\"x","n":1}"#.utf8)
      try line.parse()
      #expect(try line.string("k") == plain + "\n\"x", "length \(length)")

      line.bytes = Array(#"{"k":""#.utf8) + text + [0x1F] + Array(#"","n":1}"#.utf8)
      #expect(throws: LogLineError.self, "length \(length)") { try line.parse() }
      do {
        try line.parse()
      } catch {
        #expect(error.offset == 6 + length, "length \(length)")
      }
    }
  }

  @Test("escapes a hand-edited line may use are understood, surrogate pairs included")
  func escapes() throws {
    var line = LogLine()
    line.bytes = Array(#"{"a":"\u0041\ud83d\udc36\/\b\f\t","\u0062":1}"#.utf8)
    try line.parse()
    #expect(try line.string("a") == "A🐶/\u{8}\u{C}\t")
    #expect(try line.int("b") == 1)
  }

  @Test("a field nobody reads is reported, so typos in a hand-edited log are not ignored")
  func unusedFieldIsReported() throws {
    var line = LogLine()
    line.bytes = Array(#"{"action":"add","amount":1,"amuont":2}"#.utf8)
    try line.parse()
    _ = try line.int("amount")
    _ = try line.optionalString("action")
    #expect(
      line.unusedField()
        == LogLineError(#"unexpected field "amuont" (in "add"); remove it"#, at: 27))
  }

  @Test("a missing field or one of the wrong type names the field and where it is")
  func typeErrors() throws {
    var line = LogLine()
    line.bytes = Array(#"{"action":"add","amount":"x","n":1.5,"big":99999999999999999999}"#.utf8)
    try line.parse()
    #expect(throws: LogLineError(#"the field "count" is missing (in "add")"#)) {
      try line.int("count")
    }
    #expect(
      throws: LogLineError(#""amount" should be a whole number, not a string ("x")"#, at: 25)
    ) { try line.int("amount") }
    #expect(throws: LogLineError(#""n" should be a whole number, not a number (1.5)"#, at: 33)) {
      try line.int("n")
    }
    #expect(
      throws: LogLineError(
        #""big" is out of range for a whole number: 99999999999999999999"#, at: 43)
    ) { try line.int("big") }
    #expect(
      throws: LogLineError(
        #""amount" should be a date such as "2026-11-29T03:45:12Z", not a string ("x")"#, at: 25)
    ) { try line.date("amount") }
  }

  @Test(
    "a malformed line says what is wrong and at which byte",
    arguments: [
      ("", "expected '{': each line of a log is one JSON object", 0),
      ("[1]", "expected '{': each line of a log is one JSON object", 0),
      (#"{"a":1"#, "the line ends inside the object: expected ',' or '}'", 6),
      (#"{"a":1,}"#, "expected a field name in double quotes", 7),
      (#"{"a" 1}"#, "expected ':' after the field name", 5),
      (#"{"a":01}"#, "a number may not start with 0 followed by digits", 5),
      (#"{"a":1.}"#, "expected a digit after '.'", 7),
      (#"{"a":tru}"#, "expected a value: a string, number, true, false, null, object or array", 5),
      (#"{"a":"x}"#, "the line ends inside a string: a closing '\"' is missing", 8),
      (#"{"a":"\q"}"#, #"unknown escape; JSON knows \" \\ \/ \b \f \n \r \t and \uXXXX"#, 6),
      (#"{"a":"\u12"}"#, #"\u must be followed by four hexadecimal digits"#, 6),
      (#"{"a":1} x"#, "unexpected text after the object's closing '}'", 8),
      (#"{"a":[1,{"b":2]}"#, "']' closes nothing here", 14),
      (
        "{\"a\":\"tab\there\"}",
        "a control character inside a string; write it as an escape such as \\n", 9
      ),
    ])
  func malformed(text: String, message: String, offset: Int) {
    var line = LogLine()
    line.bytes = Array(text.utf8)
    #expect(throws: LogLineError(message, at: offset)) { try line.parse() }
  }

  @Test("nested objects are kept whole as raw JSON, for states")
  func nestedValues() throws {
    var line = LogLine()
    line.bytes = Array(#"{"checkpoint":3,"state":{"a":[1,{"b":"}"}],"c":null}}"#.utf8)
    try line.parse()
    #expect(line.kind(of: "state") == .object)
    #expect(
      line.rawValue("state").map { String(decoding: $0, as: UTF8.self) }
        == #"{"a":[1,{"b":"}"}],"c":null}"#)
  }

  @Test("columns count characters, not bytes, so they match what an editor shows")
  func columnsCountCharacters() {
    var line = LogLine()
    line.bytes = Array(#"{"t":"서울","x":1}"#.utf8)
    #expect(line.column(ofByte: 13) == 10)
  }

  @Test("duplicate keys: the first one is read and the second is reported unread")
  func duplicateKeys() throws {
    var line = LogLine()
    line.bytes = Array(#"{"a":1,"a":2}"#.utf8)
    try line.parse()
    #expect(try line.int("a") == 1)
    #expect(line.unusedField() == LogLineError(#"unexpected field "a"; remove it"#, at: 7))
  }
}
