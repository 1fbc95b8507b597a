@testable import CLI

/// Keeps what a session prints, screens and errors apart.
@MainActor
final class RecordingConsole: Console {
  private(set) var outputs: [String] = []
  private(set) var errors: [String] = []

  func output(_ line: String) { outputs.append(line) }
  func error(_ line: String) { errors.append(line) }

  /// Forgets what was printed so far.
  func clear() {
    outputs = []
    errors = []
  }
}
