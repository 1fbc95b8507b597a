import Store
import StoreTesting
import Testing

/// A feature written TCA's way: the state and actions nested, the reducer a `body` of others.
private struct Feature: Reducer {
  struct State: Equatable {
    var count = 0
    var child = Child.State()
    var log: [String] = []
  }
  enum Action: Equatable, Sendable, CasePathable {
    case tap
    case child(Child.Action)
    struct AllCasePaths: Sendable { let child = ActionCase(Action.child) }
    static let allCasePaths = AllCasePaths()
  }
  let logging: Bool
  var body: some ReducerOf<Self> {
    Scope(state: \State.child, action: \.child) { Child() }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
    if logging {
      Reduce { state, action in
        state.log.append("\(action)")
        return .none
      }
    }
  }
}

private struct Child: Reducer {
  struct State: Equatable { var taps = 0 }
  enum Action: Equatable, Sendable { case tap, echo }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      guard case .tap = action else { return .none }
      state.taps += 1
      return .send(.echo)
    }
  }
}

/// A reducer that writes both `body` and `reduce`: `reduce` is what runs.
private struct Both: Reducer {
  var body: some ReducerOf<Self> {
    Reduce<Int, Void> { state, _ in
      state += 100
      return .none
    }
  }
  func reduce(into state: inout Int, action: Void) -> Effect<Void> {
    state += 1
    return .none
  }
}

/// Sets the state to whether the clock it reads is a test clock.
private struct ReadsClock: Reducer {
  typealias State = Bool
  typealias Action = Void
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state = clock is TestClock
      return .none
    }
  }
}

@MainActor
@Suite("Reducers written with a body")
struct ReducerBodyTests {
  @Test("a body's reducers run in order, its child scoped, its if taken when built so")
  func bodyRunsItsReducersInOrder() {
    var state = Feature.State()
    _ = Feature(logging: true).reduce(into: &state, action: .tap)
    _ = Feature(logging: true).reduce(into: &state, action: .child(.tap))
    _ = Feature(logging: false).reduce(into: &state, action: .tap)
    #expect(state.count == 2)
    #expect(state.child.taps == 1)
    #expect(state.log.count == 2)
    #expect(state.log.first == "tap")
  }

  @Test("a reducer dropping its effects by default applies each action as reduce does")
  func droppingEffectsByDefault() {
    var reduced = Feature.State()
    var dropped = Feature.State()
    for action in [Feature.Action.tap, .child(.tap), .tap] {
      _ = Feature(logging: true).reduce(into: &reduced, action: action)
      Feature(logging: true).reduceDroppingEffects(into: &dropped, action: action)
    }
    #expect(dropped == reduced)
    #expect(dropped.count == 2 && dropped.child.taps == 1 && dropped.log.count == 3)
  }

  @Test("a TestStore is built TCA's way, with the reducer in a trailing closure")
  func testStoreTakesTheReducerInATrailingClosure() async {
    let store = TestStore(initialState: Feature.State()) { Feature(logging: false) }
    await store.send(.child(.tap)) { $0.child.taps = 1 }
    await store.receive(.child(.echo))
    await store.send(.tap) { $0.count = 1 }
  }

  @Test("a store is built with the reducer in a trailing closure and dependencies after it")
  func storeTakesTheReducerAndDependenciesInTrailingClosures() {
    let store = Store(initialState: Feature.State()) {
      Feature(logging: true)
    }
    store.send(.tap)
    #expect(store.state.count == 1)
    #expect(store.state.log == ["tap"])
    let clocked = Store(initialState: false) {
      ReadsClock()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    clocked.send(())
    #expect(clocked.state)
  }

  @Test("a reducer that writes reduce has no body to build, and reduce wins over a body")
  func reduceWinsOverBody() {
    var state = 0
    _ = Both().reduce(into: &state, action: ())
    #expect(state == 1)
    #expect(Counter.Body.self == Never.self)
    // A store, which keeps the bodies it builds, runs `reduce` too.
    let store = Store(initialState: 0) { Both() }
    store.send(())
    store.send(())
    #expect(store.state == 2)
  }
}
