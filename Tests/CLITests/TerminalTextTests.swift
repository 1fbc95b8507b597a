import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import UniflowConsole

/// The one sanitiser on the way to the terminal, and that there is no other way.
@Suite("Terminal text")
struct TerminalTextTests {
  /// The scalars a terminal acts on: C0, DEL, C1, the bidirectional formatting characters and
  /// the line and paragraph separators.
  static let acted: [Unicode.Scalar] =
    (Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F]
    + Array(0x2028...0x202E) + Array(0x2066...0x2069)).compactMap(Unicode.Scalar.init)

  @Test("every scalar a terminal acts on is shown as a Swift escape; nothing else is touched")
  func escapes() {
    for scalar in Self.acted {
      #expect(TerminalText.escape("a\(scalar)b") == "a\\u{\(String(scalar.value, radix: 16))}b")
    }
    let others = Gen.int(in: 0x20...0x10FFFF).map { Unicode.Scalar(UInt32($0)) }
    forAll(others, .examples(2_000)) { scalar in
      guard let scalar, !Self.acted.contains(scalar) else { return true }
      return TerminalText.escape(String(scalar)) == String(scalar)
    }
    #expect(TerminalText.escape("서울 ☁️ 🐶") == "서울 ☁️ 🐶")
  }

  @Test("interpolated values are escaped, literal parts are not")
  func interpolation() {
    let payload = "\u{1B}]0;pwned\u{07}"
    let text: TerminalText = "\u{1B}[K\(payload) \(42)\n"
    #expect(text.escaped == "\u{1B}[K\\u{1b}]0;pwned\\u{7} 42\n")
    #expect(text.unescaped == "\u{1B}[K\(payload) 42\n")
    let fake = "a\nclock: fake"
    #expect(TerminalText(fake).escaped == "a\\u{a}clock: fake")
    // A literal is the program's own text, even written as an initialiser's argument.
    #expect(TerminalText("a\u{1B}[K").escaped == "a\u{1B}[K")
  }

  @Test("JSON text keeps its meaning and loses every raw character a terminal acts on")
  func json() throws {
    let hostile = Gen.element(of: Self.acted.map(String.init) + ["a", "서", "\"", "\\", "/"])
      .array(count: 0...20).map { $0.joined() }
    forAll(hostile, .examples(500)) { text in
      let line = try #require(JSONLine.text(["text": text]))
      let safe = TerminalText(json: line).escaped
      let back = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
      return back?["text"] == text && !safe.unicodeScalars.contains(where: TerminalText.needsEscape)
    }
  }

  /// The CLI's sources — the console, uniflow and its bench — from this file's place in the
  /// package. (The fuzzers report to libFuzzer, not to a terminal.)
  static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CLI")

  @Test("nothing but StandardStreams writes to stdout or stderr, and nothing makes text unescaped")
  func oneWayToTheTerminal() throws {
    let forbidden = [
      "print(", "FileHandle.standard", "fputs(", "fwrite(", "putchar(", "puts(", "dprintf(",
      "Glibc.write(", "write(STDOUT", "write(STDERR", "write(1,", "write(2,", "stringLiteral:",
      "TextOutputStream",
    ]
    let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path))
      .compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") && !$0.contains("Fuzz") }
    #expect(files.count > 100)
    for file in files where !file.hasSuffix("Output/StandardStreams.swift") {
      let text = try String(
        contentsOf: Self.sources.appendingPathComponent(file), encoding: .utf8)
      let code = text.split(separator: "\n").filter {
        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
      }
      for token in forbidden {
        #expect(!code.contains { $0.contains(token) }, "\(file) uses \(token)")
      }
    }
  }
}
