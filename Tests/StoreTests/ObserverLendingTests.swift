import Store
import Testing

/// What the store's notification loop promises, now that it lends its state to observers in
/// place instead of copying it, and reads a lone observer straight from its list.
@MainActor
@Suite("Observers told in place")
struct ObserverLendingTests {
  private struct Tally: Equatable, Sendable {
    var count = 0
    var names: [String] = []
  }

  private static func store() -> Store<Tally, String> {
    Store(initialState: Tally()) { (state: inout Tally, name: String) in
      state.count += 1
      state.names.append(name)
      return .none
    }
  }

  @Test("a lone observer that cancels itself while told is told once and never again")
  func loneObserverCancelsItself() {
    let store = Self.store()
    var heard: [String] = []
    var observation: StoreObservation?
    observation = store.observe { name, _, state in
      heard.append("\(name) \(state.count)")
      observation?.cancel()
      observation = nil
    }
    store.send("a")
    store.send("b")
    #expect(heard == ["a 1"])
    #expect(store.state.names == ["a", "b"])
  }

  @Test("an observer added by a lone observer while told hears only the next actions")
  func observerAddedWhileTold() {
    let store = Self.store()
    var heard: [String] = []
    var added: [StoreObservation] = []
    let first = store.observe { name, _, _ in
      heard.append("first \(name)")
      if added.isEmpty {
        added.append(store.observe { name, _, _ in heard.append("second \(name)") })
      }
    }
    store.send("a")
    store.send("b")
    #expect(heard == ["first a", "first b", "second b"])
    first.cancel()
    added.forEach { $0.cancel() }
  }

  @Test("of two observers, one cancelling the other while told still leaves it told this time")
  func cancellingAnotherWhileTold() {
    let store = Self.store()
    var heard: [String] = []
    var second: StoreObservation?
    let first = store.observe { name, _, _ in
      heard.append("first \(name)")
      second?.cancel()
    }
    second = store.observe { name, _, _ in heard.append("second \(name)") }
    store.send("a")
    store.send("b")
    #expect(heard == ["first a", "second a", "first b"])
    first.cancel()
  }

  @Test("the state an observer is lent is the store's state, the same when read from the store")
  func lentStateIsTheStoresState() {
    let store = Self.store()
    var agreed: [Bool] = []
    var kept: [Tally] = []
    let observation = store.observe { _, _, state in
      agreed.append(state == store.state)
      kept.append(state)
    }
    store.send("a")
    store.send("b")
    observation.cancel()
    #expect(agreed == [true, true])
    // What an observer keeps is its own copy: later actions do not change it.
    #expect(kept.map(\.names) == [["a"], ["a", "b"]])
  }

  @Test("a thousand observers are each told of every action once, in the order they subscribed")
  func manyObservers() {
    let store = Self.store()
    var heard: [Int] = []
    let observations = (0..<1_000).map { index in
      store.observe { _, _, _ in heard.append(index) }
    }
    store.send("a")
    store.send("b")
    #expect(heard == Array(0..<1_000) + Array(0..<1_000))
    observations.forEach { $0.cancel() }
    store.send("c")
    #expect(heard.count == 2_000)
  }
}
