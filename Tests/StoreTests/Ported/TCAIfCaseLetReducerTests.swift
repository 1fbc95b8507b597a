import StoreTesting
import Testing

@testable import Store

private struct SomeError: Error, Equatable {}

private typealias Outcome = Result<Int, SomeError>

extension ActionCase where Root == Outcome, Value == Int {
  /// `Result.success`, as a case of the state and of the action.
  fileprivate static let success = ActionCase(embed: Outcome.success) {
    if case .success(let value) = $0 { value } else { nil }
  }
}

/// Two sibling children of an enum state, each with a timer.
private struct Siblings: Reducer {
  enum State: Equatable, Sendable {
    case child1(Int)
    case child2(Int)
  }

  enum ChildAction: Equatable, Sendable {
    case timerButtonTapped
    case timerTick
  }

  enum Action: Equatable, Sendable {
    case child1(ChildAction)
    case child1ButtonTapped
    case child2(ChildAction)
    case child2ButtonTapped
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child1ButtonTapped: state = .child1(0)
      case .child2ButtonTapped: state = .child2(0)
      case .child1, .child2: break
      }
      return .none
    }
    .ifCaseLet(
      ActionCase(embed: State.child1) { if case .child1(let count) = $0 { count } else { nil } },
      action: ActionCase(embed: Action.child1) {
        if case .child1(let action) = $0 { action } else { nil }
      }
    ) { timer }
    .ifCaseLet(
      ActionCase(embed: State.child2) { if case .child2(let count) = $0 { count } else { nil } },
      action: ActionCase(embed: Action.child2) {
        if case .child2(let action) = $0 { action } else { nil }
      }
    ) { timer }
  }

  var timer: Reduce<Int, ChildAction> {
    Reduce { [clock] count, action in
      switch action {
      case .timerButtonTapped:
        return everySecond(on: clock, send: .timerTick)
      case .timerTick:
        count += 1
        return .none
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// Reducers/IfCaseLetReducerTests.swift. TCA's case key paths (`\.success`) are
/// `ActionCase`s, for the state's case as for the action's.
@MainActor
@Suite("Ported from TCA: IfCaseLetReducerTests")
struct TCAIfCaseLetReducerTests {
  // Ports TCA's IfCaseLetReducerTests.testChildAction
  @Test("the child runs on its case; an action of another case passes it by")
  func childAction() async {
    let store = TestStore(
      initialState: Outcome.success(0),
      reducer: Reduce<Outcome, Outcome> { _, _ in .none }
        .ifCaseLet(.success, action: .success) {
          Reduce<Int, Int> { state, action in
            state = action
            return state < 0 ? .run { await $0(0) } : .none
          }
        })
    await store.send(.success(1)) { $0 = .success(1) }
    await store.send(.failure(SomeError()))
    await store.send(.success(-1)) { $0 = .success(-1) }
    await store.receive(.success(0)) { $0 = .success(0) }
  }

  // Ports TCA's IfCaseLetReducerTests.testNilChild
  @Test("a child action while the state is another case fails the test, showing the state")
  func nilChild() async {
    let failures = Locked<[TestFailure]>([])
    let line = #line + 4
    let store = TestStore(
      initialState: Outcome.failure(SomeError()),
      reducer: Reduce<Outcome, Outcome> { _, _ in .none }
        .ifCaseLet(.success, action: .success) { Reduce<Int, Int> { _, _ in .none } },
      reportFailure: { failure in failures.withLock { $0.append(failure) } })
    await store.send(.success(1))
    #expect(failures.value.map(\.line) == [UInt(line)])
    let expected =
      "An \"ifCaseLet\" at \"StoreTests/TCAIfCaseLetReducerTests.swift:\(line)\" received a "
      + "child action when child state was set to a different case, and dropped it. Action: "
      + "1. State: Result<Int, SomeError>.failure(SomeError()). "
      + "This is generally considered an application logic error, and can happen for a few "
      + "reasons: • A parent reducer set \"Result<Int, SomeError>\" to a different case before "
      + "this reducer ran."
    #expect(failures.value.first?.message.hasPrefix(expected) == true, "\(failures.value)")
  }

  // Ports TCA's IfCaseLetReducerTests.testEffectCancellation_Siblings
  @Test("switching to the sibling case cancels the first child's timer")
  func effectCancellationSiblings() async {
    let clock = TestClock()
    let store = TestStore(initialState: Siblings.State.child1(0), reducer: Siblings(clock: clock))
    await store.send(.child1(.timerButtonTapped))
    await clock.advance(by: .seconds(1))
    await store.receive(.child1(.timerTick)) { $0 = .child1(1) }
    await store.send(.child2ButtonTapped) { $0 = .child2(0) }
    await store.finish()
  }
}
