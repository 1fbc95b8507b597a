import Store
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// MemoryManagementTests.swift. `ViewStore` and its publisher are an observation here.
@MainActor
@Suite("Ported from TCA: MemoryManagementTests")
struct TCAMemoryManagementTests {
  /// testOwnership_ScopeHoldsOntoParent
  @Test("a store scoped twice keeps its root alive, and observing it sees each change")
  func scopeHoldsOntoParent() {
    let store = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    .scope(state: { "\($0)" }, action: { $0 })
    .scope(state: { Int($0)! }, action: { $0 })
    var count = -1
    let observation = store.observe({ $0 }) { count = $0 }
    #expect(count == 0)
    store.send(())
    #expect(count == 1)
    observation.cancel()
  }

  /// testOwnership_ViewStoreHoldsOntoStore
  @Test("observing a store nobody else holds calls the observer at once with its state")
  func observationHoldsOntoStore() {
    var count = -1
    let observation = Store(initialState: 0) {
      Reduce<Int, Void> { state, _ in
        state += 1
        return .none
      }
    }
    .observe({ $0 }) { count = $0 }
    #expect(count == 0)
    _ = observation
  }

  /// testEffectWithMultipleScopes
  @Test("an effect started through two scopes runs, and the scoped observer sees both states")
  func effectWithMultipleScopes() async {
    enum Action: Sendable { case tap, response }
    let ran = EffectRan()
    let root = Store(initialState: false) {
      Reduce<Bool, Action> { state, action in
        switch action {
        case .tap:
          state = false
          return .send(.response)
        case .response:
          state = true
          return .run { _ in await ran.mark() }
        }
      }
    }
    let store = root.scope(state: { $0 }, action: { $0 }).scope(state: { $0 }, action: { $0 })
    var values: [Bool] = []
    let observation = store.observe({ $0 }) { values.append($0) }
    #expect(values == [false])
    store.send(.tap)
    await root.settle()
    #expect(ran.didRun)
    #expect(values == [false, true])
    observation.cancel()
  }
}

@MainActor
private final class EffectRan {
  private(set) var didRun = false
  func mark() { didRun = true }
}
