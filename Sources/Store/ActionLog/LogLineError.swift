import Store

/// Why a line could not be read: what is wrong and the byte offset in the line where it is.
///
/// ```swift
/// throw LogLineError("\"days\" should be a whole number", at: 42)
/// ```
/// The reader turns it into an ``ActionLogError`` with the file, line and column.
public struct LogLineError: Error, Equatable, Sendable {
  /// What is wrong, e.g. `"days" should be a whole number, not a string ("one")`.
  public var message: String
  /// 0-based byte offset into the line, when one place is to blame, e.g. `42`.
  public var offset: Int?

  /// A problem described by `message`, at byte `offset` of the line when one place is to blame.
  ///
  /// ```swift
  /// throw LogLineError("\"breed\" must be pug or poodle")
  /// ```
  public init(_ message: String, at offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }

  /// The words that stand for the program in a message it fills in later (``naming(app:)``).
  static let programWords = "this program "

  /// Whether the message says ``programWords`` where the program replaying should be named.
  var namesProgram = false

  /// This error with the program replaying named, e.g. "this todos knows add, toggle, …".
  package func naming(app: String) -> LogLineError {
    guard namesProgram, app != "program" else { return self }
    var named = self
    if let range = message.range(of: Self.programWords) {
      named.message.replaceSubrange(range, with: "this \(app) ")
    }
    named.namesProgram = false
    return named
  }
}
