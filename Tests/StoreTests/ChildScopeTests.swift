import StoreTesting
import Testing

@testable import Store

/// A screen that is loading, or loaded with a count; and an optional detail count.
private enum Screen: Equatable, Sendable {
  case loading
  case loaded(Int)
}

private struct Page: Equatable, Sendable {
  var screen = Screen.loading
  var detail: Int?
}

private enum PageAction: Equatable, Sendable {
  case load(Int)
  case loaded(Int)
  case detail(Int)
  case wait
}

extension ActionCase where Root == Screen, Value == Int {
  fileprivate static let loaded = ActionCase(embed: Screen.loaded) {
    if case .loaded(let count) = $0 { count } else { nil }
  }
}

extension ActionCase where Root == PageAction, Value == Int {
  fileprivate static let loaded = ActionCase(embed: PageAction.loaded) {
    if case .loaded(let count) = $0 { count } else { nil }
  }
  fileprivate static let detail = ActionCase(embed: PageAction.detail) {
    if case .detail(let count) = $0 { count } else { nil }
  }
}

/// Adds what it is sent, and waits forever when sent 0.
private var adding: Reduce<Int, Int> {
  Reduce { count, amount in
    count += amount
    return amount == 0 ? .run { _ in try await never() } : .none
  }
}

@MainActor
@Suite("Scope, ifLet and ifCaseLet on optional and enum child state")
struct ChildScopeTests {
  @Test("Scope on optional state runs the child while it is there, and reports it when nil")
  func scopeOptional() {
    let store = Store(
      initialState: Page(detail: 1),
      reducer: Scope(state: \Page.detail, action: ActionCase<PageAction, Int>.detail) { adding })
    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    store.send(.detail(2))
    #expect(store.state.detail == 3)
    store.send(.detail(0))
    #expect(store.runningEffects == 1)
    let nilStore = Store(
      initialState: Page(),
      reducer: Scope(state: \Page.detail, action: ActionCase<PageAction, Int>.detail) { adding })
    nilStore.executor.reportMisuse = { reports.append($0) }
    nilStore.send(.detail(2))
    #expect(nilStore.state == Page())
    #expect(reports.count == 1)
    #expect(reports.first?.message.hasPrefix("A \"Scope\" at ") == true)
    store.cancelAllEffects()
  }

  @Test("Scope on an enum case runs the child on that case, and reports another case")
  func scopeCase() {
    let screen = Store(
      initialState: Screen.loaded(1),
      reducer: Scope(
        state: ActionCase<Screen, Int>.loaded,
        action: ActionCase<Int, Int>(
          embed: { $0 }, extract: { $0 })
      ) { adding })
    var reports: [TestFailure] = []
    screen.executor.reportMisuse = { reports.append($0) }
    screen.send(4)
    #expect(screen.state == .loaded(5))
    let loading = Store(
      initialState: Screen.loading,
      reducer: Scope(
        state: ActionCase<Screen, Int>.loaded,
        action: ActionCase<Int, Int>(
          embed: { $0 }, extract: { $0 })
      ) { adding })
    loading.executor.reportMisuse = { reports.append($0) }
    loading.send(4)
    #expect(loading.state == .loading)
    #expect(reports.count == 1)
    #expect(
      reports.first?.message.hasPrefix(
        "A \"Scope\" at \"StoreTests/ChildScopeTests.swift:") == true)
  }

  @Test("ifLet cancels the child's effects when any reducer sets the child to nil; Scope does not")
  func ifLetCancels() {
    let parent = Reduce<Page, PageAction> { state, action in
      if case .load = action { state.detail = nil }
      return .none
    }
    let withIfLet = Store(
      initialState: Page(detail: 0),
      reducer: parent.ifLet(\.detail, action: .detail) { adding })
    withIfLet.send(.detail(0))
    #expect(withIfLet.runningEffects == 1)
    withIfLet.send(.load(1))
    #expect(withIfLet.runningEffects == 0)
    let withScope = Store(
      initialState: Page(detail: 0),
      reducer: CombineReducers {
        Scope(state: \Page.detail, action: ActionCase<PageAction, Int>.detail) { adding }
        parent
      })
    withScope.send(.detail(0))
    withScope.send(.load(1))
    #expect(withScope.runningEffects == 1)
    withScope.cancelAllEffects()
  }

  @Test("ifCaseLet runs the child on its case first, and cancels its effects when the case changes")
  func ifCaseLet() {
    let reducer = Reduce<Screen, PageAction> { state, action in
      switch action {
      case .load(let count): state = .loaded(count)
      case .wait: state = .loading
      case .loaded(let count): if case .loaded(let now) = state, now == count { state = .loading }
      case .detail: break
      }
      return .none
    }
    .ifCaseLet(.loaded, action: .loaded) { adding }
    let store = Store(initialState: Screen.loading, reducer: reducer)
    store.send(.load(1))
    store.send(.loaded(2))
    #expect(store.state == .loaded(3), "the child ran first: the parent saw 3, sent 2, and kept it")
    store.send(.loaded(0))
    #expect(store.runningEffects == 1)
    store.send(.wait)
    #expect(store.state == .loading)
    #expect(store.runningEffects == 0)
  }
}
