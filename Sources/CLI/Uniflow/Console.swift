import Features
import Foundation

/// A problem with one line of input.
struct Problem: Equatable, Sendable {
  let message: String
  /// The input line's number (script mode), if known.
  var line: Int?
  /// The column the problem is at, if known.
  var column: Int?

  /// `line 3: …` in script mode, `error: …` otherwise.
  var rendered: String { line.map { "line \($0): \(message)" } ?? "error: \(message)" }
}

/// Where the REPL writes: screens and results to `output`, problems to `error`.
@MainActor
protocol Console: AnyObject {
  func output(_ line: String)
  func error(_ line: String)
  /// A screen's display changed (or was asked for).
  func screen(_ line: ScreenLine)
  /// A line of input could not be handled.
  func problem(_ problem: Problem)
  /// A command's result: `lines` for people, `json` (a JSON-serialisable value) for programs.
  /// Each console builds only the one it prints.
  func result(_ kind: String, lines: @autoclosure () -> [String], json: @autoclosure () -> Any)
}

extension Console {
  func screen(_ line: ScreenLine) { output(line.rendered) }
  func problem(_ problem: Problem) { error(problem.rendered) }
  func result(_ kind: String, lines: @autoclosure () -> [String], json: @autoclosure () -> Any) {
    for line in lines() { output(line) }
  }
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

/// `--json`: one JSON object a line on stdout, in the order things happen —
/// `{"screen":"clock","text":"…"}`, `{"error":"…","line":3,"column":1}`, and `{"state":{…}}`,
/// `{"help":[…]}`, `{"history":[…]}` for those commands.
@MainActor
final class JSONConsole: Console {
  func output(_ line: String) { emit(["message": line]) }
  func error(_ line: String) { emit(["error": line]) }
  func screen(_ line: ScreenLine) { emit(["screen": line.screen, "text": line.text]) }

  func problem(_ problem: Problem) {
    var object: [String: Any] = ["error": problem.message]
    if let line = problem.line { object["line"] = line }
    if let column = problem.column { object["column"] = column }
    emit(object)
  }

  func result(_ kind: String, lines: @autoclosure () -> [String], json: @autoclosure () -> Any) {
    emit([kind: json()])
  }

  private func emit(_ object: [String: Any]) {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return }
    FileHandle.standardOutput.write(data + Data("\n".utf8))
  }
}
