import Store

/// Stands in for Combine's `PassthroughSubject` in ported tests: every `values()` sequence gets
/// every value sent after it was made, until `finish()`.
///
/// Like a subject, it hands a value to a subscriber where the subscriber waits: an effect on the
/// main actor waiting in `for await` is resumed on the main actor, queued there the moment
/// `send` is called. (An `AsyncStream` resumes its reader on the global pool first and only then
/// on the main actor — two turns, which a test that sleeps a millisecond, as TCA's do, loses to
/// on a loaded machine.) A value sent while no one waits is kept for the next `next()`, which
/// then returns it without suspending.
final class TestSubject<Value: Sendable>: Sendable {
  private let subscriptions = Locked<[Subscription]>([])

  /// A new sequence of the values sent from now on.
  func values() -> Values {
    let subscription = Subscription()
    subscriptions.withLock { $0.append(subscription) }
    return Values(subscription: subscription)
  }

  func send(_ value: Value) {
    for subscription in subscriptions.value { subscription.yield(value) }
  }

  func finish() {
    for subscription in subscriptions.value { subscription.finish() }
  }

  /// One subscriber's values not read yet, or the reader waiting for one.
  final class Subscription: Sendable {
    private struct State {
      var buffer: [Value] = []
      var isFinished = false
      var reader: CheckedContinuation<Value?, Never>?
    }
    private let state = Locked(State())

    func yield(_ value: Value) {
      let reader = state.withLock { state -> CheckedContinuation<Value?, Never>? in
        guard let reader = state.reader else {
          state.buffer.append(value)
          return nil
        }
        state.reader = nil
        return reader
      }
      reader?.resume(returning: value)
    }

    func finish() {
      let reader = state.withLock { state -> CheckedContinuation<Value?, Never>? in
        state.isFinished = true
        defer { state.reader = nil }
        return state.reader
      }
      reader?.resume(returning: nil)
    }

    /// The next value: at once if one is kept (or the subject finished), else once it is sent,
    /// resumed on `actor`.
    func next(isolation actor: isolated (any Actor)?) async -> Value? {
      if let ready = take() { return ready }
      return await withCheckedContinuation(isolation: actor) { continuation in
        let ready = state.withLock { state -> Value?? in
          if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
          if state.isFinished { return .some(nil) }
          state.reader = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }

    /// A kept value, or nil in a nil for a finished subject; nil if it must wait.
    private func take() -> Value?? {
      state.withLock { state in
        if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
        return state.isFinished ? .some(nil) : nil
      }
    }
  }

  /// The values one `values()` call subscribed to.
  struct Values: AsyncSequence, Sendable {
    typealias Element = Value
    typealias Failure = Never
    let subscription: Subscription

    func makeAsyncIterator() -> Iterator { Iterator(subscription: subscription) }

    struct Iterator: AsyncIteratorProtocol {
      typealias Element = Value
      typealias Failure = Never
      let subscription: Subscription

      mutating func next() async -> Value? {
        await subscription.next(isolation: nil)
      }

      mutating func next(isolation actor: isolated (any Actor)?) async -> Value? {
        await subscription.next(isolation: actor)
      }
    }
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
