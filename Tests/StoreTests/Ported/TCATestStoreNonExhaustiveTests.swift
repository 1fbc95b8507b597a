import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// TestStoreNonExhaustiveTests.swift, and the TestStoreTests about effects that are ready,
/// received actions and `finish`. `XCTExpectFailure` becomes a `FailureLog` the test reads;
/// `DispatchQueue.test` a `TestClock`.
@MainActor
@Suite("Ported from TCA: TestStoreNonExhaustiveTests")
struct TCATestStoreNonExhaustiveTests {
  /// testSendWithUnreceivedActions_SkipsActions (TestStoreNonExhaustiveTests)
  @Test("non-exhaustively, a send first skips what ready effects sent; skipping takes the rest")
  func sendWithUnreceivedActionsSkipsActions() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          state += 1
          return .run { [state] send in await send(.response(state + 42)) }
        case .response(let number):
          state = number
          return .none
        }
      })
    store.exhaustivity = .off
    await store.send(.tap)
    #expect(store.state == 1)
    await store.send(.tap)
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
  }

  /// testPartialExhaustivityPrefix (TestStoreNonExhaustiveTests), with `.off` for
  /// `.off(showSkippedAssertions: true)`
  @Test("non-exhaustively, effects woken by a clock are skipped with what they sent")
  func partialExhaustivityPrefix() async {
    enum Action: Equatable, Sendable { case buttonTapped, response(Int) }
    let clock = TestClock()
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .buttonTapped:
          state += 1
          return .run { send in
            await send(.response(42))
            try await clock.sleep(for: .seconds(1))
            await send(.response(1729))
          }
        case .response(let number):
          state = number
          return .none
        }
      }, reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.buttonTapped)
    await clock.advance(by: .milliseconds(500))
    await store.send(.buttonTapped) { $0 = 43 }
    await clock.advance(by: .milliseconds(500))
    await store.skipInFlightEffects()
    await store.skipReceivedActions()
    #expect(store.state == 1729)
    #expect(failures.messages == [])
  }

  /// testCancelInFlightEffects_Strict (TestStoreNonExhaustiveTests)
  @Test("skipping in-flight effects strictly once they finished fails")
  func skipInFlightEffectsStrict() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .run { _ in } },
      reportFailure: failures.reporter)
    await store.send(true).finish()
    await store.skipInFlightEffects(strict: true)
    #expect(failures.messages == ["There were no in-flight effects to skip."])
  }

  /// testIgnoreReceiveActions_NonExhaustive and testIgnoreInFlightEffects_NonExhaustive
  /// (TestStoreNonExhaustiveTests)
  @Test("non-exhaustively, the test may end with actions unreceived and effects running")
  func ignoreReceivedAndInFlight() async {
    let failures = FailureLog()
    do {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Bool> { _, action in
          action ? .send(false) : .run { _ in try await never() }
        }, reportFailure: failures.reporter)
      store.exhaustivity = .off
      await store.send(true)
    }
    #expect(failures.messages == [])
  }

  struct LoggedIn: Equatable, Sendable {
    var count = 0
    var isLoggedIn = false
  }

  /// testSend_SkipReceivedActions_BadAssertion (TestStoreNonExhaustiveTests)
  @Test("non-exhaustively, a wrong assertion on a received action still fails, naming the type")
  func receiveBadAssertionNonExhaustive() async {
    enum Action: Equatable, Sendable { case increment, loggedInResponse(Bool) }
    let failures = FailureLog()
    let store = TestStore(
      initialState: LoggedIn(),
      reducer: Reduce<LoggedIn, Action> { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .send(.loggedInResponse(true))
        case .loggedInResponse(let response):
          state.isLoggedIn = response
          return .none
        }
      }, reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.increment) { $0.count = 1 }
    await store.receive(.loggedInResponse(true)) {
      $0.count = 2
      $0.isLoggedIn = true
    }
    #expect(
      failures.messages == [
        """
        A state change does not match expectation:

          TCATestStoreNonExhaustiveTests.LoggedIn(
        \u{2212}   count: 2,
        +   count: 1,
            isLoggedIn: true
          )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }

  /// testReceive_SkipAction (TestStoreNonExhaustiveTests)
  @Test("non-exhaustively, receive skips the actions before the one it names, applying them")
  func receiveSkipsAction() async {
    enum Action: Equatable, Sendable { case onAppear, response1(Int), response2(String) }
    struct Received: Equatable, Sendable {
      var count = 0
      var int = 0
      var string = ""
    }
    let store = TestStore(
      initialState: Received(),
      reducer: Reduce<Received, Action> { state, action in
        switch action {
        case .onAppear:
          return .run { send in
            await send(.response1(42))
            await send(.response2("Hello"))
          }
        case .response1(let int):
          state.count += 1
          state.int = int
          return .none
        case .response2(let string):
          state.count += 1
          state.string = string
          return .none
        }
      })
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(.response2("Hello")) {
      $0.count = 2
      $0.string = "Hello"
    }
    #expect(store.state == Received(count: 2, int: 42, string: "Hello"))
  }
}
