import StoreTesting
import Testing

@testable import Store

/// A feature for the cancellation ports: a subscription to a subject, delays on a test clock,
/// and cancellation by id, all through actions.
private struct Subscriptions: Reducer {
  enum Action: Equatable, Sendable {
    case subscribe(cancelInFlight: Bool)
    case subscribeTwice
    case value(Int)
    case delayed(Int, id: String, after: Duration)
    case cancel(String)
  }
  let subject: TestSubject<Int>
  var clock = TestClock()

  func reduce(into state: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .subscribe(let cancelInFlight):
      let values = subject.values()
      return .run { send in
        for await value in values { await send(.value(value)) }
      }
      .cancellable(id: "subscription", cancelInFlight: cancelInFlight)
    case .subscribeTwice:
      let values = subject.values()
      return .run { send in
        for await value in values { await send(.value(value)) }
      }
      .cancellable(id: "subscription").cancellable(id: "subscription")
    case .value(let value):
      state.append(value)
      return .none
    case .delayed(let value, let id, let delay):
      let clock = self.clock
      return .run { send in
        try await clock.sleep(for: delay)
        await send(.value(value))
      }
      .cancellable(id: id)
    case .cancel(let id):
      return .cancel(id: id)
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectCancellationTests.swift. A subject's values become actions of a subscription effect;
/// delays run on a `TestClock`; the cancellation table is checked through the executor.
@MainActor
@Suite("Ported from TCA: EffectCancellationTests")
struct TCAEffectCancellationTests {
  /// testCancellation
  @Test("a cancelled subscription delivers nothing more")
  func cancellation() async {
    let subject = TestSubject<Int>()
    let store = TestStore(initialState: [], reducer: Subscriptions(subject: subject))
    await store.send(.subscribe(cancelInFlight: false))
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.send(.cancel("subscription"))
    subject.send(3)
    await store.finish()
    #expect(store.state == [1, 2])
  }

  /// testCancelInFlight
  @Test("cancelInFlight replaces the running subscription: each value arrives once")
  func cancelInFlight() async {
    let subject = TestSubject<Int>()
    let store = TestStore(initialState: [], reducer: Subscriptions(subject: subject))
    await store.send(.subscribe(cancelInFlight: true))
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.send(2)
    await store.receive(.value(2)) { $0 = [1, 2] }
    await store.send(.subscribe(cancelInFlight: true))
    subject.send(3)
    await store.receive(.value(3)) { $0 = [1, 2, 3] }
    subject.send(4)
    await store.receive(.value(4)) { $0 = [1, 2, 3, 4] }
    await store.send(.cancel("subscription"))
    await store.finish()
  }

  /// testCancellationAfterDelay and testCancellationAfterDelay_WithTestScheduler
  @Test("an effect cancelled while it waits never answers")
  func cancellationAfterDelay() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [], reducer: Subscriptions(subject: TestSubject(), clock: clock))
    await store.send(.delayed(1, id: "delay", after: .seconds(2)))
    await clock.advance(by: .seconds(1))
    await store.send(.cancel("delay"))
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state == [])
  }

  /// testCancellablesCleanUp_OnComplete
  @Test("an effect that completes leaves no id registered")
  func cleanUpOnComplete() async {
    let executor = EffectExecutor<Int> { _ in }
    let run = executor.start(Effect<Int>.run { send in await send(1) }.cancellable(id: "id"))
    await run.wait()
    #expect(executor.activeIDs.isEmpty)
  }

  /// testCancellablesCleanUp_OnCancel
  @Test("an effect cancelled by id leaves no id registered")
  func cleanUpOnCancel() async {
    let clock = TestClock()
    let executor = EffectExecutor<Int> { _ in }
    executor.start(
      Effect<Int>.run { send in
        try await clock.sleep(for: .seconds(1))
        await send(1)
      }
      .cancellable(id: "id"))
    executor.start(.cancel(id: "id"))
    #expect(executor.activeIDs.isEmpty)
    #expect(executor.runningCount == 0)
  }

  /// testDoubleCancellation
  @Test("an effect made cancellable twice under one id is cancelled by one cancel")
  func doubleCancellation() async {
    let subject = TestSubject<Int>()
    let store = TestStore(initialState: [], reducer: Subscriptions(subject: subject))
    await store.send(.subscribeTwice)
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    await store.send(.cancel("subscription"))
    subject.send(2)
    await store.finish()
    #expect(store.state == [1])
  }

  /// testCompleteBeforeCancellation
  @Test("cancelling an effect that already completed changes nothing")
  func completeBeforeCancellation() async {
    let subject = TestSubject<Int>()
    let store = TestStore(initialState: [], reducer: Subscriptions(subject: subject))
    await store.send(.subscribe(cancelInFlight: false))
    subject.send(1)
    await store.receive(.value(1)) { $0 = [1] }
    subject.finish()
    await store.finish()
    await store.send(.cancel("subscription"))
    #expect(store.state == [1])
  }

  /// testConcurrentCancels: 1,000 delayed effects over 10 ids, and as many delayed cancels, at
  /// random times; afterwards nothing is registered.
  @Test("a thousand effects and cancels at random times leave the table empty")
  func concurrentCancels() async {
    let clock = TestClock()
    let store = Store(
      initialState: [], reducer: Subscriptions(subject: TestSubject(), clock: clock))
    var generator = SystemRandomNumberGenerator()
    for index in 1...1_000 {
      let id = "id\(index % 10)"
      let effectDelay = Duration.milliseconds(Int.random(in: 1...100, using: &generator))
      store.send(.delayed(index, id: id, after: effectDelay))
      let cancelDelay = Duration.milliseconds(Int.random(in: 1...100, using: &generator))
      store.send(.delayed(-index, id: "cancel\(index)", after: cancelDelay))
    }
    let observation = store.observe { [unowned store] action, _, _ in
      if case .value(let value) = action, value < 0 {
        store.send(.cancel("id\(-value % 10)"))
      }
    }
    await clock.advance(by: .milliseconds(100))
    await store.settle()
    #expect(store.runningEffects == 0)
    #expect(store.executor.activeIDs.isEmpty)
    observation.cancel()
  }

  /// testNestedCancels
  @Test("an effect nested in a thousand cancellables under one id is cancelled by one cancel")
  func nestedCancels() async {
    let executor = EffectExecutor<Int> { _ in }
    var effect = Effect<Int>.run { _ in try await never() }.cancellable(id: 1)
    for _ in 1...1_000 { effect = effect.cancellable(id: "id") }
    let run = executor.start(effect)
    executor.cancel(id: EffectID("id"))
    await run.wait()
    #expect(executor.activeIDs.isEmpty)
  }

  /// testSharedId
  @Test("effects sharing an id answer independently until cancelled")
  func sharedID() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: [], reducer: Subscriptions(subject: TestSubject(), clock: clock))
    await store.send(.delayed(1, id: "id", after: .seconds(1)))
    await store.send(.delayed(2, id: "id", after: .seconds(2)))
    await clock.advance(by: .seconds(1))
    await store.receive(.value(1)) { $0 = [1] }
    await clock.advance(by: .seconds(1))
    await store.receive(.value(2)) { $0 = [1, 2] }
  }

  /// testNestedMergeCancellation
  @Test("sends merged inside nested cancellables are all delivered")
  func nestedMergeCancellation() {
    let store = Store(initialState: [Int]()) { (state: inout [Int], action: Int) -> Effect<Int> in
      if action == 0 {
        return Effect<Int>.merge(.send(1), .send(2)).cancellable(id: 1).cancellable(id: 2)
      }
      state.append(action)
      return .none
    }
    store.send(0)
    #expect(store.state == [1, 2])
  }

  /// testMultipleCancellations (ids of three distinct empty types)
  @Test("cancelling two of three ids of distinct empty types leaves the third")
  func multipleCancellations() async {
    struct A: Hashable, Sendable {}
    struct B: Hashable, Sendable {}
    struct C: Hashable, Sendable {}
    let clock = TestClock()
    let store = Store(initialState: [String]()) {
      (state: inout [String], action: String) -> Effect<String> in
      guard action == "start" else {
        state.append(action)
        return .none
      }
      func delayed(_ name: String, _ id: some Hashable & Sendable) -> Effect<String> {
        Effect.run { send in
          try await clock.sleep(for: .seconds(1))
          await send(name)
        }
        .cancellable(id: id)
      }
      return .merge(
        delayed("A", A()), delayed("B", B()), delayed("C", C()), .cancel(id: A()),
        .cancel(id: C()))
    }
    store.send("start")
    await clock.advance(by: .seconds(1))
    await store.settle()
    #expect(store.state == ["B"])
  }
}
