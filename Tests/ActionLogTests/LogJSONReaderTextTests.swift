import ActionLog
import Foundation
import Store
import Testing

/// `LogJSONReader` finds where a string's text stops eight bytes at a time: these put each kind
/// of stop (a quote, an escape, a control character, a byte that is not printable ASCII) on
/// every byte of a word, and hold the reader to `JSONDecoder`.
@Suite("Log JSON reader: strings")
struct LogJSONReaderTextTests {
  /// What `read` reads from `json`, if it reads all of it.
  static func read<Value>(_ json: [UInt8], _ read: (inout LogJSONReader) -> Value?) -> Value? {
    json.withUnsafeBufferPointer { bytes in
      var reader = LogJSONReader(bytes)
      guard let value = read(&reader), reader.atEnd() else { return nil }
      return value
    }
  }

  static let quote = UInt8(ascii: "\"")

  @Test("a string reads as JSONDecoder reads it, wherever in a word its text stops or turns")
  func stringsAgreeWithDecoder() {
    let specials: [[UInt8]] = [
      Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u0041"#.utf8), Array(#"\"#.utf8), [0x09],
      [0x1F], [0x7F], Array("é".utf8), Array("서".utf8), [0xFF], [0xC3],
    ]
    var checked = 0
    var read = 0
    for special in specials {
      for before in 0...17 {
        for after in [0, 1, 7, 8, 9] {
          let content =
            Array(repeating: UInt8(ascii: "a"), count: before) + special
            + Array(repeating: UInt8(ascii: "b"), count: after)
          let json = [Self.quote] + content + [Self.quote]
          let expected = try? JSONDecoder().decode(String.self, from: Data(json))
          let string = Self.read(json) { $0.string() }
          #expect(string == expected, "\(content)")
          if string != nil { read += 1 }
          // Only printable ASCII with no backslash is read as its bytes.
          let plain = content.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
          let ascii = Self.read(json) { reader in reader.asciiString().map { Array($0) } }
          #expect(ascii == (plain ? content : nil), "\(content)")
          checked += 1
        }
      }
    }
    #expect(checked == 11 * 18 * 5)
    #expect(read > checked / 2 && read < checked)  // both kinds of outcome were seen
  }

  @Test("a string a hundred times a usual one is read whole, by both readers")
  func longString() {
    let text = String(repeating: "pomeranian.jpeg", count: 100)
    let json = Array("\"\(text)\"".utf8)
    #expect(Self.read(json) { $0.string() }?.utf8.count == 1_500)
    #expect(Self.read(json) { $0.asciiString()?.count } == 1_500)
    let korean = String(repeating: "서울", count: 100)
    #expect(Self.read(Array("\"\(korean)\"".utf8)) { $0.string() } == korean)
  }
}
