import Store
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("Case paths compose across levels")
struct CasePathCompositionTests {
  @Test("a key path two levels down embeds and extracts the grandchild's case")
  func keyPathComposes() {
    let loaded = TopAction.case(\.child.grandchild.loaded)
    #expect(loaded.embed(3) == .child(.grandchild(.loaded(3))))
    #expect(loaded.extract(from: .child(.grandchild(.loaded(4)))) == 4)
    #expect(loaded.extract(from: .other(.grandchild(.loaded(4)))) == nil)
    #expect(loaded.extract(from: .child(.grandchild(.tapped))) == nil)
    #expect(loaded.extract(from: .child(.reset)) == nil)
    #expect(loaded.extract(from: .quit) == nil)
  }

  @Test("appending explicit cases gives the same case as the key path")
  func appendingMatchesKeyPath() {
    let child = ActionCase(embed: TopAction.child) {
      if case .child(let action) = $0 { action } else { nil }
    }
    let grandchild = ActionCase(embed: MidAction.grandchild) {
      if case .grandchild(let action) = $0 { action } else { nil }
    }
    let explicit = child.appending(grandchild).appending(ActionCase(LeafAction.loaded))
    let keyPath = TopAction.case(\.child.grandchild.loaded)
    let actions: [TopAction] = [
      .child(.grandchild(.loaded(1))), .child(.grandchild(.tapped)),
      .other(.grandchild(.loaded(2))),
      .child(.reset), .quit,
    ]
    #expect(actions.map(explicit.extract(from:)) == actions.map(keyPath.extract(from:)))
    #expect(actions.map(explicit.extract(from:)) == [1, nil, nil, nil, nil])
    #expect(explicit.embed(5) == keyPath.embed(5))
  }

  @Test("Scope by key path routes each action to its own child only")
  func scopeByKeyPath() {
    let reducer = topFeature()
    var state = TopState()
    _ = reducer.reduce(into: &state, action: .child(.grandchild(.tapped)))
    _ = reducer.reduce(into: &state, action: .other(.reset))
    _ = reducer.reduce(into: &state, action: .quit)
    #expect(state.child.grandchild.taps == 1)
    #expect(state.other.grandchild.taps == 0)
    #expect(state.other.resets == 1)
    #expect(state.child.resets == 0)
    #expect(state.quits == 1)
  }

  @Test("Store.scope by key path sends through the case, one level or two at once")
  func storeScopeByKeyPath() {
    let store = Store(initialState: TopState(), reducer: topFeature())
    let child = store.scope(state: \.child, action: \.child)
    child.send(.reset)
    let grandchild = child.scope(state: \.grandchild, action: \.grandchild)
    grandchild.send(.tapped)
    let direct = store.scope(state: \.other.grandchild, action: \.other.grandchild)
    direct.send(.tapped)
    direct.send(.tapped)
    #expect(store.state.child.resets == 1)
    #expect(store.state.child.grandchild.taps == 1)
    #expect(store.state.other.grandchild.taps == 2)
    #expect(grandchild.state.taps == 1)
  }

  @Test("receive by a case two levels down ignores the payload")
  func receiveByCase() async {
    let store = TestStore(initialState: TopState(), reducer: topFeature())
    await store.send(.child(.grandchild(.load))) { $0.child.grandchild.isLoading = true }
    await store.receive(\.child.grandchild.loaded) {
      $0.child.grandchild.isLoading = false
      $0.child.grandchild.value = 42
    }
  }

  @Test("receive by case and value checks the payload too")
  func receiveByCaseAndValue() async {
    let store = TestStore(initialState: TopState(), reducer: topFeature())
    await store.send(.other(.grandchild(.load))) { $0.other.grandchild.isLoading = true }
    await store.receive(\.other.grandchild.loaded, 42) {
      $0.other.grandchild.isLoading = false
      $0.other.grandchild.value = 42
    }
  }

  @Test("receive of another case fails, saying which action came")
  func receiveOtherCaseFails() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: TopState(), reducer: topFeature(), reportFailure: failures.reporter)
    await store.send(.child(.grandchild(.load))) { $0.child.grandchild.isLoading = true }
    await store.receive(\.other.grandchild.loaded)
    #expect(
      failures.messages == [
        """
        Received unexpected action:

          .child(.grandchild(.loaded(42)))

        It is of another case than expected. To fix, receive this action first, or check which \
        action the effect sends.
        """
      ])
  }

  @Test("receive of the right case with another value fails with a diff of the actions")
  func receiveOtherValueFails() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: TopState(), reducer: topFeature(), reportFailure: failures.reporter)
    await store.send(.child(.grandchild(.load))) { $0.child.grandchild.isLoading = true }
    await store.receive(\.child.grandchild.loaded, 43) {
      $0.child.grandchild.isLoading = false
      $0.child.grandchild.value = 42
    }
    #expect(
      failures.messages == [
        """
        Received unexpected action:

          .child(
            .grandchild(
        \u{2212}     .loaded(43)
        +     .loaded(42)
            )
          )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }

  @Test("an explicit case works in receive as well")
  func receiveByExplicitCase() async {
    let store = TestStore(initialState: LeafState(), reducer: LeafFeature())
    await store.send(.load) { $0.isLoading = true }
    await store.receive(ActionCase(LeafAction.loaded), 42) {
      $0.isLoading = false
      $0.value = 42
    }
  }

  @Test("10,000 actions through a two-level Scope reach exactly their grandchildren")
  func hundredTimes() {
    // 100× a normal session of 100 actions; the counts are exact.
    let reducer = topFeature()
    var state = TopState()
    for index in 0..<10_000 {
      let action: TopAction =
        switch index % 4 {
        case 0: .child(.grandchild(.tapped))
        case 1: .other(.grandchild(.tapped))
        case 2: .child(.reset)
        default: .quit
        }
      _ = reducer.reduce(into: &state, action: action)
    }
    #expect(state.child.grandchild.taps == 2500)
    #expect(state.other.grandchild.taps == 2500)
    #expect(state.child.resets == 2500)
    #expect(state.quits == 2500)
  }
}
