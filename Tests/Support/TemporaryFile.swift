import Foundation

/// A fresh path in the temporary directory, for a test's file; `remove()` deletes it.
///
/// ```swift
/// let file = TemporaryFile("session.log")
/// defer { file.remove() }
/// try file.write("hello\n")
/// ```
public struct TemporaryFile: Sendable {
  /// The file's absolute path. Nothing exists there until something writes it.
  public let path: String

  public init(_ name: String = "log") {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("uniflow-test-\(UUID().uuidString)-\(name)").path
  }

  public func write(_ text: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  public func read() throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  /// The complete lines of the file (each ended by a newline), without their newlines; empty if
  /// the file does not exist.
  public func lines() -> [String] {
    guard let text = try? read() else { return [] }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

extension String {
  /// This action-log line without its state fingerprint (`,"fp":"…"`), for tests that compare
  /// lines but not the states' fingerprints.
  public var withoutFingerprint: String {
    replacingOccurrences(of: #","fp":"[0-9a-f]{16}""#, with: "", options: .regularExpression)
  }
}
