import Store
import StoreTesting
import Testing

/// Ports of ReSwift/ReSwift ReSwiftTests/StoreSubscriberTests.swift. `select` is the observed
/// closure or key path; `skipRepeats` is `Equatable` (the default) or `removeDuplicates:`;
/// ReSwift's `automaticallySkipsRepeats: false` and non-`Equatable` values are
/// `removeDuplicates: { _, _ in false }`.
@MainActor
@Suite("Ported from ReSwift: StoreSubscriberTests")
struct ReSwiftSubscriberTests {
  struct Substate: Sendable {
    var value: Int
    var name = "substate"
  }
  struct CustomState: Sendable {
    var substate: Substate
  }

  func customStore(_ value: Int) -> Store<CustomState, Int> {
    Store(initialState: CustomState(substate: Substate(value: value))) {
      (state: inout CustomState, action: Int) in
      state.substate.value = action
      return .none
    }
  }

  /// testAllowsSelectorClosure and testAllowsSelectorKeyPath
  @Test("a selector closure or key path delivers the selected value, nil included")
  func selectors() {
    for useKeyPath in [false, true] {
      let store = reSwiftStore()
      var received: [Int?] = []
      let observation =
        useKeyPath
        ? store.observe(\.testValue) { received.append($0) }
        : store.observe({ $0.testValue }) { received.append($0) }
      store.send(.set(3))
      #expect(received.last == 3)
      store.send(.set(nil))
      #expect(received.last == .some(nil))
      observation.cancel()
    }
  }

  /// testComplexStateSelector
  @Test("a selector may build a tuple of parts")
  func complexSelector() {
    struct Complex: Sendable {
      var testValue: Int?
      var name: String?
    }
    let store = Store(initialState: Complex()) { (state: inout Complex, action: Int) in
      if action == 99 { state.name = "TestName" } else { state.testValue = action }
      return Effect<Int>.none
    }
    var received: (Int?, String?) = (nil, nil)
    let observation = store.observe(
      { ($0.testValue, $0.name) }, removeDuplicates: { _, _ in false }
    ) { received = $0 }
    store.send(5)
    store.send(99)
    #expect(received.0 == 5)
    #expect(received.1 == "TestName")
    observation.cancel()
  }

  /// testUnchangedStateWithRegularSubstateSelection, testUnchangedStateWithKeyPath,
  /// testUnchangedStateDefaultSkipRepeats… (both forms)
  @Test("an unchanged Equatable selection is not delivered again")
  func unchangedEquatableSelection() {
    for useKeyPath in [false, true] {
      let store = reSwiftStore(TestAppState(testValue: 3))
      var calls = 0
      var received: Int?
      let observation =
        useKeyPath
        ? store.observe(\.testValue) {
          received = $0
          calls += 1
        }
        : store.observe({ $0.testValue }) {
          received = $0
          calls += 1
        }
      #expect(received == 3)
      store.send(.set(3))
      #expect(received == 3)
      #expect(calls == 1)
      observation.cancel()
    }
  }

  /// testSkipsStateUpdatesForCustomEqualityChecks… and testSkipWhen… (both forms)
  @Test("a custom skip test keeps equal-by-its-rule values from being delivered")
  func customSkip() {
    let store = customStore(5)
    var calls = 0
    var received: Int?
    let observation = store.observe(
      { $0.substate }, removeDuplicates: { $0.value == $1.value }
    ) {
      received = $0.value
      calls += 1
    }
    #expect(received == 5)
    store.send(5)
    #expect(received == 5)
    #expect(calls == 1)
    store.send(6)
    #expect(calls == 2)
    observation.cancel()
  }

  /// testOnlyWhen… (both forms): ReSwift's `only(when:)` is the negation of a skip rule.
  @Test("an only-when rule delivers values only when it holds")
  func onlyWhen() {
    let store = customStore(5)
    var calls = 0
    let only: (Substate, Substate) -> Bool = { $0.value != $1.value }
    let observation = store.observe({ $0.substate }, removeDuplicates: { !only($0, $1) }) { _ in
      calls += 1
    }
    store.send(5)
    #expect(calls == 1)
    observation.cancel()
  }

  /// testPassesOnDuplicateSubstateUpdatesByDefault… and …WhenSkipsFalse… (both forms)
  @Test("without a skip rule, every update is delivered, even an equal one")
  func passesOnDuplicates() {
    let store = customStore(5)
    var calls = 0
    let observation = store.observe({ $0.substate }, removeDuplicates: { _, _ in false }) { _ in
      calls += 1
    }
    store.send(5)
    #expect(calls == 2)
    observation.cancel()
  }

  /// testSkipsStateUpdatesForEquatableStateByDefault and
  /// testSkipsStateUpdatesForEquatableSubStateByDefault… (both forms)
  @Test("Equatable whole state and nested parts skip repeats by default")
  func equatableSkipsByDefault() {
    let store = reSwiftStore(TestAppState(testValue: 1))
    var wholeCalls = 0
    var partCalls = 0
    let whole = store.observe({ $0 }) { _ in wholeCalls += 1 }
    let part = store.observe(\.testValue) { _ in partCalls += 1 }
    store.send(.set(1))
    #expect(wholeCalls == 1)
    #expect(partCalls == 1)
    whole.cancel()
    part.cancel()
  }
}
