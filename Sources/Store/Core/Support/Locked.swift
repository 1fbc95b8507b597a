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
  // - `stored` is the only mutable state. It is `@usableFromInline internal` rather than
  //   `private` only so that `withLock` can be inlined into its callers (a lock taken on the
  //   clock's every action); `_stored` says it is not to be touched, and the one place that
  //   does touch it is `withLock`, between `lock.lock()` and `lock.unlock()` (grep `_stored`:
  //   this file only);
  // - `Value` is `Sendable`, so what `withLock` hands out can cross threads;
  // - `_lock` is a `let` holding an `NSLock`, which is made to be locked from any thread.
  // Why `@exclusivity(unchecked)` is safe: the only access to `_stored`, `body(&_stored)` in
  // `withLock`, runs with the lock held, so no two accesses overlap on different threads; and
  // `body` cannot reach `_stored` again on the same thread, since `withLock` on the same value
  // inside it would wait for ever on the lock it holds (NSLock is not recursive) before any
  // access began. The runtime's check would only repeat, on every call, what the lock ensures.
  @usableFromInline let _lock = NSLock()
  @usableFromInline @exclusivity(unchecked) var _stored: Value

  package init(_ value: Value) {
    _stored = value
  }

  /// Runs `body` with the value, under the lock; what `body` returns.
  @discardableResult @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    _lock.lock()
    defer { _lock.unlock() }
    return try body(&_stored)
  }

  /// A copy of the value as it is now.
  package var value: Value { withLock { $0 } }
}
