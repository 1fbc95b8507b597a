import Store

/// Why an action log could not be read or written, and where: `FILE:LINE:COLUMN: message`.
///
/// ```swift
/// do { _ = try ActionLogReader<AppAction>(path: "session.log") }
/// catch { print(error) }   // session.log:7:32: unknown action "clock.bogus"; this uniflow knows …
/// ```
public struct ActionLogError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What kind of problem it is, for callers that add their own advice.
  ///
  /// ```swift
  /// if error.kind == .alreadyExists { print("add --force to overwrite it") }
  /// ```
  public enum Kind: Equatable, Sendable {
    /// The file could not be opened (missing, a directory, no permission).
    case cannotOpen
    /// Recording would overwrite an existing file.
    case alreadyExists
    /// The file is not a log this version can read, or a line of it is wrong.
    case badLog
    /// Writing the log failed (disk full, say), or a state could not be encoded.
    case cannotWrite
  }

  /// What kind of problem it is: `.badLog` for a line that is wrong.
  public let kind: Kind
  /// The log's path as given, e.g. `session.log`.
  public let file: String
  /// The 1-based line, when one line is to blame, e.g. `7`.
  public let line: Int?
  /// The 1-based column in characters, when one place in the line is to blame, e.g. `32`.
  public let column: Int?
  /// What is wrong, and where it helps, how to fix it, e.g. `unknown action "clock.bogus"; …`.
  public let message: String

  /// An error of `kind` in `file`, at `line` and `column` when known.
  ///
  /// ```swift
  /// ActionLogError(.badLog, file: "s.log", line: 1, "the header has no \"timeZone\" setting")
  /// ```
  package init(_ kind: Kind, file: String, line: Int? = nil, column: Int? = nil, _ message: String)
  {
    self.kind = kind
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }

  /// `file:line:column: message`, leaving out what is not known:
  /// `session.log:7:32: unknown action "clock.bogus"; …`.
  public var description: String {
    var place = file
    if let line { place += ":\(line)" }
    if let line = line, line > 0, let column { place += ":\(column)" }
    return "\(place): \(message)"
  }
}
