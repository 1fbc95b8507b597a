import StoreTesting
import Testing

@testable import Store

/// A child with a timer on a test clock: TCA's `Child` of these tests.
private struct Ticking: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case timerButtonTapped
    case timerTick
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .timerButtonTapped:
      return everySecond(on: clock, send: .timerTick)
    case .timerTick:
      state.count += 1
      return .none
    }
  }
}

/// A parent that shows and hides an optional `Ticking` child.
private struct Parent: Reducer {
  struct State: Equatable, Sendable {
    var child: Ticking.State?
  }

  enum Action: Equatable, Sendable {
    case child(Ticking.Action)
    case childButtonTapped
  }

  static let child = ActionCase<Action, Ticking.Action>(embed: Action.child) {
    if case .child(let action) = $0 { action } else { nil }
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      if case .childButtonTapped = action { state.child = state.child == nil ? .init() : nil }
      return .none
    }
    .ifLet(\.child, action: Self.child) { Ticking(clock: clock) }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A grandparent whose optional child holds an optional `Ticking` grandchild.
private struct Grandparent: Reducer {
  struct Child: Equatable, Sendable {
    var grandChild: Ticking.State?
  }

  enum ChildAction: Equatable, Sendable {
    case grandChild(Ticking.Action)
  }

  struct State: Equatable, Sendable {
    var child: Child?
  }

  enum Action: Equatable, Sendable {
    case child(ChildAction)
    case exitButtonTapped
    case startButtonTapped
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .child: break
      case .exitButtonTapped: state.child = nil
      case .startButtonTapped: state.child = Child(grandChild: Ticking.State())
      }
      return .none
    }
    .ifLet(
      \.child,
      action: ActionCase(embed: Action.child) {
        if case .child(let action) = $0 { action } else { nil }
      }
    ) {
      Reduce<Child, ChildAction> { _, _ in .none }
        .ifLet(
          \.grandChild,
          action: ActionCase(embed: ChildAction.grandChild) {
            if case .grandChild(let action) = $0 { action } else { nil }
          }
        ) { Ticking(clock: clock) }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// A child whose identity is its id: a new id is a new child.
private struct Identified: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var value = 0
  }

  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      let (clock, id) = (self.clock, state.id)
      return .run { send in
        try await clock.sleep(for: .zero)
        await send(.response(id))
      }
    case .response(let value):
      state.value = value
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// Reducers/IfLetReducerTests.swift (the parts without SwiftUI's alert state). TCA's
/// `continuousClock` and `mainQueue` dependencies are a `TestClock` the reducers are built with.
@MainActor
@Suite("Ported from TCA: IfLetReducerTests")
struct TCAIfLetReducerTests {
  // Ports TCA's IfLetReducerTests.testNilChild
  @Test("a child action while the child is nil fails the test at the ifLet, worded as TCA's")
  func nilChild() async {
    let failures = Locked<[TestFailure]>([])
    let line = #line + 3
    let store = TestStore(
      initialState: Int?.none,
      reducer: Reduce<Int?, Int> { _, _ in .none }.ifLet(
        \.self, action: ActionCase(embed: { $0 }, extract: { $0 })
      ) { Reduce<Int, Int> { _, _ in .none } },
      reportFailure: { failure in failures.withLock { $0.append(failure) } })
    await store.send(1)
    #expect(failures.value.map(\.line) == [UInt(line)])
    #expect(
      failures.value.first?.message
        == "An \"ifLet\" at \"StoreTests/TCAIfLetReducerTests.swift:\(line)\" received a child "
        + "action when child state was \"nil\", and dropped it. Action: 1. This is generally "
        + "considered an application logic error, and can happen for a few reasons: • A parent "
        + "reducer set child state to \"nil\" before this reducer ran. This reducer must run "
        + "before any other reducer sets child state to \"nil\". This ensures that child "
        + "reducers can handle their actions while their state is still available. • An "
        + "in-flight effect sent this action when child state was \"nil\". While it may be "
        + "perfectly reasonable to ignore this action, consider cancelling the associated "
        + "effect before child state becomes \"nil\", especially if it is a long-living effect. "
        + "• This action was sent to the store while state was \"nil\". To fix, send child "
        + "actions only through a store that `scope(state:action:)` returned while the child "
        + "state was not \"nil\".")
  }

  // Ports TCA's IfLetReducerTests.testEffectCancellation
  @Test("hiding the child cancels its timer")
  func effectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Parent.State(), reducer: Parent(clock: clock))
    await store.send(.childButtonTapped) { $0.child = Ticking.State() }
    await store.send(.child(.timerButtonTapped))
    await clock.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) { $0.child?.count = 1 }
    await store.receive(.child(.timerTick)) { $0.child?.count = 2 }
    await store.send(.childButtonTapped) { $0.child = nil }
    await store.finish()
  }

  // Ports TCA's IfLetReducerTests.testGrandchildEffectCancellation
  @Test("hiding the child cancels its child's timer too")
  func grandchildEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Grandparent.State(), reducer: Grandparent(clock: clock))
    await store.send(.startButtonTapped) {
      $0.child = Grandparent.Child(grandChild: Ticking.State())
    }
    await store.send(.child(.grandChild(.timerButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.child(.grandChild(.timerTick))) { $0.child?.grandChild?.count = 1 }
    await store.send(.exitButtonTapped) { $0.child = nil }
    await store.finish()
  }

  // Ports TCA's IfLetReducerTests.testIdentifiableChild
  @Test("replacing an identifiable child by one with another id cancels the old child's effects")
  func identifiableChild() async {
    struct State: Equatable, Sendable { var child: Identified.State? }
    enum Action: Equatable, Sendable {
      case child(Identified.Action)
      case newChild
    }
    let clock = TestClock()
    let reducer = Reduce<State, Action> { state, action in
      if case .newChild = action, let child = state.child {
        state.child = Identified.State(id: child.id + 1)
      }
      return .none
    }
    .ifLet(
      \.child,
      action: ActionCase(embed: Action.child) {
        if case .child(let action) = $0 { action } else { nil }
      }
    ) { Identified(clock: clock) }
    let store = TestStore(
      initialState: State(child: Identified.State(id: 1)), reducer: reducer)
    await store.send(.child(.tap))
    await store.send(.newChild) { $0.child = Identified.State(id: 2) }
    await store.send(.child(.tap))
    await clock.advance()
    await store.receive(.child(.response(2))) { $0.child = Identified.State(id: 2, value: 2) }
    await store.finish()
  }
}
