import Foundation

/// A value that threads share, every access to it under one lock: the package's single
/// primitive for state that plain threads (a log reader, URLSession's delegate queue, a test's
/// server) share with each other or with async code.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// let now = count.value
/// ```
///
/// Not the standard library's `Mutex`: on Linux it locks with futexes the thread sanitizer
/// cannot see, so every use of it is reported as a race, and CI runs the tests under the
/// sanitizer. `NSLock` is a pthread mutex, which the sanitizer understands.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  // Why `@unchecked Sendable` is safe — check it on this file alone:
  // - `stored` is the only mutable state; it is `private`, so nothing outside this class sees it;
  // - the one place that touches it is `withLock`, between `lock.lock()` and `lock.unlock()`;
  // - `Value` is `Sendable`, so what `withLock` hands out can cross threads;
  // - `lock` is a `let` holding an `NSLock`, which is made to be locked from any thread.
  private let lock = NSLock()
  private var stored: Value

  package init(_ value: Value) {
    stored = value
  }

  /// Runs `body` with the value, under the lock; what `body` returns.
  @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&stored)
  }

  /// A copy of the value as it is now.
  package var value: Value { withLock { $0 } }
}
