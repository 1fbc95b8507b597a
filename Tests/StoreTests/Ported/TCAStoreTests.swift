import StoreTesting
import Testing

@testable import Store

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// StoreTests.swift. Combine publishers become `.run` effects and observations; TCA's test
/// scheduler becomes a `TestClock`. Each test names the upstream test it ports; those an outside
/// package wrote word for word against TCA are in TCAStorePortTests.swift and
/// TCADependencyPortTests.swift.
@MainActor
@Suite("Ported from TCA: StoreTests")
struct TCAStoreTests {
  /// testCancellableIsRemovedOnImmediatelyCompletingEffect
  @Test("an effect that completes at once leaves nothing running")
  func cancellableRemovedOnImmediateCompletion() {
    let store = Store(initialState: 0) { (_: inout Int, _: Int) in Effect<Int>.none }
    #expect(store.runningEffects == 0)
    store.send(1)
    #expect(store.runningEffects == 0)
  }

  /// testCancellableIsRemovedWhenEffectCompletes
  @Test("an effect is removed when it completes")
  func cancellableRemovedWhenEffectCompletes() async {
    enum Action: Sendable { case start, end }
    let clock = TestClock()
    let store = Store(initialState: 0) { (_: inout Int, action: Action) -> Effect<Action> in
      switch action {
      case .start:
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.end)
        }
      case .end:
        return .none
      }
    }
    #expect(store.runningEffects == 0)
    store.send(.start)
    #expect(store.runningEffects == 1)
    await clock.advance(by: .seconds(2))
    #expect(store.runningEffects == 0)
  }

  /// testScopedStoreReceivesUpdatesFromParent
  @Test("a scoped store sees the parent's updates")
  func scopedStoreReceivesUpdatesFromParent() {
    let parent = Store(initialState: 0) { (count: inout Int, _: Void) in
      count += 1
      return Effect<Void>.none
    }
    let child = parent.scope(state: String.init, action: { $0 })
    var values: [String] = []
    let observation = child.observe({ $0 }) { values.append($0) }
    #expect(values == ["0"])
    parent.send(())
    #expect(values == ["0", "1"])
    observation.cancel()
  }

  /// testParentStoreReceivesUpdatesFromChild
  @Test("the parent sees what a scoped store sends")
  func parentStoreReceivesUpdatesFromChild() {
    let parent = Store(initialState: 0) { (count: inout Int, _: Void) in
      count += 1
      return Effect<Void>.none
    }
    let child = parent.scope(state: String.init, action: { $0 })
    var values: [Int] = []
    let observation = parent.observe({ $0 }) { values.append($0) }
    #expect(values == [0])
    child.send(())
    #expect(values == [0, 1])
    observation.cancel()
  }

  /// testScopeWithPublisherTransform (a derived, de-duplicated value instead of a publisher)
  @Test("observing a derived value removes duplicates")
  func scopeWithTransform() {
    let parent = Store(initialState: 0) { (state: inout Int, action: Int) in
      state = action
      return Effect<Int>.none
    }
    var outputs: [String] = []
    let observation = parent.observe({ "\($0)" }) { outputs.append($0) }
    for (action, expected) in [(0, ["0"]), (0, ["0"]), (1, ["0", "1"]), (1, ["0", "1"])] {
      parent.send(action)
      #expect(outputs == expected)
    }
    parent.send(2)
    #expect(outputs == ["0", "1", "2"])
    observation.cancel()
  }

  /// testScopeCallCount and testScopeCallCount2: each level's state closure runs once per
  /// action for an observed store, no more.
  @Test("a chain of scopes calls each state closure once per action")
  func scopeCallCount() {
    let store1 = Store(initialState: 0) { (count: inout Int, _: Void) in
      count += 1
      return Effect<Void>.none
    }
    var calls = [0, 0, 0]
    let store2 = store1.scope(
      state: { (count: Int) -> Int in
        calls[0] += 1
        return count
      }, action: { $0 })
    let store3 = store2.scope(
      state: { (count: Int) -> Int in
        calls[1] += 1
        return count
      }, action: { $0 })
    let store4 = store3.scope(
      state: { (count: Int) -> Int in
        calls[2] += 1
        return count
      }, action: { $0 })
    let observation = store4.observe({ $0 }) { _ in }
    // Making a scoped store reads its state once (a chain of three: 3, 2 and 1 calls); from
    // then on, each action costs one call a level for the observed store, as in TCA.
    let start = calls
    for round in 1...4 {
      store4.send(())
      #expect(calls == start.map { $0 + round })
    }
    observation.cancel()
  }

  /// testLotsOfSynchronousActions
  @Test("100,000 synchronous actions in a row")
  func lotsOfSynchronousActions() {
    enum Action: Sendable { case incr, noop }
    let store = Store(initialState: 0) { (state: inout Int, action: Action) -> Effect<Action> in
      switch action {
      case .incr:
        state += 1
        return state >= 100_000 ? .send(.noop) : .send(.incr)
      case .noop:
        return .none
      }
    }
    store.send(.incr)
    #expect(store.state == 100_000)
  }

  /// testPublisherScope
  @Test("a de-duplicated observation is called only when the value changes")
  func publisherScope() {
    let store = Store(initialState: 0) { (state: inout Int, action: Bool) in
      state += action ? 1 : 0
      return Effect<Bool>.none
    }
    var outputs: [Int] = []
    let observation = store.observe({ $0 }) { outputs.append($0) }
    #expect(outputs == [0])
    store.send(true)
    #expect(outputs == [0, 1])
    for _ in 0..<4 { store.send(false) }
    #expect(outputs == [0, 1])
    observation.cancel()
  }

  /// testIfLetAfterScope
  @Test("observing optional child state sees each time it appears and goes")
  func ifLetAfterScope() {
    struct AppState { var count: Int? }
    let store = Store(initialState: AppState()) { (state: inout AppState, action: Int?) in
      state.count = action
      return Effect<Int?>.none
    }
    var outputs: [Int?] = []
    let observation = store.observe({ $0.count }) { outputs.append($0) }
    #expect(outputs == [nil])
    for (action, count) in [(1, 2), (nil, 3), (1, 4), (nil, 5), (1, 6), (nil, 7)] as [(Int?, Int)] {
      store.send(action)
      #expect(outputs.count == count)
      #expect(outputs.last == action)
    }
    observation.cancel()
  }

  /// testSyncEffectsFromEnvironment
  @Test("an event a fire-and-forget effect feeds into a long-lived effect comes back as an action")
  func syncEffectsFromEnvironment() async {
    enum Action: Equatable, Sendable { case onAppear, onUserAction, externalAction }
    let external = TestSubject<Action>()
    let store = TestStore(
      initialState: 1,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .onAppear:
          let events = external.values()
          return .run { send in
            for await event in events { await send(event) }
          }
        case .onUserAction:
          return .run { _ in external.send(.externalAction) }
        case .externalAction:
          state += 1
          return .none
        }
      })
    await store.send(.onAppear)
    await store.send(.onUserAction)
    await store.receive(.externalAction) { $0 = 2 }
    external.finish()
    await store.finish()
  }

  /// testBufferedActionProcessing
  @Test("an action a child store sends while the parent notifies is handled right after")
  func bufferedActionProcessing() {
    struct Child: Equatable { var count: Int? }
    struct Parent: Equatable {
      var count: Int?
      var child: Child?
    }
    enum ParentAction: Equatable, Sendable { case button, child(Int?) }
    var handled: [ParentAction] = []
    let store = Store(initialState: Parent()) { (state: inout Parent, action: ParentAction) in
      handled.append(action)
      switch action {
      case .button: state.child = Child(count: nil)
      case .child(let count):
        state.child?.count = count
        state.count = count
      }
      return Effect<ParentAction>.none
    }
    let childCase = ActionCase<ParentAction, Int?>(embed: ParentAction.child) {
      if case .child(let count) = $0 { count } else { nil }
    }
    var childStores: [Store<Child, Int?>] = []
    let observation = store.observe({ $0.child != nil }) { [unowned store] present in
      guard present, let child = store.scope(state: \.child, action: childCase) else { return }
      childStores.append(child)
      child.send(2)
    }
    #expect(handled == [])
    store.send(.button)
    #expect(handled == [.button, .child(2)])
    observation.cancel()
  }

  /// testScopingRemovesDuplicatesWithProvidedClosure
  @Test("a duplicate test on an observation keeps its closure from being called again")
  func scopingRemovesDuplicates() {
    struct State: Equatable { var place: String }
    enum Action: Equatable, Sendable { case noop, updatePlace(String) }
    let store = Store(initialState: State(place: "New York")) {
      (state: inout State, action: Action) in
      if case .updatePlace(let place) = action { state.place = place }
      return Effect<Action>.none
    }
    var scopeCount = 0
    let observation = store.observe({ $0 }, removeDuplicates: { $0 == $1 }) { _ in
      scopeCount += 1
    }
    #expect(scopeCount == 1)
    store.send(.noop)
    #expect(scopeCount == 1)
    store.send(.updatePlace("Washington"))
    #expect(scopeCount == 2)
    observation.cancel()
  }

  /// testOldStateReplaysInViewStoreSubscriber
  @Test("an action an observer sends is seen by the other observers once, in order")
  func oldStateDoesNotReplay() {
    struct State: Equatable {
      var city: String
      var country: String
    }
    enum Action: Equatable, Sendable { case updateCity(String), updateCountry(String) }
    let store = Store(initialState: State(city: "New York", country: "USA")) {
      (state: inout State, action: Action) in
      switch action {
      case .updateCity(let city): state.city = city
      case .updateCountry(let country): state.country = country
      }
      return Effect<Action>.none
    }
    let cities = store.observe(\.city) { [unowned store] city in
      if city == "London" { store.send(.updateCountry("UK")) }
    }
    var seenCountries: [String] = []
    let countries = store.observe(\.country) { seenCountries.append($0) }
    store.send(.updateCity("London"))
    #expect(seenCountries == ["USA", "UK"])
    cities.cancel()
    countries.cancel()
  }
}
