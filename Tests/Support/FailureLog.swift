import Foundation
import Store

/// Collects ``TestFailure`` messages instead of failing the test, so that tests can check what a
/// `TestStore` or a property check would have reported.
///
/// ```swift
/// let failures = FailureLog()
/// let store = TestStore(initialState: 0, reducer: counter, reportFailure: failures.reporter)
/// #expect(failures.messages.isEmpty)
/// ```
public final class FailureLog: Sendable {
  private let box = Locked<[String]>([])

  public init() {}

  /// Every message reported so far, in order.
  public var messages: [String] { box.value }

  /// A reporter that appends to ``messages``.
  public var reporter: FailureReporter {
    { [box] failure in box.withLock { $0.append(failure.message) } }
  }
}
