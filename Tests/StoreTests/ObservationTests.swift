import Store
import StoreTesting
import TestSupport
import Testing

private struct Screen: Equatable, Sendable {
  var title = "home"
  var count = 0
  var detail: Detail?
}

private struct Detail: Equatable, Sendable {
  var text = ""
}

private enum ScreenAction: Equatable, Sendable {
  case rename(String)
  case increment
  case open
  case close
  case detail(DetailAction)
}

private enum DetailAction: Equatable, Sendable {
  case type(String)
}

extension ActionCase where Root == ScreenAction, Value == DetailAction {
  fileprivate static let detail = ActionCase(embed: ScreenAction.detail) {
    if case .detail(let action) = $0 { action } else { nil }
  }
}

@MainActor
private func screenStore() -> Store<Screen, ScreenAction> {
  Store(initialState: Screen()) { (state: inout Screen, action: ScreenAction) in
    switch action {
    case .rename(let title): state.title = title
    case .increment: state.count += 1
    case .open: state.detail = Detail()
    case .close: state.detail = nil
    case .detail(.type(let text)): state.detail?.text += text
    }
    return .none
  }
}

@MainActor
@Suite("Observing derived values")
struct ObservationTests {
  @Test("observing a key path calls back at once with the value, then only when it changes")
  func keyPathObservation() {
    let store = screenStore()
    var titles: [String] = []
    let observation = store.observe(\.title) { titles.append($0) }
    #expect(titles == ["home"])
    store.send(.increment)
    store.send(.rename("home"))
    #expect(titles == ["home"])
    store.send(.rename("settings"))
    #expect(titles == ["home", "settings"])
    observation.cancel()
    store.send(.rename("away"))
    #expect(titles == ["home", "settings"])
  }

  @Test("observing a closure derives a value after each action and calls back on changes only")
  func closureObservation() {
    let store = screenStore()
    var parities: [Bool] = []
    var derived = 0
    let observation = store.observe({ (state: Screen) -> Bool in
      derived += 1
      return state.count % 2 == 0
    }) { parities.append($0) }
    for _ in 0..<4 { store.send(.increment) }
    #expect(parities == [true, false, true, false, true])
    #expect(derived == 5)
    observation.cancel()
  }

  @Test("releasing an observation stops it, as cancelling does")
  func releaseStops() {
    let store = screenStore()
    var counts: [Int] = []
    var observation: StoreObservation? = store.observe(\.count) { counts.append($0) }
    store.send(.increment)
    #expect(observation != nil)
    observation = nil
    store.send(.increment)
    #expect(counts == [0, 1])
  }

  @Test("a custom duplicate test decides what counts as a change")
  func customDuplicates() {
    let store = screenStore()
    var seen: [Int] = []
    let observation = store.observe({ $0.count }, removeDuplicates: { $1 - $0 < 2 }) {
      seen.append($0)
    }
    for _ in 0..<5 { store.send(.increment) }
    #expect(seen == [0, 2, 4])
    observation.cancel()
  }

  @Test("an action sent from a change callback is handled after the callbacks, in order")
  func sendFromCallback() {
    let store = screenStore()
    var log: [String] = []
    let first = store.observe(\.count) { [unowned store] count in
      log.append("count \(count)")
      if count == 1 { store.send(.rename("one")) }
    }
    let second = store.observe(\.title) { log.append("title \($0)") }
    store.send(.increment)
    #expect(log == ["count 0", "title home", "count 1", "title one"])
    first.cancel()
    second.cancel()
  }
}

@MainActor
@Suite("Scoped stores")
struct ScopedStoreTests {
  @Test("a scoped store shows its part of the state and sends to the root")
  func scopedStateAndSends() {
    let store = screenStore()
    store.send(.open)
    guard let detail = store.scope(state: \.detail, action: .detail) else {
      Issue.record("no detail store while the detail is open")
      return
    }
    detail.send(.type("hi"))
    #expect(detail.state.text == "hi")
    #expect(store.state.detail?.text == "hi")
  }

  @Test("an optional scope is nil while the state is nil, and keeps its last value once it goes")
  func optionalScope() {
    let store = screenStore()
    #expect(store.scope(state: \.detail, action: .detail) == nil)
    store.send(.open)
    let detail = store.scope(state: \.detail, action: .detail)
    detail?.send(.type("x"))
    store.send(.close)
    #expect(detail?.state == Detail(text: "x"))
  }

  @Test("a scoped store's observers see its part change, whoever changed it")
  func scopedObservation() {
    let store = screenStore()
    let counter: Store<Int, ScreenAction> = store.scope(state: { $0.count }, action: { $0 })
    var counts: [Int] = []
    let observation = counter.observe({ $0 }) { counts.append($0) }
    store.send(.increment)
    store.send(.rename("x"))
    counter.send(.increment)
    #expect(counts == [0, 1, 2])
    observation.cancel()
  }

  @Test("a scope of a scope reads and sends straight through to the root")
  func nestedScopes() {
    let store = screenStore()
    store.send(.open)
    let detail = store.scope(state: \.detail, action: .detail)
    let text = detail?.scope(state: { $0.text.count }, action: { $0 })
    var lengths: [Int] = []
    let observation = text?.observe({ $0 }) { lengths.append($0) }
    text?.send(.type("ab"))
    #expect(lengths == [0, 2])
    #expect(store.state.detail?.text == "ab")
    observation?.cancel()
  }

  @Test("raw observers of a scoped store hear of its own actions only, with its state")
  func scopedRawObserver() {
    let store = screenStore()
    store.send(.open)
    let detail = store.scope(state: \.detail, action: .detail)
    var heard: [String] = []
    let observation = detail?.observe { action, origin, state in
      heard.append("\(action) \(origin) \(state.text)")
    }
    store.send(.increment)
    detail?.send(.type("a"))
    #expect(heard == ["type(\"a\") sent a"])
    observation?.cancel()
  }

  @Test("a scoped store shares the root's effects: settle and runningEffects")
  func scopedEffects() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    let log = store.scope(state: \.log, action: { $0 })
    log.send(.startDelayed(id: "a"))
    #expect(log.runningEffects == 1)
    await gate.open()
    await log.settle()
    #expect(log.state == ["start a", "finished a"])
  }
}
