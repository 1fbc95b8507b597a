import Console

/// A command line that cannot run. Printed with a pointer to `--help`; exit status 2.
///
/// ```swift
/// throw UsageError("--seeds needs a whole number from 1 to 1000000")
/// ```
struct UsageError: Error, Equatable, CustomStringConvertible {
  let message: String

  init(_ message: String) {
    self.message = message
  }

  var description: String { "uniflow: \(message)\nRun 'uniflow --help' for usage." }

  /// The two lines as they go to stderr, the message escaped: it may quote any argument.
  var rendered: TerminalText { "uniflow: \(message)\nRun 'uniflow --help' for usage.\n" }
}
