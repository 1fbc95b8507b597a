/// Where something was written: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
@usableFromInline
package struct CallSite: Sendable {
  @usableFromInline package let fileID: String
  @usableFromInline package let filePath: StaticString
  @usableFromInline package let line: UInt
  @usableFromInline package let column: UInt

  @inlinable
  package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5`.
  package var description: String { "\(fileID):\(line):\(column)" }

  /// A failure reported here.
  package func failure(_ message: String) -> TestFailure {
    TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
