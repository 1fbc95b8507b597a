import Foundation
import StoreTesting
import TestSupport
import Testing

@testable import Store

/// A row of a list: a value, and a timer that ticks on a test clock.
private struct ListRow: Reducer {
  struct State: Identifiable, Equatable, Sendable {
    let id: Int
    var value = ""
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case set(String)
    case startTimer
    case tick
    case wait
  }

  let clock: TestClock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .set(let value):
      state.value = value
      return .none
    case .startTimer:
      return everySecond(on: clock, send: .tick)
        // The row's own id: the same in every row, which must not matter.
        .cancellable(id: "timer", cancelInFlight: true)
    case .tick:
      state.ticks += 1
      return .none
    case .wait:
      return .run { _ in try await never() }
    }
  }
}

/// A list of rows; the parent logs what it sees, to show that the row's reducer ran first.
private struct List: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<ListRow.State> = []
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case remove(Int)
    case replaceAll([Int])
    case removeAndAdd(Int, Int)
    case rows(IdentifiedAction<Int, ListRow.Action>)
  }

  let clock: TestClock

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .add(let id):
        state.rows.append(ListRow.State(id: id))
      case .remove(let id):
        state.rows.remove(id: id)
      case .removeAndAdd(let removed, let added):
        state.rows.remove(id: removed)
        state.rows.append(ListRow.State(id: added))
      case .replaceAll(let ids):
        state.rows = IdentifiedArray(uniqueElements: ids.map { ListRow.State(id: $0) })
      case .rows(.element(let id, .set)):
        state.log.append("parent saw \(state.rows[id: id]?.value ?? "nothing")")
      case .rows:
        break
      }
      return .none
    }
    .forEach(\.rows, action: .rows) { ListRow(clock: clock) }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension ActionCase where Root == List.Action, Value == IdentifiedAction<Int, ListRow.Action> {
  fileprivate static let rows = ActionCase(embed: List.Action.rows) {
    if case .rows(let action) = $0 { action } else { nil }
  }
}

/// The line of `.forEach` in `List.body`, where misuse is reported.
private let forEachLine = 79

@MainActor
@Suite("forEach: a collection of features")
struct ForEachTests {
  @Test("an element action runs the element's reducer on that element, then the parent's")
  func elementFirst() async {
    let store = TestStore(
      initialState: List.State(rows: [ListRow.State(id: 1), ListRow.State(id: 2)]),
      reducer: List(clock: TestClock()))
    await store.send(.rows(.element(id: 2, action: .set("two")))) {
      $0.rows[id: 2]?.value = "two"
      $0.log = ["parent saw two"]
    }
    #expect(store.state.rows[id: 1]?.value == "")
  }

  @Test("removing an element cancels its running effects; the other elements' keep running")
  func removalCancels() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: List.State(rows: [ListRow.State(id: 1), ListRow.State(id: 2)]),
      reducer: List(clock: clock))
    await store.send(.rows(.element(id: 1, action: .startTimer)))
    await store.send(.rows(.element(id: 2, action: .startTimer)))
    #expect(store.core.executor.runningCount == 2, "the same cancel id in two rows")
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 1, action: .tick))) { $0.rows[id: 1]?.ticks = 1 }
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 1 }
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    #expect(store.core.executor.runningCount == 1)
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(.element(id: 2, action: .tick))) { $0.rows[id: 2]?.ticks = 2 }
    await store.send(.replaceAll([3])) { $0.rows = [ListRow.State(id: 3)] }
    #expect(store.core.executor.runningCount == 0, "replacing the collection removed row 2")
    await store.finish()
  }

  @Test("adding an element starts no cancellation; removing one and adding another still cancels")
  func addingIsNotRemoving() async {
    var state = List.State(rows: [ListRow.State(id: 1)])
    let list = List(clock: TestClock())
    #expect(list.reduce(into: &state, action: .add(2)).isNone)
    #expect(!list.reduce(into: &state, action: .removeAndAdd(1, 3)).isNone)
    let store = TestStore(
      initialState: List.State(rows: [ListRow.State(id: 1), ListRow.State(id: 2)]),
      reducer: List(clock: TestClock()))
    await store.send(.rows(.element(id: 1, action: .wait)))
    await store.send(.add(3)) { $0.rows.append(ListRow.State(id: 3)) }
    #expect(store.core.executor.runningCount == 1, "an append keeps row 1's effect")
    await store.send(.removeAndAdd(1, 4)) {
      $0.rows.remove(id: 1)
      $0.rows.append(ListRow.State(id: 4))
    }
    #expect(store.core.executor.runningCount == 0, "row 1 went, though another came")
    await store.finish()
  }

  @Test("an element removed and added back in one action keeps its effects, as in TCA")
  func replacedByTheSameID() async {
    let store = TestStore(
      initialState: List.State(rows: [ListRow.State(id: 1)]), reducer: List(clock: TestClock()))
    await store.send(.rows(.element(id: 1, action: .wait)))
    await store.send(.replaceAll([1]))
    #expect(store.core.executor.runningCount == 1)
    await store.send(.remove(1)) { $0.rows = [] }
    #expect(store.core.executor.runningCount == 0)
    await store.finish()
  }

  @Test("an action for a missing element is dropped and reported as TCA words it, at forEach")
  func missingElement() async {
    let failures = Locked<[TestFailure]>([])
    let store = TestStore(
      initialState: List.State(rows: [ListRow.State(id: 1)]), reducer: List(clock: TestClock()),
      reportFailure: { failure in failures.withLock { $0.append(failure) } })
    await store.send(.rows(.element(id: 7, action: .set("x")))) {
      $0.log = ["parent saw nothing"]
    }
    let reported = failures.value
    let expected: String =
      "A \"forEach\" at \"StoreTests/ForEachTests.swift:\(forEachLine)\" received an "
      + "action for a missing element, and dropped it. Action: List.Action.rows(.element(id: "
      + "7, action: .set(\"x\"))). This is generally considered an application logic error, "
      + "and can happen for a few reasons: • A parent reducer removed an element with this "
      + "id before this reducer ran. This reducer must run before any other reducer removes "
      + "an element, which ensures that element reducers can handle their actions while "
      + "their state is still available (`forEach` runs the element's reducer before the "
      + "parent's; a reducer that runs before it must not remove elements). • An in-flight "
      + "effect sent this action when the collection held no element with this id. The "
      + "effects an element's own reducer started are cancelled when it is removed; cancel "
      + "an effect of the parent that answers an element before removing it. • This action "
      + "was sent to the store while its state held no element with this id. To fix, send "
      + "element actions only through the store `scope(forEach:action:id:)` returned while "
      + "the element existed."
    #expect(reported.count == 1)
    #expect(reported.first?.line == UInt(forEachLine))
    #expect(reported.first?.fileID == "StoreTests/ForEachTests.swift")
    #expect(reported.first?.message == expected)
  }

  @Test("outside tests, an action for a missing element is one line of misuse report")
  func missingElementInApp() {
    let store = Store(initialState: List.State(), reducer: List(clock: TestClock()))
    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    store.send(.rows(.element(id: 3, action: .tick)))
    #expect(reports.count == 1)
    #expect(reports.first.map { !$0.description.contains("\n") } == true)
    #expect(store.state == List.State(log: []))
  }

  @Test("a store scoped to one element shows it, and keeps its last value once it is removed")
  func elementStore() {
    let store = Store(
      initialState: List.State(rows: [ListRow.State(id: 1), ListRow.State(id: 2)]),
      reducer: List(clock: TestClock()))
    #expect(store.scope(forEach: \.rows, action: .rows, id: 9) == nil)
    guard let row = store.scope(forEach: \.rows, action: .rows, id: 2) else {
      Issue.record("row 2 exists")
      return
    }
    var seen: [String] = []
    let observation = row.observe(\.value) { seen.append($0) }
    row.send(.set("b"))
    #expect(store.state.rows[id: 2]?.value == "b")
    store.send(.remove(2))
    #expect(row.state.value == "b")
    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    row.send(.set("c"))
    #expect(reports.count == 1)
    #expect(reports.first?.message.hasPrefix("A \"forEach\" at ") == true)
    store.send(.add(2))
    store.send(.rows(.element(id: 2, action: .set("new"))))
    #expect(seen == ["", "b", "", "new"])
    observation.cancel()
  }

  @Test(
    "100,000 rows (100× a long list): element actions reach their row; a bulk removal cancels exactly the removed rows' effects"
  )
  func hundredTimes() async {
    let size = 100_000
    let store = Store(
      initialState: List.State(
        rows: IdentifiedArray(uniqueElements: (0..<size).map { ListRow.State(id: $0) })),
      reducer: List(clock: TestClock()))
    for id in stride(from: 0, to: size, by: 1_000) {
      store.send(.rows(.element(id: id, action: .wait)))
      store.send(.rows(.element(id: id + 1, action: .set("\(id)"))))
    }
    #expect(store.executor.runningCount == 100)
    #expect(store.state.rows[id: 99_001]?.value == "99000")
    #expect(store.state.log.count == 100)
    store.send(.replaceAll(Array(stride(from: 0, to: size, by: 2_000))))
    #expect(store.state.rows.count == 50)
    #expect(store.executor.runningCount == 50)
    store.cancelAllEffects()
    await store.settle()
  }
}
