import Foundation

/// A value shared between test threads, guarded by a lock.
///
/// `@unchecked Sendable` is safe: `stored` is private and only read or written under `lock`, and
/// `Value` is `Sendable`, so no unsynchronised state escapes.
public final class SharedBox<Value: Sendable>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value

  public init(_ value: Value) {
    stored = value
  }

  /// The current value.
  public var value: Value {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }

  /// Changes the value under the lock and returns what `body` returns.
  @discardableResult
  public func update<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&stored)
  }
}
