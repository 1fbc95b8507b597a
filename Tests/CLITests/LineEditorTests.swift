import Testing

@testable import Console
@testable import UniflowConsole

@Suite("Line editing keys")
struct LineEditorTests {
  private func type(_ text: String, into editor: inout LineEditor) -> [LineEditor.Event] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)).compactMap { editor.handle($0) }
  }

  @Test("escape sequences, control keys and UTF-8 decode to keys, even split across reads")
  func decodesKeys() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, 0x5B]) == [])  // half an arrow: wait for the rest
    #expect(decoder.feed([0x41]) == [.up])
    #expect(decoder.feed(Array("\u{1B}[3~\u{1B}[H\u{1B}OF".utf8)) == [.delete, .home, .end])
    #expect(
      decoder.feed([0x03, 0x04, 0x7F, 0x0D]) == [.interrupt, .endOfInput, .backspace, .enter])
    #expect(decoder.feed(Array("서".utf8).prefix(2)) == [])
    #expect(decoder.feed(Array("서".utf8).suffix(1)) == [.character("서")])
    #expect(decoder.feed([0xFF]) == [.character("\u{FFFD}")])
  }

  @Test("typing, moving and deleting edit the line; Return hands it over")
  func editsLine() {
    var editor = LineEditor(prompt: "> ")
    #expect(type("helo\u{1B}[Dl\r", into: &editor) == [.line("hello")])
    #expect(type("a b c\u{17}\u{17}x\r", into: &editor) == [.line("a x")])
    #expect(type("abc\u{1}\u{B}z\r", into: &editor) == [.line("z")])
    #expect(type("abc\u{1B}[D\u{15}\r", into: &editor) == [.line("c")])
  }

  @Test("the arrows walk the history and come back to the line being typed")
  func history() {
    var editor = LineEditor(prompt: "> ")
    _ = type("one\rtwo\rtwo\r", into: &editor)
    #expect(editor.history == ["one", "two"])  // a repeat is kept once
    _ = type("dra", into: &editor)
    _ = type("\u{1B}[A\u{1B}[A\u{1B}[A", into: &editor)
    #expect(String(editor.text) == "one")
    _ = type("\u{1B}[B\u{1B}[B", into: &editor)
    #expect(String(editor.text) == "dra")
  }

  @Test("Ctrl-D leaves only on an empty line; Ctrl-C drops the line")
  func controlKeys() {
    var editor = LineEditor(prompt: "> ")
    #expect(type("ab\u{1}\u{4}\r", into: &editor) == [.line("b")])
    #expect(type("\u{4}", into: &editor) == [.endOfInput])
    #expect(type("half\u{3}", into: &editor) == [.interrupt])
    #expect(editor.text.isEmpty)
  }

  @Test("a redraw puts the cursor back, counting wide Hangul as two columns and escapes as theirs")
  func render() {
    var editor = LineEditor(prompt: "> ")
    var view = PromptLine(prompt: "> ", columns: 80)
    _ = type("서울 x\u{1B}[D\u{1B}[D\u{1B}[D", into: &editor)
    #expect(
      view.draw(text: editor.text, cursor: editor.cursor).escaped == "\r\u{1B}[K> 서울 x\u{1B}[4D")
    #expect(DisplayWidth.of("서울 x") == 6)
    #expect(DisplayWidth.of("\u{1B}\u{9B}") == 12)
  }
}
