import Store

/// Checks that `property` holds for values of `gen`: runs it on examples from a seed and, if one
/// fails, shrinks it to the simplest failing input and reports that input, the seed and a replay
/// token to `reportFailure`. The `StoreTesting` module has a version that reports to XCTest or
/// Swift Testing.
///
/// The property returns whether the value passes; throwing fails too, except
/// ``assume(_:fileID:line:)``, which skips the value.
///
/// ```swift
/// forAll(Gen.int.array(), reportFailure: reporter) { list in
///   list.reversed().reversed() == list
/// }
/// ```
@discardableResult
public func forAll<Value>(
  _ gen: Gen<Value>, _ settings: PropertySettings = PropertySettings(),
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column, function: String = #function, reportFailure: FailureReporter,
  _ property: (Value) throws -> Bool
) -> PropertyResult<Value> {
  let result = withoutActuallyEscaping(property) { property in
    PropertyEngine(generate: gen.generate) { value in
      try property(value) ? nil : "it returned false"
    }
    .check(settings, site: "\(fileID) \(function)") { swiftSource($0) ?? dumpText($0) }
  }
  if let message = result.message {
    reportFailure(
      TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column))
  }
  return result
}
