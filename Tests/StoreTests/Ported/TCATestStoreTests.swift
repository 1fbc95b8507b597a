import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// TestStoreTests.swift (the non-exhaustive ones are in TCATestStoreNonExhaustiveTests.swift). `XCTExpectFailure` becomes a
/// `FailureLog` the test reads; `DispatchQueue.test` a `TestClock`. Dependencies, case key paths
/// and Combine have no counterpart here.
@MainActor
@Suite("Ported from TCA: TestStoreTests")
struct TCATestStoreTests {
  /// testEffectConcatenation
  @Test("concatenated sends arrive in order, each group right after the action that returned it")
  func effectConcatenation() async {
    enum Action: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3, d }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .a:
          return .merge(
            .run { send in
              try await clock.sleep(for: .seconds(1))
              await send(.b1)
              await send(.c1)
            },
            .run { _ in try await never() }.cancellable(id: 1))
        case .b1: return .concatenate(.send(.b2), .send(.b3))
        case .c1: return .concatenate(.send(.c2), .send(.c3))
        case .b2, .b3, .c2, .c3: return .none
        case .d: return .cancel(id: 1)
        }
      })
    await store.send(.a)
    await clock.advance(by: .seconds(1))
    for action in [Action.b1, .b2, .b3, .c1, .c2, .c3] { await store.receive(action) }
    await store.send(.d)
  }

  /// testAsync
  @Test("an async effect's answer is received and reduced")
  func async() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap: return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      })
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
  }

  struct Changing: Equatable, Sendable {
    var count = 0
    var isChanging = false
  }
  enum ChangingAction: Equatable, Sendable { case increment, changed(from: Int, to: Int) }
  static let changing = Reduce<Changing, ChangingAction> { state, action in
    switch action {
    case .increment:
      state.isChanging = true
      return .send(.changed(from: state.count, to: state.count + 1))
    case .changed(let from, let to):
      state.isChanging = false
      if state.count == from { state.count = to }
      return .none
    }
  }

  /// testExpectedStateEquality
  @Test("wrong expectations on send and receive fail")
  func expectedStateEquality() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Changing(), reducer: Self.changing, reportFailure: failures.reporter)
    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    #expect(failures.messages.isEmpty)
    await store.send(.increment) { $0.isChanging = false }
    #expect(failures.messages.count == 1)
    await store.receive(.changed(from: 1, to: 2)) {
      $0.isChanging = true
      $0.count = 1100
    }
    #expect(failures.messages.count == 2)
  }

  /// testExpectedStateEqualityMustModify
  @Test("a closure that changes nothing fails when the state did not change")
  func expectedStateEqualityMustModify() async {
    enum Action: Equatable, Sendable { case noop, finished }
    let failures = FailureLog()
    let store = TestStore(
      initialState: Changing(),
      reducer: Reduce<Changing, Action> { _, action in action == .noop ? .send(.finished) : .none },
      reportFailure: failures.reporter)
    await store.send(.noop)
    await store.receive(.finished)
    #expect(failures.messages.isEmpty)
    await store.send(.noop) { $0.count = 0 }
    await store.receive(.finished) { $0.count = 0 }
    #expect(failures.messages.count == 2)
  }

  /// testReceiveActionMatchingPredicate
  @Test("receive with a predicate matches the next action, and fails on one it rejects")
  func receiveActionMatchingPredicate() async {
    enum Action: Equatable, Sendable { case noop, finished }
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in action == .noop ? .send(.finished) : .none },
      reportFailure: failures.reporter)
    var predicateCalled = false
    await store.send(.noop)
    await store.receive({ action in
      predicateCalled = true
      return action == .finished
    })
    #expect(predicateCalled)
    #expect(failures.messages.isEmpty)
    await store.send(.noop)
    await store.receive(.noop)
    #expect(failures.messages.count == 1)
    await store.send(.noop)
    await store.receive({ $0 == .noop })
    #expect(failures.messages.count == 2)
  }

  /// testStateAccess
  @Test("inside an assertion, the store's state is the state before the action")
  func stateAccess() async {
    enum Action: Equatable, Sendable { case a, b, c, d }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      })
    await store.send(.a) {
      $0 = 1
      #expect(store.state == 0)
    }
    #expect(store.state == 1)
    for (action, count) in [(Action.b, 2), (.c, 3), (.d, 4)] {
      await store.receive(action) {
        $0 = count
        #expect(store.state == count - 1)
      }
      #expect(store.state == count)
    }
  }

  /// testEffectEmitAfterSkipInFlightEffects
  @Test("an effect skipped in flight still answers, and its answer is received")
  func effectEmitAfterSkipInFlightEffects() async {
    enum Action: Equatable, Sendable { case tap, response }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      })
    await store.send(.tap)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.response) { $0 = 42 }
  }

  /// testAssert_NonExhaustiveTestStore and testAssert_NonExhaustiveTestStore_Failure
  @Test("assert checks the current state without sending anything")
  func assertOnState() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Int> { _, _ in .none },
      reportFailure: failures.reporter)
    store.exhaustivity = .off
    store.assert { $0 = 0 }
    #expect(failures.messages.isEmpty)
    store.assert { $0 = 1 }
    #expect(
      failures.messages == [
        "A state change does not match expectation:\n\n\u{2212} 1\n+ 0\n\n(Expected: \u{2212}, Actual: +)"
      ])
  }

  /// TestStoreNonExhaustiveTests.testSkipReceivedActions_NonStrict and _Strict
  @Test("skipping received actions applies them; skipping none fails only when strict")
  func skipReceivedActions() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Bool> { state, action in
        state += 1
        return action ? .send(false) : .none
      }, reportFailure: failures.reporter)
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 2)
    await store.skipReceivedActions(strict: false)
    #expect(failures.messages.isEmpty)
    await store.skipReceivedActions()
    #expect(failures.messages == ["There were no received actions to skip."])
  }

  /// TestStoreNonExhaustiveTests.testSkipInFlightEffects
  @Test("skipping in-flight effects lets the test end while they run")
  func skipInFlightEffects() async {
    let failures = FailureLog()
    do {
      let store = TestStore(
        initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .run { _ in try await never() } },
        reportFailure: failures.reporter)
      await store.send(true)
      await store.skipInFlightEffects()
    }
    #expect(failures.messages.isEmpty)
  }
}
