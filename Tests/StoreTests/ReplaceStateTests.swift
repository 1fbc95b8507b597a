import Store
import TestSupport
import Testing

@MainActor
@Suite("Replacing a store's state without an action (time travel)")
struct ReplaceStateTests {
  @Test("replaceState sets the state, cancels running effects, and tells observers of the state")
  func replaceCancelsAndNotifies() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    var counts: [Int] = []
    var actions: [Counter.Action] = []
    let values = store.observe(\.count) { counts.append($0) }
    let raw = store.observe { action, _, _ in actions.append(action) }
    let started = store.send(.startDelayed(id: "a"))
    await gate.someoneArrived()
    store.replaceState(with: Counter.State(count: 7))
    #expect(store.runningEffects == 0)
    await gate.open()  // the cancelled effect now sends `.finished`, which must not arrive
    await started.finish()
    #expect(store.state == Counter.State(count: 7))
    #expect(counts == [0, 7])
    #expect(actions == [.startDelayed(id: "a")])
    values.cancel()
    raw.cancel()
  }

  @Test("a scoped store sees the replaced state, and an action an observer sends is handled after")
  func scopedAndQueued() {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    let scoped: Store<Int, Counter.Action> = store.scope(state: { $0.count }, action: { $0 })
    var seen: [Int] = []
    let child = scoped.observe(\.self) { seen.append($0) }
    var sentOnce = false
    let sender = store.observe(\.count) { count in
      if count == 3, !sentOnce {
        sentOnce = true
        store.send(.increment)
      }
    }
    store.replaceState(with: Counter.State(count: 3))
    #expect(store.state.count == 4)
    #expect(seen == [0, 3, 4])
    child.cancel()
    sender.cancel()
  }
}
