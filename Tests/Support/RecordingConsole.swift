import Console

/// Keeps what a session prints, screens and errors apart.
@MainActor
package final class RecordingConsole: Console {
  package private(set) var outputs: [String] = []
  package private(set) var errors: [String] = []
  /// What ``progress(_:)`` was given, in order: a status, or nil when the line went.
  package private(set) var statuses: [String?] = []

  package init() {}

  /// Lines as they would reach the terminal: escaped.
  package func output(_ line: TerminalText) { outputs.append(line.escaped) }
  package func error(_ line: TerminalText) { errors.append(line.escaped) }
  package func progress(_ status: String?) { statuses.append(status) }

  /// Forgets what was printed so far.
  package func clear() {
    outputs = []
    errors = []
    statuses = []
  }
}
