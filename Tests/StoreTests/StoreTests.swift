import Store
import TestSupport
import Testing

@MainActor
@Suite("Store")
struct StoreTests {
  @Test("an action changes the state through the reducer and observers hear of it")
  func actionChangesStateAndNotifies() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var heard: [(Counter.Action, ActionOrigin, Int)] = []
    let observation = store.observe { action, origin, state in
      heard.append((action, origin, state.count))
    }
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 2)
    #expect(heard.map(\.0) == [.increment, .increment])
    #expect(heard.map(\.2) == [1, 2])
    #expect(heard.allSatisfy { $0.1 == .sent })
    observation.cancel()
    store.send(.decrement)
    #expect(heard.count == 2)
  }

  @Test("actions sent while notifying are queued and handled in order, never re-entrantly")
  func reentrantSendsAreQueued() {
    var depth = 0
    var maxDepth = 0
    var order: [String] = []
    let reducer = Reduce<Int, String> { state, action in
      depth += 1
      maxDepth = max(maxDepth, depth)
      order.append(action)
      state += 1
      depth -= 1
      return .none
    }
    let store = Store(initialState: 0, reducer: reducer)
    let observation = store.observe { [unowned store] action, _, _ in
      order.append("notified \(action)")
      if action == "first" {
        store.send("second")
        store.send("third")
        order.append("sends returned")
      }
    }
    store.send("first")
    #expect(
      order == [
        "first", "notified first", "sends returned", "second", "notified second", "third",
        "notified third",
      ])
    #expect(maxDepth == 1)
    #expect(store.state == 3)
    observation.cancel()
  }

  @Test("send returns a task that finishes when the effects it started have finished")
  func sendTaskFinishesWithItsEffects() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    let task = store.send(.startDelayed(id: "a"))
    #expect(await task.hasEffects)
    #expect(store.runningEffects == 1)
    await gate.open()
    await task.finish()
    #expect(store.state.log == ["start a", "finished a"])
    #expect(store.runningEffects == 0)
  }

  @Test("settle waits for effects started by actions that effects send")
  func settleWaitsForChainedEffects() async {
    enum Step: Equatable, Sendable { case one, two, three }
    let store = Store(initialState: [Step]()) { (state: inout [Step], action: Step) in
      state.append(action)
      switch action {
      case .one: return .run { send in await send(.two) }
      case .two: return .run { send in await send(.three) }
      case .three: return .none
      }
    }
    store.send(.one)
    await store.settle()
    #expect(store.state == [.one, .two, .three])
  }

  @Test("actions from effects reach observers marked as coming from an effect")
  func effectOriginIsReported() async {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    var origins: [ActionOrigin] = []
    let observation = store.observe { _, origin, _ in origins.append(origin) }
    store.send(.startDelayed(id: "x"))
    await store.settle()
    #expect(origins == [.sent, .effect])
    observation.cancel()
  }
}
