import StoreTesting
import TestSupport
import Testing

@testable import Store

/// ReSwift's test state: one optional value, set by an action.
struct TestAppState: Equatable, Sendable {
  var testValue: Int?
}

/// ReSwift's `SetValueAction`.
enum SetValue: Equatable, Sendable {
  case set(Int?)
}

@MainActor
func reSwiftStore(_ state: TestAppState = TestAppState()) -> Store<TestAppState, SetValue> {
  Store(initialState: state) { (state: inout TestAppState, action: SetValue) in
    if case .set(let value) = action { state.testValue = value }
    return .none
  }
}

/// A subscriber: what it was told, in order. ReSwift subscribers are objects the store holds
/// weakly; here the observation is what the subscriber keeps.
@MainActor
final class TestSubscriber<Value> {
  var receivedStates: [Value] = []
  var observation: StoreObservation?
}

/// Ports of ReSwift/ReSwift ReSwiftTests/StoreTests.swift, StoreSubscriptionTests.swift and
/// StoreDispatchTests.swift. Subscribing is `observe(_:onChange:)` (called at once with the
/// current state, as `subscribe` is); unsubscribing is cancelling or releasing the observation.
/// Intentional difference: an action dispatched from inside a reducer is queued and handled
/// next, where ReSwift stops the program.
@MainActor
@Suite("Ported from ReSwift: StoreTests, StoreSubscriptionTests, StoreDispatchTests")
struct ReSwiftStoreTests {
  /// "dispatches initial value upon subscription" (testDispatchInitialValue)
  @Test("subscribing delivers the current state at once, then each new one")
  func dispatchInitialValue() {
    let store = reSwiftStore()
    let subscriber = TestSubscriber<TestAppState>()
    subscriber.observation = store.observe({ $0 }) { subscriber.receivedStates.append($0) }
    store.send(.set(3))
    #expect(subscriber.receivedStates.last?.testValue == 3)
    #expect(subscriber.receivedStates.count == 2)
  }

  /// "allows dispatching from within an observer" (testAllowDispatchWithinObserver)
  @Test("a subscriber may dispatch from inside its callback")
  func dispatchWithinObserver() {
    let store = reSwiftStore()
    let observation = store.observe({ $0 }) { [unowned store] state in
      if state.testValue != 5 { store.send(.set(5)) }
    }
    store.send(.set(2))
    #expect(store.state.testValue == 5)
    observation.cancel()
  }

  /// "does not dispatch value after subscriber unsubscribes" (testDontDispatchToUnsubscribers)
  @Test("an unsubscribed subscriber misses what happens until it subscribes again")
  func dontDispatchToUnsubscribers() {
    let store = reSwiftStore()
    let subscriber = TestSubscriber<TestAppState>()
    func subscribe() {
      subscriber.observation = store.observe({ $0 }) { subscriber.receivedStates.append($0) }
    }
    store.send(.set(5))
    subscribe()
    store.send(.set(10))
    subscriber.observation = nil
    store.send(.set(15))
    store.send(.set(25))
    subscribe()
    store.send(.set(20))
    #expect(subscriber.receivedStates.map(\.testValue) == [5, 10, 25, 20])
  }

  /// testDoesNotCaptureStrongly: the store keeps no subscriber alive once its observation goes.
  @Test("releasing the observation releases what its callback captured")
  func doesNotCaptureStrongly() {
    let store = reSwiftStore()
    var subscriber: TestSubscriber<TestAppState>? = TestSubscriber()
    weak let weakSubscriber = subscriber
    let observation = store.observe({ $0 }) { [subscriber] in
      subscriber?.receivedStates.append($0)
    }
    subscriber = nil
    #expect(weakSubscriber != nil)
    observation.cancel()
    #expect(weakSubscriber == nil)
    #expect(store.observerCount == 0)
  }

  /// testRemoveSubscribers
  @Test("released subscriptions are gone before the next notification")
  func removeSubscribers() {
    let store = reSwiftStore()
    let first = TestSubscriber<Int?>()
    let second = TestSubscriber<Int?>()
    var firstObservation: StoreObservation? = store.observe(\.testValue) {
      first.receivedStates.append($0)
    }
    var secondObservation: StoreObservation? = store.observe(\.testValue) {
      second.receivedStates.append($0)
    }
    store.send(.set(3))
    #expect(store.observerCount == 2)
    #expect(first.receivedStates.last == 3)
    #expect(second.receivedStates.last == 3)
    firstObservation = nil
    store.send(.set(5))
    #expect(store.observerCount == 1)
    #expect(first.receivedStates.last == 3)
    #expect(second.receivedStates.last == 5)
    secondObservation = nil
    store.send(.set(8))
    #expect(store.observerCount == 0)
    #expect(firstObservation == nil && secondObservation == nil)
  }

  /// testNewStateModifyingSubscriptionsDoesNotDiscardNewSubscription
  @Test("a subscription added while notifying is kept, along with the one that added it")
  func subscribingWhileNotifying() {
    let store = reSwiftStore()
    var added: StoreObservation?
    var secondCalls = 0
    let first = store.observe(\.testValue) { [unowned store] value in
      guard value == 1, added == nil else { return }
      added = store.observe(\.testValue) { _ in secondCalls += 1 }
      store.send(.set(2))
    }
    store.send(.set(1))
    #expect(store.observerCount == 2)
    #expect(secondCalls == 2)  // at once, then for the action sent meanwhile
    store.send(.set(3))
    #expect(secondCalls == 3)
    first.cancel()
    added?.cancel()
  }

  /// testRetainCycle_OriginalSubscription and testRetainCycle_TransformedSubscription
  @Test("a store with no observations left is freed: no retain cycle")
  func noRetainCycle() {
    weak var weakStore: Store<TestAppState, SetValue>?
    let subscriber = TestSubscriber<Int?>()
    do {
      let store = reSwiftStore()
      weakStore = store
      let observation = store.observe(\.testValue) { subscriber.receivedStates.append($0) }
      store.send(.set(1))
      observation.cancel()
      store.send(.set(2))
    }
    #expect(weakStore == nil)
    #expect(subscriber.receivedStates == [nil, 1])
  }

  /// StoreDispatchTests.testThrowsExceptionWhenReducersDispatch. Intentional difference: the
  /// action a reducer dispatches is queued and handled right after, never re-entrantly.
  @Test("an action dispatched from inside the reducer is queued, not reduced re-entrantly")
  func dispatchFromReducerIsQueued() {
    final class Holder {
      var store: Store<[Int], Int>?
    }
    let holder = Holder()
    var depth = 0
    var deepest = 0
    holder.store = Store(initialState: []) { (state: inout [Int], action: Int) -> Effect<Int> in
      depth += 1
      deepest = max(deepest, depth)
      state.append(action)
      if action == 10 { holder.store?.send(20) }
      depth -= 1
      return .none
    }
    holder.store?.send(10)
    #expect(holder.store?.state == [10, 20])
    #expect(deepest == 1)
    holder.store = nil
  }

  /// StoreDispatchTests.testAcceptsActionCreators
  @Test("an action made from the current state")
  func actionCreators() {
    let store = reSwiftStore()
    store.send(.set(5))
    let doubled = { (state: TestAppState) in SetValue.set((state.testValue ?? 0) * 2) }
    store.send(doubled(store.state))
    #expect(store.state.testValue == 10)
  }

  /// StoreDispatchTests.testAcceptsAsyncActionCreators and testCallsCalbackOnce
  @Test("an action made asynchronously arrives, and its observer is told once")
  func asyncActionCreators() async {
    let store = Store(initialState: TestAppState()) {
      (state: inout TestAppState, action: SetValue?) -> Effect<SetValue?> in
      guard let action else { return .run { send in await send(.set(5)) } }
      if case .set(let value) = action { state.testValue = value }
      return .none
    }
    var calls = 0
    let observation = store.observe(\.testValue) { value in
      if value == 5 { calls += 1 }
    }
    store.send(nil)
    await store.settle()
    #expect(store.state.testValue == 5)
    #expect(calls == 1)
    observation.cancel()
  }
}
