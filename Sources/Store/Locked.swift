import Foundation

/// A value that threads share, every access to it under one lock: the package's single
/// primitive for state that plain threads (a log reader, URLSession's delegate queue, a test's
/// server) share with each other or with async code.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// let ready = queue.withLock(when: { !$0.isEmpty }) { $0.removeFirst() }  // waits
/// ```
///
/// It is `@unchecked Sendable` because the compiler cannot see a lock. Why that is safe, in
/// three checks a reader can make on this file alone:
/// 1. `stored` is the only stored `var`, and it is `private`.
/// 2. It is touched in exactly three places — the two `body(&stored)` calls and `ready(stored)`
///    — and each runs between `condition.lock()` and `condition.unlock()` (`condition.wait()`
///    gives the lock up while it waits and takes it back before it returns).
/// 3. `Value` is `Sendable`, so what `body` copies out of `stored` can cross threads.
/// The thread sanitizer run in `.ci/run` exercises every user of this type.
package final class Locked<Value: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var stored: Value

  package init(_ value: Value) {
    stored = value
  }

  /// Runs `body` with the value, under the lock; what `body` returns.
  @discardableResult
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()  // a change may be what a `withLock(when:)` is waiting for
      condition.unlock()
    }
    return try body(&stored)
  }

  /// Waits until `ready` holds for the value, then runs `body` with it, under the lock
  /// throughout: nothing can change the value between the check and `body`.
  @discardableResult
  package func withLock<Result>(
    when ready: (Value) -> Bool, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    condition.lock()
    defer {
      condition.broadcast()
      condition.unlock()
    }
    while !ready(stored) { condition.wait() }
    return try body(&stored)
  }

  /// A copy of the value as it is now.
  package var value: Value { withLock { $0 } }
}
