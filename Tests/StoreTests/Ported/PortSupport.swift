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

/// Runs effects outside any store, as TCA's tests iterate `effect.actions`: what they send is
/// kept in ``actions``, and what the store would report (a late send, an unhandled error) in
/// ``failures``. Effects started on one recorder share its cancellation ids and throttles.
@MainActor
final class EffectRecorder<Action: Sendable> {
  private(set) var actions: [Action] = []
  private(set) var failures: [TestFailure] = []
  let executor = EffectExecutor<Action> { _ in }

  init() {
    executor.deliver = { [unowned self] action in actions.append(action) }
    executor.reportMisuse = { [unowned self] failure in failures.append(failure) }
  }

  /// Starts `effect`; its `.send`s are kept before this returns.
  @discardableResult
  func start(_ effect: Effect<Action>) -> EffectRun {
    executor.start(effect)
  }

  /// Runs `effect` until it has finished, and returns every action kept so far.
  @discardableResult
  func run(_ effect: Effect<Action>) async -> [Action] {
    await start(effect).wait()
    return actions
  }
}
