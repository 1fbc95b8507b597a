import StoreTesting
import Testing

@testable import Store

private struct Child1: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable { case decrementButtonTapped, incrementButtonTapped }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrementButtonTapped:
        state.count -= 1
        return state.count < 0 ? .run { await $0(.incrementButtonTapped) } : .none
      case .incrementButtonTapped:
        state.count += 1
        return .none
      }
    }
  }
}

private struct Child2: Reducer {
  enum State: Equatable, CasePathable {
    case count(Int)
    case name(String)
    struct AllCasePaths: Sendable {
      let count = ActionCase(State.count)
      let name = ActionCase(State.name)
    }
    static let allCasePaths = AllCasePaths()
  }
  enum Action: Equatable, Sendable, CasePathable {
    case count(Int)
    case name(String)
    struct AllCasePaths: Sendable {
      let count = ActionCase(Action.count)
      let name = ActionCase(Action.name)
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    EmptyReducer()
      .ifCaseLet(\.count, action: \.count) {
        Reduce { state, action in
          state = action
          return state < 0 ? .run { await $0(0) } : .none
        }
      }
      .ifCaseLet(\.name, action: \.name) {
        Reduce { state, action in
          state = action
          return state.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
  }
}

private struct Feature: Reducer {
  struct State: Equatable {
    var child1 = Child1.State()
    var child2 = Child2.State.count(0)
  }
  enum Action: Equatable, Sendable, CasePathable {
    case child1(Child1.Action)
    case child2(Child2.Action)
    struct AllCasePaths: Sendable {
      let child1 = ActionCase(Action.child1)
      let child2 = ActionCase(Action.child2)
    }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Scope(state: \State.child1, action: \.child1) { Child1() }
    Scope(state: \State.child2, action: \.child2) { Child2() }
  }
}

/// A long-living effect under a cancellation id every test uses.
private struct LongLiving: Reducer {
  struct State: Equatable { var value = 0 }
  enum Action: Equatable, Sendable { case response(Int), start, stop }
  enum CancelID { case longLiving }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .response(let value):
        state.value = value
        return .none
      case .start:
        return .run { send in
          await send(.response(42))
          try await never()
        }
        .cancellable(id: CancelID.longLiving, cancelInFlight: true)
      case .stop:
        return .cancel(id: CancelID.longLiving)
      }
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// ScopeTests.swift and EffectCancellationIsolationTests.swift. testNilChild's wording is
/// Uniflow's (TCAIfCaseLetReducerTests locks it).
@MainActor
@Suite("Ported from TCA: ScopeTests and EffectCancellationIsolationTests")
struct TCAScopeTests {
  /// testStructChild
  @Test("a struct child scoped by key path runs its reducer and its effects")
  func structChild() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child1(.incrementButtonTapped)) { $0.child1.count = 1 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = 0 }
    await store.send(.child1(.decrementButtonTapped)) { $0.child1.count = -1 }
    await store.receive(.child1(.incrementButtonTapped)) { $0.child1.count = 0 }
  }

  /// testEnumChild
  @Test("an enum child runs the reducer of its current case")
  func enumChild() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.child2(.count(1))) { $0.child2 = .count(1) }
    await store.send(.child2(.count(-1))) { $0.child2 = .count(-1) }
    await store.receive(.child2(.count(0))) { $0.child2 = .count(0) }
  }

  /// testIsolation1 and testIsolation2: the same cancellation id in two tests that run at once.
  @Test(
    "two stores using one cancellation id at once do not cancel each other's effects",
    arguments: [1, 2, 3, 4])
  func cancellationIsIsolatedPerStore(_ run: Int) async {
    let store = TestStore(initialState: LongLiving.State()) { LongLiving() }
    await store.send(.start)
    await store.receive(.response(42)) { $0.value = 42 }
    await store.send(.stop)
    #expect(store.state.value == 42)
  }

  /// Not in TCA: the isolation, checked in one test, so that it holds even when tests run one
  /// at a time.
  @Test("stopping one store's effect leaves another store's effect under the same id running")
  func twoStoresOneID() async {
    let first = TestStore(initialState: LongLiving.State()) { LongLiving() }
    let second = TestStore(initialState: LongLiving.State()) { LongLiving() }
    await first.send(.start)
    await first.receive(.response(42)) { $0.value = 42 }
    await second.send(.start)
    await second.receive(.response(42)) { $0.value = 42 }
    await first.send(.stop)
    #expect(first.core.executor.runningCount == 0)
    #expect(second.core.executor.runningCount == 1)
    await second.send(.stop)
    #expect(second.core.executor.runningCount == 0)
  }
}
