import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture's TestStore tests that name actions by
/// case key path (Tests/ComposableArchitectureTests/TestStoreTests.swift and
/// TestStoreNonExhaustiveTests.swift). `@CasePathable` becomes a hand-written `AllCasePaths`;
/// `XCTExpectFailure` becomes a `FailureLog`.
@MainActor
@Suite("Ported from TCA: receive and send by case key path")
struct TCAReceiveCaseTests {
  enum Delegate: Equatable, Sendable, CasePathable {
    case success(Int)
    struct AllCasePaths: Sendable { let success = ActionCase(Delegate.success) }
    static let allCasePaths = AllCasePaths()
  }

  enum View: Equatable, Sendable, CasePathable {
    case tap
    case delete([Int])
    struct AllCasePaths: Sendable {
      let tap = ActionCase(View.tap)
      let delete = ActionCase(View.delete)
    }
    static let allCasePaths = AllCasePaths()
  }

  enum Action: Equatable, Sendable, CasePathable {
    case tap
    case delegate(Delegate)
    case view(View)
    struct AllCasePaths: Sendable {
      let tap = ActionCase(Action.tap)
      let delegate = ActionCase(Action.delegate)
      let view = ActionCase(Action.view)
    }
    static let allCasePaths = AllCasePaths()
  }

  static let feature = Reduce<Int, Action> { state, action in
    switch action {
    case .tap:
      return .send(.delegate(.success(42)))
    case .delegate:
      return .none
    case .view(.tap):
      state += 1
      return .send(.delegate(.success(42 * 42)))
    case .view(.delete(let indices)):
      let sum = indices.reduce(0, +)
      if sum == 42 { state += 1 }
      return .send(.delegate(.success(sum)))
    }
  }

  /// Ports TCA's TestStoreTests.testReceiveCaseKeyPathWithValue
  @Test("receive by case and value passes on the value sent and fails with a diff on another")
  func receiveCaseKeyPathWithValue() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Self.feature, reportFailure: failures.reporter)
    await store.send(.tap)
    await store.receive(\.delegate.success, 42)
    #expect(failures.messages == [])
    await store.send(.tap)
    await store.receive(\.delegate.success, 43)
    #expect(
      failures.messages == [
        """
        Received unexpected action:

          .delegate(
        \u{2212}   .success(43)
        +   .success(42)
          )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }

  /// Ports TCA's TestStoreTests.testSendCaseKeyPath
  @Test("send by case key path builds the action, with or without a value")
  func sendCaseKeyPath() async {
    let store = TestStore(initialState: 0, reducer: Self.feature)
    await store.send(\.tap, ())
    await store.receive(\.delegate.success, 42)
    await store.send(\.view.tap, ()) { $0 = 1 }
    await store.receive(\.delegate.success, 42 * 42)
    await store.send(\.view.delete, [0])
    await store.receive(\.delegate.success, 0)
    await store.send(\.view.delete, [19, 23]) { $0 = 2 }
    await store.receive(\.delegate.success, 42)
  }

  struct ReceiveState: Equatable, Sendable {
    var count = 0
    var int = 0
    var string = ""
  }

  enum ReceiveAction: Equatable, Sendable, CasePathable {
    case onAppear
    case response1(Int)
    case response2(String)
    struct AllCasePaths: Sendable {
      let onAppear = ActionCase(ReceiveAction.onAppear)
      let response1 = ActionCase(ReceiveAction.response1)
      let response2 = ActionCase(ReceiveAction.response2)
    }
    static let allCasePaths = AllCasePaths()
  }

  /// TCA's NonExhaustiveReceive: `onAppear` answers `response1(42)` then `response2("Hello")`.
  static let nonExhaustiveReceive = Reduce<ReceiveState, ReceiveAction> { state, action in
    switch action {
    case .onAppear:
      state = ReceiveState()
      return .merge(.send(.response1(42)), .send(.response2("Hello")))
    case .response1(let int):
      state.count += 1
      state.int = int
      return .none
    case .response2(let string):
      state.count += 1
      state.string = string
      return .none
    }
  }

  /// Ports TCA's TestStoreNonExhaustiveTests.testCasePathReceive_Exhaustive
  @Test("exhaustively, each case is received in order with its whole change")
  func casePathReceiveExhaustive() async {
    let store = TestStore(initialState: ReceiveState(), reducer: Self.nonExhaustiveReceive)
    await store.send(.onAppear)
    await store.receive(\.response1) {
      $0.count = 1
      $0.int = 42
    }
    await store.receive(\.response2) {
      $0.count = 2
      $0.string = "Hello"
    }
  }

  /// Ports TCA's TestStoreNonExhaustiveTests.testCasePathReceive_NonExhaustive
  @Test("non-exhaustively, a receive by case asserts only what it mentions")
  func casePathReceiveNonExhaustive() async {
    let store = TestStore(initialState: ReceiveState(), reducer: Self.nonExhaustiveReceive)
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.response1) { $0.int = 42 }
    await store.receive(\.response2) { $0.string = "Hello" }
    #expect(store.state.count == 2)
  }

  /// Ports TCA's TestStoreNonExhaustiveTests.testCasePathReceive_SkipReceivedAction
  @Test("non-exhaustively, actions of other cases before the one received are skipped")
  func casePathReceiveSkipReceivedAction() async {
    let store = TestStore(initialState: ReceiveState(), reducer: Self.nonExhaustiveReceive)
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.response2) { $0.string = "Hello" }
    #expect(store.state.int == 42)
  }

  /// Ports TCA's TestStoreNonExhaustiveTests.testCasePathReceive_WrongAction and
  /// testCasePathReceive_ReceivedExtraAction (TCA: "Expected to receive an action matching case
  /// path, but didn't get one."; ours says the same in its own words and why none will come).
  @Test("non-exhaustively, a case that never comes fails once nothing could send it")
  func casePathReceiveWrongAction() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: ReceiveState(), reducer: Self.nonExhaustiveReceive,
      reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.receive(\.onAppear)
    #expect(
      failures.messages == [
        "Expected to receive an action, but received none. No effect is running, so none will "
          + "arrive."
      ])
  }

  /// Not in TCA: the exhaustive counterpart of
  /// TestStoreNonExhaustiveTests.testCasePathReceive_SkipReceivedAction.
  @Test("exhaustively, receiving a later case first fails, naming the action that came")
  func casePathReceiveOutOfOrder() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: ReceiveState(), reducer: Self.nonExhaustiveReceive,
      reportFailure: failures.reporter)
    await store.send(.onAppear)
    await store.receive(\.response2)
    await store.skipReceivedActions()
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first
        == """
        Received unexpected action:

          .response1(42)

        It is of another case than expected. To fix, receive this action first, or check which \
        action the effect sends.
        """)
  }
}
