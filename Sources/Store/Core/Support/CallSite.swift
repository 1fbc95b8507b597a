/// Where something was written: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
@usableFromInline
package struct CallSite: Sendable {
  @usableFromInline package let fileID: String
  @usableFromInline package let filePath: StaticString
  @usableFromInline package let line: UInt
  @usableFromInline package let column: UInt
  /// What was written there, as a failure names it: "`.run`", "`debounce`", "`throttle`".
  @usableFromInline package let operation: String

  @inlinable
  package init(
    fileID: String, filePath: StaticString, line: UInt, column: UInt, operation: String = "`.run`"
  ) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
    self.operation = operation
  }

  /// `Module/File.swift:12:5`.
  package var description: String { "\(fileID):\(line):\(column)" }

  /// "the `.run` at Module/File.swift:12:5": the effect written here, for failure messages.
  package var effectDescription: String { "the \(operation) at \(description)" }

  /// Whether `location` names this place: the end of its `fileID:line` or `fileID:line:column`,
  /// cut at a `/` or where the text starts (`"File.swift:12"`, `"Module/File.swift:12:5"`).
  package func isNamed(by location: String) -> Bool {
    let place = "\(fileID):\(line)"
    return [place, "\(place):\(column)"].contains { full in
      full == location || full.hasSuffix("/" + location)
    }
  }

  /// A failure reported here.
  package func failure(_ message: String) -> TestFailure {
    TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
