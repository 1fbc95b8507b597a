import Foundation

/// A problem with one line of input.
@usableFromInline
package struct Problem: Equatable, Sendable {
  package let message: String
  /// The input line's number (script mode), if known.
  package var line: Int?
  /// The column the problem is at, if known.
  package var column: Int?

  package init(message: String, line: Int? = nil, column: Int? = nil) {
    self.message = message
    self.line = line
    self.column = column
  }

  /// `line 3: …` in script mode, `error: …` otherwise; the message escaped.
  package var rendered: TerminalText {
    line.map { "line \($0): \(message)" } ?? "error: \(message)"
  }
}

/// Where the REPL writes: screens and results to `output`, problems to `error`. Everything it
/// takes is a ``TerminalText`` or a value it turns into one, so text from outside is escaped on
/// every way to the terminal.
@MainActor
@usableFromInline
package protocol Console: AnyObject {
  func output(_ line: TerminalText)
  func error(_ line: TerminalText)
  /// A screen's display changed (or was asked for): the screen called `name` now shows `text`.
  func screen(_ name: String, text: String)
  /// A line of input could not be handled.
  func problem(_ problem: Problem)
  /// A command's result: `lines` for people, `json` (a JSON-serialisable value) for programs.
  /// Each console builds only the one it prints.
  func result(
    _ kind: String, lines: @autoclosure () -> [TerminalText], json: @autoclosure () -> Any)
  /// A result that is a list, printed one item at a time as it is built — `lineCount` lines
  /// `line(i)` for people, `itemCount` JSON objects `item(i)` for programs — so that printing a
  /// list of a million items takes memory for one item, not for the list.
  func resultList(
    _ kind: String, lineCount: Int, line: (Int) -> TerminalText, itemCount: Int,
    item: (Int) -> String)
  /// How far slow work has got (`shrink: 412 replays, 10,000 → 37 actions`), or nil when it
  /// is over: a console that can shows it in place, and clears it before anything else.
  /// Throttle calls with ``ProgressLine``.
  func progress(_ status: String?)
}

extension Console {
  /// Most consoles show no progress: a pipe, a file, `--json` and tests see only results.
  package func progress(_ status: String?) {}
  package func screen(_ name: String, text: String) { output("\(name): \(text)") }
  package func problem(_ problem: Problem) { error(problem.rendered) }
  package func result(
    _ kind: String, lines: @autoclosure () -> [TerminalText], json: @autoclosure () -> Any
  ) {
    for line in lines() { output(line) }
  }

  package func resultList(
    _ kind: String, lineCount: Int, line: (Int) -> TerminalText, itemCount: Int,
    item: (Int) -> String
  ) {
    for index in 0..<lineCount { output(line(index)) }
  }
}

/// The process's stdout and stderr (through ``StandardStreams``), so that screens, errors and
/// prompts appear in the order they happen even when both go to one pipe.
@MainActor
package final class StandardConsole: Console {
  /// The prompt shown in interactive mode; empty in script mode.
  package var prompt: TerminalText = ""
  private var promptShown = false
  /// Whether a progress line is on standard error now.
  private var progressShown = false
  /// Progress is shown only where a person watches: standard error is a terminal.
  private let showsProgress = isatty(STDERR_FILENO) == 1

  package init() {}

  package func progress(_ status: String?) {
    guard showsProgress else { return }
    if let status {
      StandardStreams.write("\r\u{1B}[K" + TerminalText(status), to: .error)
      progressShown = true
    } else {
      clearProgress()
    }
  }

  private func clearProgress() {
    guard progressShown else { return }
    progressShown = false
    StandardStreams.write("\r\u{1B}[K", to: .error)
  }

  package func output(_ line: TerminalText) {
    write(line + "\n", to: .output)
  }

  package func error(_ line: TerminalText) {
    write(line + "\n", to: .error)
  }

  /// Shows the prompt, unless it is already on screen.
  package func showPrompt() {
    guard !prompt.escaped.isEmpty, !promptShown else { return }
    promptShown = true
    StandardStreams.write(prompt)
  }

  private func write(_ text: TerminalText, to stream: StandardStreams.Stream) {
    clearProgress()
    guard promptShown else {
      StandardStreams.write(text, to: stream)
      return
    }
    // Something arrived while the prompt waits: clear the prompt line, print, show it again.
    StandardStreams.write("\r\u{1B}[K")
    StandardStreams.write(text, to: stream)
    StandardStreams.write(prompt)
  }

  /// The user pressed Return: the prompt line is finished.
  package func promptAnswered() {
    promptShown = false
  }
}

/// `--json`: one JSON object a line on stdout, in the order things happen —
/// `{"screen":"clock","text":"…"}`, `{"error":"…","line":3,"column":1}`, and `{"state":{…}}`,
/// `{"help":[…]}`, `{"history":[…]}` for those commands. Text keeps JSON's own escaping, with
/// the characters JSON leaves raw but a terminal acts on escaped as well
/// (``TerminalText/init(json:)``).
@MainActor
package final class JSONConsole: Console {
  package init() {}

  package func output(_ line: TerminalText) { emit(["message": line.unescaped]) }
  package func error(_ line: TerminalText) { emit(["error": line.unescaped]) }
  package func screen(_ name: String, text: String) { emit(["screen": name, "text": text]) }

  package func problem(_ problem: Problem) {
    var object: [String: Any] = ["error": problem.message]
    if let line = problem.line { object["line"] = line }
    if let column = problem.column { object["column"] = column }
    emit(object)
  }

  package func result(
    _ kind: String, lines: @autoclosure () -> [TerminalText], json: @autoclosure () -> Any
  ) {
    emit([kind: json()])
  }

  /// `{"KIND":[ITEM,…]}` on one line, each item the JSON text `item` makes (``JSONLine``'s
  /// form: compact, keys sorted), written in pieces of about 64 KB as the items are made.
  package func resultList(
    _ kind: String, lineCount: Int, line: (Int) -> TerminalText, itemCount: Int,
    item: (Int) -> String
  ) {
    Self.writeList(kind, itemCount: itemCount, item: item) { StandardStreams.write($0) }
  }

  /// ``resultList(_:lineCount:line:itemCount:item:)``'s JSON, handed to `write` in pieces: each
  /// piece as soon as it reaches 64 KB, so that the memory held is one piece and one item,
  /// however long the list (the last piece ends the line).
  ///
  /// ```swift
  /// JSONConsole.writeList("history", itemCount: 2, item: { #"{"seq":\#($0)}"# }) { print($0) }
  /// // {"history":[{"seq":0},{"seq":1}]}
  /// ```
  package static func writeList(
    _ kind: String, itemCount: Int, item: (Int) -> String, write: (TerminalText) -> Void
  ) {
    var chunk = "{" + JSONLine.string(kind) + ":["
    for index in 0..<itemCount {
      if index > 0 { chunk += "," }
      chunk += item(index)
      if chunk.utf8.count >= 65_536 {
        write(TerminalText(json: chunk))
        chunk = ""
      }
    }
    write(TerminalText(json: chunk + "]}") + "\n")
  }

  private func emit(_ object: [String: Any]) {
    guard let line = JSONLine.text(object) else { return }
    StandardStreams.write(TerminalText(json: line) + "\n")
  }
}

/// One line of compact JSON with sorted keys, slashes unescaped.
package enum JSONLine {
  /// `text` as a JSON string literal, as ``text(_:)`` writes one: a quote, a backslash and
  /// the control characters escaped, everything else as it is. O(length of `text`).
  ///
  /// ```swift
  /// JSONLine.string(#"say "hi""#)   // #""say \"hi\"""#
  /// ```
  package static func string(_ text: String) -> String {
    var escaped = "\""
    escaped.reserveCapacity(text.utf8.count + 2)
    var plain = text.utf8.startIndex
    for index in text.utf8.indices {
      let byte = text.utf8[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        continue
      }
      escaped += text[plain..<index]
      switch byte {
      case UInt8(ascii: "\""): escaped += "\\\""
      case UInt8(ascii: "\\"): escaped += "\\\\"
      case 0x0A: escaped += "\\n"
      case 0x0D: escaped += "\\r"
      case 0x09: escaped += "\\t"
      case 0x08: escaped += "\\b"
      case 0x0C: escaped += "\\f"
      default:
        let hex = String(byte, radix: 16)
        escaped += "\\u00" + (hex.count < 2 ? "0" : "") + hex
      }
      plain = text.utf8.index(after: index)
    }
    escaped += text[plain...]
    return escaped + "\""
  }

  package static func text(_ object: Any) -> String? {
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }
}
