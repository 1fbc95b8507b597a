import Foundation

/// The interactive REPL's screen: the prompt line being edited stays at the bottom; screens and
/// messages that arrive while the user types are printed above it, and the prompt and the typed
/// text are drawn again, cursor in place. The typed text is drawn by a ``PromptLine``, which
/// writes only what changed.
@MainActor
package final class TerminalConsole: Console {
  package var editor: LineEditor
  private var view: PromptLine
  /// Whether the prompt line is on screen (false while a command runs).
  private var editing = false

  package init(prompt: TerminalText) {
    editor = LineEditor(prompt: prompt)
    view = PromptLine(prompt: prompt, columns: TerminalMode.columns())
  }

  package func output(_ line: TerminalText) {
    showAbove(line, to: .output)
  }

  package func error(_ line: TerminalText) {
    showAbove(line, to: .error)
  }

  /// Shows the prompt with whatever has been typed.
  package func showPrompt() {
    editing = true
    view.columns = TerminalMode.columns()
    view.forget()
    redraw()
  }

  /// Return was pressed: the prompt line stays as typed and output continues below it.
  package func finishLine() {
    editing = false
    view.forget(resettingScroll: true)
    StandardStreams.write("\n")
  }

  /// Draws what changed on the prompt line since it was last drawn.
  package func redraw() {
    guard editing else { return }
    StandardStreams.write(view.draw(text: editor.text, cursor: editor.cursor))
  }

  /// Ctrl-L: clears the screen and draws the prompt line at the top.
  package func clearScreen() {
    StandardStreams.write("\u{1B}[H\u{1B}[2J")
    view.forget()
    redraw()
  }

  /// Writes text of the program's own, such as `^C`, on the prompt line.
  package func raw(_ text: TerminalText) {
    StandardStreams.write(text)
  }

  private func showAbove(_ line: TerminalText, to stream: StandardStreams.Stream) {
    guard editing else {
      StandardStreams.write(line + "\n", to: stream)
      return
    }
    StandardStreams.write("\r\u{1B}[K")
    StandardStreams.write(line + "\n", to: stream)
    view.forget()
    redraw()
  }
}
