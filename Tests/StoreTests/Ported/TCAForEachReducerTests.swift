import StoreTesting
import Testing

@testable import Store

/// TCA's `Elements` feature: rows whose reducer sets their value, answering "Empty" to "".
private struct Elements: Reducer {
  struct Row: Identifiable, Equatable, Sendable {
    var id: Int
    var value: String
  }

  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row> = []
  }

  enum Action: Equatable, Sendable {
    case buttonTapped
    case rows(IdentifiedAction<Int, String>)
  }

  static let rows = ActionCase<Action, IdentifiedAction<Int, String>>(embed: Action.rows) {
    if case .rows(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { _, _ in .none }
      .forEach(\.rows, action: Self.rows) {
        Reduce<Row, String> { state, action in
          state.value = action
          return action.isEmpty ? .run { await $0("Empty") } : .none
        }
      }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// TCA's `Timers`: rows with a timer each, added and removed by the parent.
private struct Timers: Reducer {
  struct Timer: Identifiable, Equatable, Sendable {
    let id: Int
    var elapsed = 0
  }

  enum TimerAction: Equatable, Sendable {
    case startButtonTapped
    case tick
  }

  struct State: Equatable, Sendable {
    var timers: IdentifiedArrayOf<Timer> = []
    var nextID = 0
  }

  enum Action: Equatable, Sendable {
    case addTimerButtonTapped
    case removeLastTimerButtonTapped
    case timers(IdentifiedAction<Int, TimerAction>)
  }

  static let timers = ActionCase<Action, IdentifiedAction<Int, TimerAction>>(
    embed: Action.timers
  ) {
    if case .timers(let action) = $0 { action } else { nil }
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .addTimerButtonTapped:
        state.timers.append(Timer(id: state.nextID))
        state.nextID += 1
      case .removeLastTimerButtonTapped:
        state.timers.removeLast()
      case .timers:
        break
      }
      return .none
    }
    .forEach(\.timers, action: Self.timers) {
      Reduce<Timer, TimerAction> { [clock] state, action in
        switch action {
        case .startButtonTapped:
          return everySecond(on: clock, send: .tick)
        case .tick:
          state.elapsed += 1
          return .none
        }
      }
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// Reducers/ForEachReducerTests.swift. TCA's key-path sends (`\.rows[id: 1]`) are spelled
/// `.rows(.element(id: 1, action: …))`; its `TestClock` and `uuid` dependencies are a
/// `TestClock` and a counter in the state.
@MainActor
@Suite("Ported from TCA: ForEachReducerTests")
struct TCAForEachReducerTests {
  // Ports TCA's ForEachReducerTests.testElementAction
  @Test("an element action changes that element; its effect answers the same element")
  func elementAction() async {
    let store = TestStore(
      initialState: Elements.State(rows: [
        .init(id: 1, value: "Blob"), .init(id: 2, value: "Blob Jr."),
        .init(id: 3, value: "Blob Sr."),
      ]), reducer: Elements())
    await store.send(.rows(.element(id: 1, action: "Blob Esq."))) {
      $0.rows[id: 1]?.value = "Blob Esq."
    }
    await store.send(.rows(.element(id: 2, action: ""))) { $0.rows[id: 2]?.value = "" }
    await store.receive(.rows(.element(id: 2, action: "Empty"))) {
      $0.rows[id: 2]?.value = "Empty"
    }
  }

  // Ports TCA's ForEachReducerTests.testNonElementAction
  @Test("an action that is not an element's passes to the parent alone")
  func nonElementAction() async {
    let store = TestStore(initialState: Elements.State(), reducer: Elements())
    await store.send(.buttonTapped)
    #expect(store.state == Elements.State())
  }

  // Ports TCA's ForEachReducerTests.testMissingElement
  @Test("an action for a missing element fails the test at the forEach, naming the action")
  func missingElement() async {
    let failures = Locked<[TestFailure]>([])
    let line = #line + 4
    let store = TestStore(
      initialState: Elements.State(),
      reducer: Reduce<Elements.State, Elements.Action> { _, _ in .none }
        .forEach(\.rows, action: Elements.rows) { Reduce<Elements.Row, String> { _, _ in .none } },
      reportFailure: { failure in failures.withLock { $0.append(failure) } })
    await store.send(.rows(.element(id: 1, action: "Blob Esq.")))
    #expect(failures.value.map(\.line) == [UInt(line)])
    #expect(
      failures.value.first?.message.hasPrefix(
        "A \"forEach\" at \"StoreTests/TCAForEachReducerTests.swift:\(line)\" received an "
          + "action for a missing element, and dropped it. Action: "
          + "Elements.Action.rows(.element(id: 1, action: \"Blob Esq.\")). This is generally "
          + "considered an application logic error, and can happen for a few reasons: • A "
          + "parent reducer removed an element with this id before this reducer ran.") == true)
  }

  // Ports TCA's ForEachReducerTests.testAutomaticEffectCancellation
  @Test("removing a timer row cancels its timer; the other row's keeps ticking")
  func automaticEffectCancellation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Timers.State(), reducer: Timers(clock: clock))
    await store.send(.addTimerButtonTapped) {
      $0.timers = [Timers.Timer(id: 0)]
      $0.nextID = 1
    }
    await store.send(.timers(.element(id: 0, action: .startButtonTapped)))
    await clock.advance(by: .seconds(2))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[0].elapsed = 1 }
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[0].elapsed = 2 }
    await store.send(.addTimerButtonTapped) {
      $0.timers = [Timers.Timer(id: 0, elapsed: 2), Timers.Timer(id: 1)]
      $0.nextID = 2
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[0].elapsed = 3 }
    await store.send(.timers(.element(id: 1, action: .startButtonTapped)))
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[0].elapsed = 4 }
    await store.receive(.timers(.element(id: 1, action: .tick))) { $0.timers[1].elapsed = 1 }
    await store.send(.removeLastTimerButtonTapped) {
      $0.timers = [Timers.Timer(id: 0, elapsed: 4)]
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.timers(.element(id: 0, action: .tick))) { $0.timers[0].elapsed = 5 }
    await store.send(.removeLastTimerButtonTapped) { $0.timers = [] }
    await store.finish()
  }
}
