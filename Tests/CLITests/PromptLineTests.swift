import StoreTesting
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// One row of a terminal, as much of one as the prompt line uses: printable text, `\r`, `ESC [K`
/// (clear to the end of the row), `ESC [nD` and `ESC [nC` (cursor left and right).
struct TerminalRow {
  var cells: [Character?]
  var cursor = 0

  init(columns: Int) {
    cells = Array(repeating: nil, count: columns)
  }

  /// The row's text, wide characters once.
  var text: String { String(cells.compactMap { $0 }) }

  mutating func apply(_ output: String) {
    var characters = output[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r":
        cursor = 0
      case "\u{1B}":
        guard characters.popFirst() == "[" else { Issue.record("not a CSI"); return }
        let digits = characters.prefix { $0.isNumber }
        characters = characters.dropFirst(digits.count)
        let count = Int(digits) ?? 1
        switch characters.popFirst() {
        case "K": for column in cursor..<cells.count { cells[column] = nil }
        case "D": cursor -= count
        case "C": cursor += count
        default: Issue.record("an unexpected escape sequence in \(output.debugDescription)")
        }
        #expect(cursor >= 0 && cursor < cells.count, "the cursor left the row")
      default:
        let width = DisplayWidth.of(character)
        guard cursor + width <= cells.count else {
          Issue.record("writing past the end of the row: \(output.debugDescription)")
          return
        }
        cells[cursor] = character
        if width > 1 { for column in (cursor + 1)..<(cursor + width) { cells[column] = nil } }
        cursor += width
      }
    }
  }
}

@Suite("Drawing the prompt line")
struct PromptLineTests {
  static let keys = Gen.frequency(
    (6, Gen.element(of: Array("abc 서울🐶") + ["\u{9B}", "\u{1B}"]).map(Key.character)),
    (1, Gen.element(of: [Key.left, .right, .home, .end, .backspace, .delete, .up, .down])),
    (1, Gen.element(of: [Key.killToEnd, .killToStart, .deleteWord, .enter])))

  @Test("after any keys the row shows the text around the cursor, escaped, the cursor in place")
  func rowMatchesTheText() {
    forAll(Gen.zip(Self.keys.array(count: 1...120), Gen.int(in: 20...40)), .examples(300)) {
      keys, columns in
      var editor = LineEditor(prompt: "> ")
      var view = PromptLine(prompt: "> ", columns: columns)
      var row = TerminalRow(columns: columns)
      for key in keys {
        if editor.handle(key) != nil {
          view.forget(resettingScroll: true)
        }
        row.apply(view.draw(text: editor.text, cursor: editor.cursor).escaped)
        let shown = TerminalText(String(editor.text)).escaped
        let visible = String(row.text.dropFirst(2))
        guard row.text.hasPrefix("> "), visible.isEmpty || shown.contains(visible) else {
          Issue.record(
            "the row shows \(row.text.debugDescription), not part of \(shown.debugDescription)")
          return false
        }
        // The cursor stands after the characters before it that are on the row.
        let before = TerminalText(String(editor.text[view.start..<editor.cursor])).escaped
        guard row.cursor == 2 + DisplayWidth.of(before), visible.hasPrefix(before) else {
          Issue.record("the cursor is at \(row.cursor) in \(row.text.debugDescription)")
          return false
        }
      }
      return true
    }
  }

  @Test("typing 5,000 characters writes a bounded number of bytes per character")
  func bytesPerKey() async {
    await onThreadOfItsOwn {
      var view = PromptLine(prompt: "uniflow> ", columns: 80)
      var text: [Character] = []
      var bytes = 0
      for index in 0..<5_000 {
        text.append(index % 7 == 0 ? "서" : "a")
        bytes += view.draw(text: text, cursor: text.count).escaped.utf8.count
      }
      // Each character itself (at most 3 bytes), and a redraw of at most a row's worth of bytes
      // every half a row of characters, when the line scrolls.
      #expect(bytes < 5_000 * 10, "\(bytes) bytes")
      // ASCII typed key by key, the worst a paste can arrive in: under 4 bytes a character (the
      // interactive test's bound).
      var ascii = PromptLine(prompt: "uniflow> ", columns: 80)
      var typed: [Character] = []
      var asciiBytes = 0
      for _ in 0..<5_000 {
        typed.append("x")
        asciiBytes += ascii.draw(text: typed, cursor: typed.count).escaped.utf8.count
      }
      #expect(asciiBytes < 4 * 5_000, "\(asciiBytes) bytes")
      // Moving the cursor is a short escape sequence, however long the line.
      #expect(view.draw(text: text, cursor: text.count - 1).escaped.utf8.count <= 6)
    }
  }
}
