import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// TestStoreFailureTests.swift: each failure and its wording (TCA's, plus a "To fix" where ours
/// has one). `XCTExpectFailure` becomes a `FailureLog`.
@MainActor
@Suite("Ported from TCA: TestStoreFailureTests")
struct TCATestStoreFailureTests {
  enum Action: Equatable, Sendable { case first, second }
  struct State: Equatable, Sendable { var count = 0 }

  /// `.first` sends `.second` at once; `.second` does nothing (or counts, with `counting`).
  static func firstThenSecond(counting: Bool = false) -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .first: return .send(.second)
      case .second:
        if counting { state.count += 1 }
        return .none
      }
    }
  }

  /// Counts every action.
  static let counting = Reduce<State, Action> { state, _ in
    state.count += 1
    return .none
  }

  static let noChange = """
    Expected state to change, but no change occurred.

    The trailing closure made no observable modifications to state. If no change to state is \
    expected, omit the trailing closure.
    """

  /// testNoStateChangeFailure
  @Test("a closure on a send or receive that changed nothing fails")
  func noStateChangeFailure() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.firstThenSecond(), reportFailure: failures.reporter)
    await store.send(.first) { _ = $0 }
    await store.receive(.second) { _ = $0 }
    #expect(failures.messages == [Self.noChange, Self.noChange])
  }

  /// testStateChangeFailure
  @Test("an expectation that does not match the new state fails with a diff")
  func stateChangeFailure() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.counting, reportFailure: failures.reporter)
    await store.send(.first) { $0.count = 0 }
    #expect(
      failures.messages == [
        """
        A state change does not match expectation:

          TCATestStoreFailureTests.State(
        \u{2212}   count: 0
        +   count: 1
          )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }

  /// testUnexpectedStateChangeOnSendFailure
  @Test("a state change on a send without a closure fails")
  func unexpectedStateChangeOnSend() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.counting, reportFailure: failures.reporter)
    await store.send(.first)
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first?.hasPrefix(
        """
        State was not expected to change, but a change occurred:

          TCATestStoreFailureTests.State(
        \u{2212}   count: 0
        +   count: 1
          )

        (Expected: \u{2212}, Actual: +)
        """) == true)
  }

  /// testUnexpectedStateChangeOnReceiveFailure
  @Test("a state change on a receive without a closure fails")
  func unexpectedStateChangeOnReceive() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.firstThenSecond(counting: true),
      reportFailure: failures.reporter)
    await store.send(.first)
    await store.receive(.second)
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first?.hasPrefix(
        "State was not expected to change, but a change occurred:") == true)
  }

  /// testReceivedActionAfterDeinit
  @Test("an action still unreceived when the store goes away fails")
  func receivedActionAfterDeinit() async {
    let failures = FailureLog()
    do {
      let store = TestStore(
        initialState: State(), reducer: Self.firstThenSecond(), reportFailure: failures.reporter)
      await store.send(.first)
    }
    #expect(
      failures.messages == [
        """
        The store received 1 unexpected action after this one:

        Unhandled actions:
          .second

        To fix, assert it with `receive`, or call `skipReceivedActions()` if it does not matter.
        """
      ])
  }

  /// testEffectInFlightAfterDeinit
  @Test("an effect still running when the store goes away fails at its .run, saying how to fix it")
  func effectInFlightAfterDeinit() async {
    let failures = Locked<[TestFailure]>([])
    let runLine = #line + 6
    let sendLine = #line + 7
    do {
      let store = TestStore(
        initialState: State(),
        reducer: Reduce<State, Action> { _, _ in
          .run { _ in try await never() }
        }, reportFailure: { failure in failures.withLock { $0.append(failure) } })
      await store.send(.first)
    }
    #expect(failures.value.map(\.line) == [UInt(runLine)])
    let message = failures.value.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "An effect returned for this action is still running. It must complete before the end "
          + "of the test. (The effect is the `.run` at "
          + "StoreTests/TCATestStoreFailureTests.swift:\(runLine):16; the action was sent at "
          + "StoreTests/TCATestStoreFailureTests.swift:\(sendLine):23.)"))
    #expect(
      message.hasSuffix(
        "To fix, make the effect finish: complete what it waits for (a dependency, a test "
          + "clock: advance it), or send an action that cancels it. If it is meant to outlive "
          + "the test, call `skipInFlightEffects()`. If it finishes on its own, end the test "
          + "with `await store.finish()`, which waits for it."))
  }

  /// testSendActionBeforeReceivingFailure
  @Test("sending before receiving what arrived fails, and what arrived can still be received")
  func sendActionBeforeReceiving() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.firstThenSecond(), reportFailure: failures.reporter)
    await store.send(.first)
    await store.send(.first)
    await store.receive(.second)
    await store.receive(.second)
    await store.finish()
    #expect(
      failures.messages == [
        """
        Must handle 1 received action before sending an action:

        Unhandled actions:
          .second

        To fix, assert it with `receive` before this `send`, or call `skipReceivedActions()` if \
        it does not matter.
        """
      ])
  }

  /// testReceiveNonExistentActionFailure
  @Test("receiving when nothing can arrive fails at once")
  func receiveNonExistentAction() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Action> { _, _ in .none },
      reportFailure: failures.reporter)
    await store.receive(.first)
    #expect(
      failures.messages == [
        "Expected to receive an action, but received none. No effect is running, so none will "
          + "arrive.\n\n  .first"
      ])
  }

  /// testReceiveUnexpectedActionFailure
  @Test("receiving another action than the one that arrived fails with a diff")
  func receiveUnexpectedAction() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: State(), reducer: Self.firstThenSecond(), reportFailure: failures.reporter)
    await store.send(.first)
    await store.receive(.first)
    #expect(
      failures.messages == [
        "Received unexpected action:\n\n\u{2212} .first\n+ .second\n\n(Expected: \u{2212}, Received: +)"
      ])
  }

  /// testModifyClosureThrowsErrorFailure
  @Test("an assertion closure that throws fails with the error")
  func modifyClosureThrows() async {
    struct SomeError: Error {}
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Int> { _, _ in .none },
      reportFailure: failures.reporter)
    await store.send(1) { _ in throw SomeError() }
    #expect(failures.messages == ["Threw error: SomeError()"])
  }
}
