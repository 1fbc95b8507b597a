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
}
