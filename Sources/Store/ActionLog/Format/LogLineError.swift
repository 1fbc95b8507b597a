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

  /// An action name the program does not know, as the log spells it, and the names it knows:
  /// kept apart so that ``naming(app:)`` can rebuild the message whatever the name contains.
  struct UnknownAction: Equatable, Sendable {
    let raw: String
    let known: String

    func message(app: String) -> String { "unknown action \(raw); this \(app) knows \(known)" }
  }

  /// Set when this is an unknown action, so that the replaying program can name itself.
  var unknownAction: UnknownAction?

  /// An unknown action `raw`, at byte `offset`; "this program knows `known`" until
  /// ``naming(app:)`` names the program.
  init(unknownAction raw: String, known: String, at offset: Int) {
    let unknown = UnknownAction(raw: raw, known: known)
    self.init(unknown.message(app: "program"), at: offset)
    unknownAction = unknown
  }

  /// This error with the program replaying named, e.g. "this todos knows add, toggle, …".
  package func naming(app: String) -> LogLineError {
    guard let unknownAction else { return self }
    var named = self
    named.message = unknownAction.message(app: app)
    return named
  }
}
