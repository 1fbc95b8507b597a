import Store
import TestSupport
import Testing

private struct Parent: Equatable, Sendable {
  var left = Counter.State()
  var right = Counter.State()
  var seen: [String] = []
}

private enum ParentAction: Equatable, Sendable {
  case left(Counter.Action)
  case right(Counter.Action)
  case other
}

extension ActionCase where Root == ParentAction, Value == Counter.Action {
  fileprivate static let left = ActionCase(embed: ParentAction.left) {
    if case .left(let action) = $0 { action } else { nil }
  }
  fileprivate static let right = ActionCase(embed: ParentAction.right) {
    if case .right(let action) = $0 { action } else { nil }
  }
}

private func parentReducer() -> some Reducer<Parent, ParentAction> {
  CombineReducers<Parent, ParentAction, _> {
    Scope(state: \Parent.left, action: .left) { Counter() }
    Scope(state: \Parent.right, action: .right) { Counter() }
    Reduce<Parent, ParentAction> { state, action in
      state.seen.append("\(action)")
      return .none
    }
  }
}

@MainActor
@Suite("Scoping and combining reducers")
struct ScopeTests {
  @Test("a scoped reducer changes only its part of the state, for its case of the action")
  func scopedChangeStaysInItsPart() {
    let store = Store(initialState: Parent(), reducer: parentReducer())
    store.send(.left(.increment))
    store.send(.left(.increment))
    store.send(.right(.decrement))
    store.send(.other)
    #expect(store.state.left.count == 2)
    #expect(store.state.right.count == -1)
  }

  @Test("combined reducers run in the order they are listed")
  func combinedReducersRunInOrder() {
    var order: [String] = []
    let combined = CombineReducers<Int, Int, _> {
      Reduce<Int, Int> { state, _ in
        order.append("first saw \(state)")
        state *= 10
        return .none
      }
      Reduce<Int, Int> { state, action in
        order.append("second saw \(state)")
        state += action
        return .none
      }
    }
    var state = 1
    _ = combined.reduce(into: &state, action: 2)
    #expect(state == 12)
    #expect(order == ["first saw 1", "second saw 10"])
  }

  @Test("actions from a scoped child's effects come back embedded in the parent's action")
  func childEffectsAreEmbedded() async {
    let store = Store(initialState: Parent(), reducer: parentReducer())
    store.send(.right(.startDelayed(id: "r")))
    await store.settle()
    #expect(store.state.right.log == ["start r", "finished r"])
    #expect(store.state.left.log.isEmpty)
    #expect(store.state.seen.last == "right(StoreTests.Counter.Action.finished(\"r\"))")
  }

  @Test("cancellation ids work the same through a scope")
  func cancellationThroughScope() async {
    let store = Store(initialState: Parent(), reducer: parentReducer())
    store.send(.left(.startDelayed(id: "l")))
    store.send(.left(.cancel(id: "l")))
    await store.settle()
    #expect(store.state.left.log == ["start l", "cancel l"])
  }
}

private struct Wrapper: Equatable, Sendable {
  var stored = Counter.State()
  var computed: Counter.State {
    get { stored }
    set { stored = newValue }
  }
}

@MainActor
@Suite("Scoping through computed properties")
struct ComputedScopeTests {
  @Test("a scope through a computed property works like one through a stored property")
  func computedPath() {
    let reducer = Scope(state: \Wrapper.computed, action: .left) { Counter() }
    var state = Wrapper()
    _ = reducer.reduce(into: &state, action: ParentAction.left(.increment))
    _ = reducer.reduce(into: &state, action: ParentAction.right(.increment))
    #expect(state.stored.count == 1)
    #expect(MemoryLayout<Wrapper>.offset(of: \Wrapper.computed) == nil)
  }
}
