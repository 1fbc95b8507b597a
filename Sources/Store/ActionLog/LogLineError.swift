import Store

/// Why a line could not be read: what is wrong and the byte offset in the line where it is.
///
/// ```swift
/// throw LogLineError("\"days\" should be a whole number", at: 42)
/// ```
/// The reader turns it into an ``ActionLogError`` with the file, line and column.
public struct LogLineError: Error, Equatable, Sendable {
  /// What is wrong.
  public var message: String
  /// 0-based byte offset into the line, when one place is to blame.
  public var offset: Int?

  public init(_ message: String, at offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }
}
