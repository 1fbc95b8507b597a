import Store
import StoreTesting
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/Reducers/
/// OnChangeReducerTests.swift, written as TCA users write features: `var body` and
/// `TestStore(initialState:) { Feature() }`. Not ported: testSharedState (Uniflow has no
/// `@Shared`). Difference: the collection's action is one `IdentifiedAction` case, as in TCA 1.x.
@MainActor
@Suite("Ported from TCA: OnChangeReducerTests")
struct TCAOnChangeReducerTests {
  private struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var description = ""
    }
    enum Action: Equatable {
      case incrementButtonTapped
      case decrementButtonTapped
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .decrementButtonTapped: state.count -= 1
        case .incrementButtonTapped: state.count += 1
        }
        return .none
      }
      .onChange(of: \.count) { _, newValue in
        Reduce { state, _ in
          state.description = String(repeating: "!", count: newValue)
          return newValue > 1 ? .send(.decrementButtonTapped) : .none
        }
      }
    }
  }

  /// testOnChange
  @Test(
    "the changed-value reducer runs after each action that changed the value, and its effects run")
  func onChange() async {
    let store = TestStore(initialState: Counter.State()) { Counter() }
    await store.send(.incrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
    await store.send(.incrementButtonTapped) {
      $0.count = 2
      $0.description = "!!"
    }
    await store.receive(.decrementButtonTapped) {
      $0.count = 1
      $0.description = "!"
    }
  }

  private struct Child: Reducer {
    struct State: Equatable, Identifiable {
      let id: Int
      var counter = 0
    }
    enum Action: Equatable, Sendable { case incrementButtonTapped }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.counter += 1
      return .none
    }
  }

  private struct Parent: Reducer {
    struct State: Equatable {
      var childStates: IdentifiedArrayOf<Child.State>
      var onChangeUpdateCounter = 0
    }
    enum Action: Equatable, Sendable {
      case addChildState(Child.State)
      case child(IdentifiedAction<Int, Child.Action>)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        if case .addChildState(let child) = action { state.childStates.append(child) }
        return .none
      }
      .forEach(\.childStates, action: ActionCase(Action.child)) { Child() }
      .onChange(of: \.childStates, removeDuplicates: { $0.ids == $1.ids }) { _, _ in
        Reduce { state, _ in
          state.onChangeUpdateCounter += 1
          return .none
        }
      }
    }
  }

  /// testOnChangeChildStates
  @Test("a custom duplicate check decides what counts as a change: a child's counter does not")
  func onChangeChildStates() async {
    let store = TestStore(initialState: Parent.State(childStates: [Child.State(id: 0)])) {
      Parent()
    }
    await store.send(.child(.element(id: 0, action: .incrementButtonTapped))) {
      $0.childStates[id: 0]?.counter = 1
    }
    await store.send(.addChildState(Child.State(id: 1))) {
      $0.childStates.append(Child.State(id: 1))
      $0.onChangeUpdateCounter = 1
    }
    await store.send(.child(.element(id: 1, action: .incrementButtonTapped))) {
      $0.childStates[id: 1]?.counter = 1
    }
  }

  private struct Sum: Reducer {
    struct State: Equatable {
      var countA = 0
      var countB = 0
      var sum = 0
    }
    enum Action: Equatable {
      case incrementButtonTapped
      case noop
      case updateSum(Int)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementButtonTapped:
          state.countA += 1
          state.countB += 1
        case .noop: break
        case .updateSum(let sum): state.sum = sum
        }
        return .none
      }
      .onChange(of: { ($0.countA, $0.countB) }, removeDuplicates: ==) { _, _ in
        Reduce { state, _ in .send(.updateSum(state.countA + state.countB)) }
      }
    }
  }

  /// testOnChangeTuple
  @Test("a tuple of values is watched with removeDuplicates: ==, and no change runs nothing")
  func onChangeTuple() async {
    let store = TestStore(initialState: Sum.State()) { Sum() }
    await store.send(.incrementButtonTapped) {
      $0.countA = 1
      $0.countB = 1
    }
    await store.receive(.updateSum(2)) { $0.sum = 2 }
    await store.send(.noop)
  }

  @Test("the changed-value reducer is given the value before and after the action")
  func oldAndNewValues() {
    var seen: [(Int, Int)] = []
    let reducer = Reduce<Int, Int> { state, action in
      state += action
      return .none
    }
    .onChange(of: { $0 / 10 }) { old, new in
      Reduce { _, _ in
        seen.append((old, new))
        return .none
      }
    }
    var state = 5
    for step in [3, 4, 10, 0] { _ = reducer.reduce(into: &state, action: step) }
    #expect(seen.map(\.0) == [0, 1])
    #expect(seen.map(\.1) == [1, 2])
  }
}
