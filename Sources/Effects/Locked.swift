import Foundation

/// A value guarded by a lock, for the few places where callbacks from Foundation's own threads
/// (URLSession's delegate queue, a timer) meet async code.
///
/// ```swift
/// let count = Locked(0)
/// count.withLock { $0 += 1 }
/// ```
///
/// `@unchecked Sendable` is safe here: `value` is private and every read and write of it happens
/// inside `withLock`, under `lock`, so no two threads ever touch it at once; and `Value` must be
/// `Sendable`, so nothing handed out of `withLock` can carry unsynchronised shared state.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
