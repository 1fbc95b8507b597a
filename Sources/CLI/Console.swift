import Foundation

/// Where the REPL writes: screens and results to `output`, problems to `error`.
@MainActor
protocol Console: AnyObject {
  func output(_ line: String)
  func error(_ line: String)
}

/// The process's stdout and stderr, written unbuffered so that screens, errors and prompts
/// appear in the order they happen even when both go to one pipe.
@MainActor
final class StandardConsole: Console {
  /// The prompt shown in interactive mode; empty in script mode.
  var prompt = ""
  private var promptShown = false

  func output(_ line: String) {
    write(line + "\n", to: FileHandle.standardOutput)
  }

  func error(_ line: String) {
    write(line + "\n", to: FileHandle.standardError)
  }

  /// Shows the prompt, unless it is already on screen.
  func showPrompt() {
    guard !prompt.isEmpty, !promptShown else { return }
    promptShown = true
    FileHandle.standardOutput.write(Data(prompt.utf8))
  }

  private func write(_ text: String, to handle: FileHandle) {
    guard promptShown else {
      handle.write(Data(text.utf8))
      return
    }
    // Something arrived while the prompt waits: clear the prompt line, print, show it again.
    FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8))
    handle.write(Data(text.utf8))
    FileHandle.standardOutput.write(Data(prompt.utf8))
  }

  /// The user pressed Return: the prompt line is finished.
  func promptAnswered() {
    promptShown = false
  }
}
