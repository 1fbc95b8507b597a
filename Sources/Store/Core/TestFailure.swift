/// A failed expectation found by ``TestStore``, a property check, or an unimplemented dependency.
///
/// The Store module does not link a test framework. Whoever runs the test decides what a failure
/// does by passing a ``FailureReporter``; the `StoreTesting` module has one that records the
/// failure in XCTest or Swift Testing, whichever is running.
///
/// ```swift
/// let store = TestStore(initialState: 0, reducer: Counter()) { failure in
///   XCTFail(failure.message, file: failure.file, line: failure.line)
/// }
/// ```
public struct TestFailure: Error, Sendable, CustomStringConvertible {
  /// What went wrong and how to fix it.
  public let message: String
  /// The source file of the assertion that failed.
  public let file: StaticString
  /// The line of the assertion that failed.
  public let line: UInt

  /// Creates a failure at `file`:`line`.
  public init(_ message: String, file: StaticString = #filePath, line: UInt = #line) {
    self.message = message
    self.file = file
    self.line = line
  }

  public var description: String { "\(file):\(line): \(message)" }
}

/// Receives each ``TestFailure``.
public typealias FailureReporter = @Sendable (TestFailure) -> Void

/// Where failures found inside effects go while a test is running.
///
/// ``TestStore`` binds ``current`` around everything it runs, and effect tasks inherit it, so an
/// unimplemented dependency called deep inside an effect still fails the right test.
public enum TestContext {
  /// The reporter of the test running on this task, if any.
  @TaskLocal public static var current: FailureReporter?
}
