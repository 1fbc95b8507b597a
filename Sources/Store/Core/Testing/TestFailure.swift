/// A failed expectation found by ``TestStore``, a property check, or an unimplemented dependency.
///
/// The Store module does not link a test framework. Whoever runs the test decides what a failure
/// does by passing a ``FailureReporter``; the `StoreTesting` module has one that records the
/// failure in XCTest or Swift Testing, whichever is running.
///
/// ```swift
/// let store = TestStore(initialState: 0, reducer: Counter()) { failure in
///   XCTFail(failure.message, file: failure.filePath, line: failure.line)
/// }
/// ```
///
/// Every assertion takes `fileID`, `filePath`, `line` and `column` arguments that default to the
/// caller's position, so a failure is reported at the line of the test that made the assertion.
public struct TestFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong and how to fix it.
  ///
  /// ```swift
  /// print(failure.message)
  /// ```
  public let message: String
  /// The `#fileID` of the assertion that failed: `Module/File.swift`.
  ///
  /// ```swift
  /// failure.fileID   // "MyTests/CounterTests.swift"
  /// ```
  public let fileID: String
  /// The `#filePath` of the assertion that failed.
  ///
  /// ```swift
  /// XCTFail(failure.message, file: failure.filePath, line: failure.line)
  /// ```
  public let filePath: StaticString
  /// The line of the assertion that failed.
  ///
  /// ```swift
  /// failure.line   // 12
  /// ```
  public let line: UInt
  /// The column of the assertion that failed.
  ///
  /// ```swift
  /// failure.column   // 5
  /// ```
  public let column: UInt

  /// Creates a failure at the given position, by default the caller's.
  ///
  /// ```swift
  /// reporter(TestFailure("the cache was not emptied"))
  /// ```
  public init(
    _ message: String, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    self.message = message
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  /// `Module/File.swift:12:5: message`.
  ///
  /// ```swift
  /// print(failure)   // MyTests/CounterTests.swift:12:5: A state change does not match …
  /// ```
  public var description: String { "\(fileID):\(line):\(column): \(message)" }
}

/// Receives each ``TestFailure``.
///
/// ```swift
/// let reporter: FailureReporter = { failure in print(failure) }
/// ```
public typealias FailureReporter = @Sendable (TestFailure) -> Void

/// Where failures found inside effects go while a test is running.
///
/// ``TestStore`` binds ``current`` around everything it runs, and effect tasks inherit it, so an
/// unimplemented dependency called deep inside an effect still fails the right test.
///
/// ```swift
/// TestContext.current?(TestFailure("WeatherClient.current was called"))
/// ```
public enum TestContext {
  /// The reporter of the test running on this task, if any.
  ///
  /// ```swift
  /// TestContext.$current.withValue(reporter) { runEffect() }
  /// ```
  @TaskLocal public static var current: FailureReporter?
}
