import Store
import Testing

/// ReSwift's string test state and its actions.
private struct StringState: Equatable {
  var testValue: String?
}

private enum StringAction: Equatable, Sendable {
  case setString(String)
  case setValue(Int)
  case noOp
}

/// ReSwift's `TestValueStringReducer`: only `setString` changes the state.
private struct ValueStringReducer: Reducer {
  func reduce(into state: inout StringState, action: StringAction) -> Effect<StringAction> {
    if case .setString(let value) = action { state.testValue = value }
    return .none
  }
}

/// ReSwift's `firstMiddleware`/`secondMiddleware`: a reducer that wraps the next one and hands it
/// a changed action. Middleware in Uniflow is this: a reducer around a reducer.
private struct Decorate<Next: Reducer>: Reducer
where Next.State == StringState, Next.Action == StringAction {
  let suffix: String
  let next: Next
  func reduce(into state: inout StringState, action: StringAction) -> Effect<StringAction> {
    guard case .setString(let value) = action else {
      return next.reduce(into: &state, action: action)
    }
    return next.reduce(into: &state, action: .setString(value + suffix))
  }
}

/// ReSwift's `dispatchingMiddleware`: sends another action (through the whole chain, as
/// `dispatch` does) and passes this one on.
private struct Dispatching<Next: Reducer>: Reducer
where Next.State == StringState, Next.Action == StringAction {
  let next: Next
  func reduce(into state: inout StringState, action: StringAction) -> Effect<StringAction> {
    let passed = next.reduce(into: &state, action: action)
    guard case .setValue(let value) = action else { return passed }
    return .merge(.send(.setString("\(value)")), passed)
  }
}

/// ReSwift's `stateAccessingMiddleware`: reads the state, and when it is "OK" swallows the action
/// and sends another instead.
private struct StateAccessing<Next: Reducer>: Reducer
where Next.State == StringState, Next.Action == StringAction {
  let next: Next
  func reduce(into state: inout StringState, action: StringAction) -> Effect<StringAction> {
    if state.testValue == "OK", action != .setString("Not OK") {
      return .merge(.send(.setString("Not OK")), next.reduce(into: &state, action: .noOp))
    }
    return next.reduce(into: &state, action: action)
  }
}

/// Ports of ReSwift/ReSwift ReSwiftTests/StoreMiddlewareTests.swift and
/// AutomaticallySkipRepeatsTests.swift. A middleware is a reducer that wraps the next one: it can
/// change the action it passes on, pass it on or not, read the state, and send other actions
/// (which go through the whole chain, after the current one — ReSwift runs them first). Not
/// ported: testCanMutateMiddlewareAfterInit (a store's reducer is fixed when it is made).
@MainActor
@Suite("Ported from ReSwift: StoreMiddlewareTests and AutomaticallySkipRepeatsTests")
struct ReSwiftMiddlewareTests {
  /// "it can decorate dispatch function" (testDecorateDispatch)
  @Test("middleware changes the action before the reducer sees it, outermost first")
  func decorateDispatch() {
    let store = Store(
      initialState: StringState(),
      reducer: Decorate(
        suffix: " First Middleware",
        next: Decorate(suffix: " Second Middleware", next: ValueStringReducer())))
    store.send(.setString("OK"))
    #expect(store.state.testValue == "OK First Middleware Second Middleware")
  }

  /// "it can dispatch actions" (testCanDispatch)
  @Test("middleware sends an action, which goes through every middleware")
  func canDispatch() {
    let chain = Decorate(
      suffix: " First Middleware",
      next: Decorate(
        suffix: " Second Middleware", next: Dispatching(next: ValueStringReducer())))
    let store = Store(initialState: StringState(), reducer: chain)
    store.send(.setValue(10))
    #expect(store.state.testValue == "10 First Middleware Second Middleware")
  }

  /// "it middleware can access the store's state" (testMiddlewareCanAccessState)
  @Test("middleware reads the state, swallows the action and sends another")
  func middlewareCanAccessState() {
    let store = Store(
      initialState: StringState(testValue: "OK"),
      reducer: StateAccessing(next: ValueStringReducer()))
    store.send(.setString("Action That Won't Go Through"))
    #expect(store.state.testValue == "Not OK")
  }

  private struct Person: Equatable {
    var age: Int
    var name: String
  }

  /// testDispatchUnrelatedActionWith(out)ExplicitSkipRepeats… (four tests): observing an
  /// `Equatable` value skips repeats whether selected by closure or key path.
  @Test("an observer of an Equatable value is told once at first and not for an unrelated change")
  func automaticallySkipsRepeats() {
    let store = Store(initialState: Person(age: 29, name: "Daniel")) {
      (state: inout Person, age: Int) in
      state.age = age
      return .none
    }
    var byClosure = 0
    var byKeyPath = 0
    let first = store.observe({ $0.name }) { _ in byClosure += 1 }
    let second = store.observe(\.name) { _ in byKeyPath += 1 }
    #expect(byClosure == 1)
    #expect(byKeyPath == 1)
    store.send(30)
    #expect(byClosure == 1)
    #expect(byKeyPath == 1)
    #expect(store.state.age == 30)
    _ = (first, second)
  }
}
