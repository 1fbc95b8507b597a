import Foundation

/// The interactive REPL's screen: the prompt line being edited stays at the bottom; screens and
/// messages that arrive while the user types are printed above it, and the prompt and the typed
/// text are drawn again, cursor in place.
@MainActor
final class TerminalConsole: Console {
  var editor: LineEditor
  /// Whether the prompt line is on screen (false while a command runs).
  private var editing = false

  init(prompt: String) {
    editor = LineEditor(prompt: prompt)
  }

  func output(_ line: String) {
    print(line, to: FileHandle.standardOutput)
  }

  func error(_ line: String) {
    print(line, to: FileHandle.standardError)
  }

  /// Shows the prompt with whatever has been typed.
  func showPrompt() {
    editing = true
    redraw()
  }

  /// Return was pressed: the prompt line stays as typed and output continues below it.
  func finishLine() {
    editing = false
    write("\n", to: FileHandle.standardOutput)
  }

  func redraw() {
    guard editing else { return }
    write(editor.render(), to: FileHandle.standardOutput)
  }

  /// Writes raw text (an escape sequence, `^C`).
  func raw(_ text: String) {
    write(text, to: FileHandle.standardOutput)
  }

  private func print(_ line: String, to handle: FileHandle) {
    if editing {
      write("\r\u{1B}[K", to: FileHandle.standardOutput)
      write(line + "\n", to: handle)
      redraw()
    } else {
      write(line + "\n", to: handle)
    }
  }

  private func write(_ text: String, to handle: FileHandle) {
    handle.write(Data(text.utf8))
  }
}
