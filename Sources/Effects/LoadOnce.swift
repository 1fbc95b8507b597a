import Store

/// A value made the first time it is asked for, exactly once however many threads ask at the same
/// time: the first caller makes it while the others wait, and everyone gets the same value (or
/// the same error; a failed load is not retried).
///
/// ```swift
/// let table = LoadOnce { try Table.read(from: url) }
/// let rows = try table.value().rows
/// ```
final class LoadOnce<Value: Sendable>: Sendable {
  private let load: @Sendable () throws -> Value
  private let state = Locked<Result<Value, any Error>?>(nil)
  private let loads = Locked(0)

  init(_ load: @escaping @Sendable () throws -> Value) {
    self.load = load
  }

  /// The value, made now if this is the first call.
  func value() throws -> Value {
    try state.withLock { stored in
      if let stored { return try stored.get() }
      loads.withLock { $0 += 1 }
      let made = Result { try load() }
      stored = made
      return try made.get()
    }
  }

  /// How many times the value has been made: 0 before the first call, then 1 for good.
  var loadCount: Int { loads.withLock { $0 } }
}
