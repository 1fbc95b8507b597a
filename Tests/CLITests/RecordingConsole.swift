@testable import CLI
@testable import Console

/// Keeps what a session prints, screens and errors apart.
@MainActor
final class RecordingConsole: Console {
  private(set) var outputs: [String] = []
  private(set) var errors: [String] = []

  /// Lines as they would reach the terminal: escaped.
  func output(_ line: TerminalText) { outputs.append(line.escaped) }
  func error(_ line: TerminalText) { errors.append(line.escaped) }

  /// Forgets what was printed so far.
  func clear() {
    outputs = []
    errors = []
  }
}
