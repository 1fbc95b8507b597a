import Foundation
import Testing

@testable import Console

/// `:history --json` (and any list a console prints as JSON) goes out in pieces as its items are
/// serialised, so the memory it holds is one piece and one item, however long the list.
@MainActor
@Suite("A JSON list written in pieces")
struct JSONListStreamingTests {
  /// A history of `count` typed commands written as JSON: the size of each piece, and the line.
  private func written(_ count: Int) -> (pieces: [Int], line: String) {
    var pieces: [Int] = []
    var line = ""
    JSONConsole.writeList(
      "history", itemCount: count,
      item: { #"{"action":".clock(.moveDay(1))","seq":\#($0 + 1),"source":"typed"}"# }
    ) { piece in
      pieces.append(piece.description.utf8.count)
      line += piece.description
    }
    return (pieces, line)
  }

  @Test("10 and 100 times the history is 10 and 100 times the pieces, none over 64 KB and an item")
  func piecesAreBounded() throws {
    let item = 64  // `{"action":".clock(.moveDay(1))","seq":150000,"source":"typed"},`
    for count in [1_500, 15_000, 150_000] {
      let (pieces, line) = written(count)
      let bytes = line.utf8.count
      // Held at most: one piece and the item that made it reach 64 KB.
      #expect(pieces.allSatisfy { $0 <= 65_536 + item }, "\(pieces.max() ?? 0)")
      // Each piece but the last is 64 KB or more: never more pieces than that allows.
      #expect(pieces.count <= bytes / 65_536 + 1, "\(pieces.count) pieces, \(bytes) bytes")
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      #expect((object?["history"] as? [Any])?.count == count)
      #expect(line.hasSuffix("}]}\n"))
    }
  }

  @Test("a string is written as JSONSerialization writes it: quotes, backslashes, every control")
  func stringsAsJSONSerializationWritesThem() throws {
    let texts =
      (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }
      + [#"say "hi""#, #"a\b"#, "/", "\u{7F}", "é 서울 🐕", "", ".clock(.moveDay(-1))"]
    for text in texts {
      let expected = try #require(JSONLine.text([text]))
      #expect("[" + JSONLine.string(text) + "]" == expected, "\(text.debugDescription)")
    }
  }
}
