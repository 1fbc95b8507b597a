import Store

/// Stands in for Combine's `PassthroughSubject` in ported tests: every `values()` stream gets
/// every value sent after it was made, until `finish()`.
final class TestSubject<Value: Sendable>: Sendable {
  private let continuations = Locked<[AsyncStream<Value>.Continuation]>([])

  /// A new stream of the values sent from now on.
  func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    continuations.withLock { $0.append(continuation) }
    return stream
  }

  func send(_ value: Value) {
    for continuation in continuations.value { continuation.yield(value) }
  }

  func finish() {
    for continuation in continuations.value { continuation.finish() }
  }
}

/// Something effects append to, on the main actor, where ported tests read it.
@MainActor
final class MainLog<Value> {
  private(set) var values: [Value] = []

  func append(_ value: Value) {
    values.append(value)
  }
}

/// Suspends until cancelled, like TCA's `Task.never()`: a sleep no test outlives, not a wait
/// for anything. Only the test can end it (by cancelling its effect), so it parks the effect,
/// as a test clock's sleep does: `TestClock.advance` and `TestStore` do not wait for it.
func never() async throws {
  let activity = EffectActivity.current
  activity?.park()
  defer { activity?.didRun() }
  try await Task.sleep(for: .seconds(1_000_000_000))
}
