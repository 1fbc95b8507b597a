import Store
import StoreTesting
import Testing

/// A parent with an optional child count that `dismiss` takes away.
private enum Sheet {
  enum Action: Equatable, Sendable {
    case child(Int)
    case dismiss
  }

  static let child = ActionCase<Action, Int>(embed: Action.child) {
    if case .child(let delta) = $0 { delta } else { nil }
  }

  static var reducer: Reduce<Int?, Action> {
    Reduce { count, action in
      switch action {
      case .child(let delta):
        count? += delta
      case .dismiss:
        count = nil
      }
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// StoreFilterTests.swift (its `StoreInvalidationTests`).
///
/// Not ported as written: it scopes with TCA's internal `_scope(…, isInvalid:, …)` and counts
/// what a `ViewStore`'s Combine publisher emits. Uniflow has neither; what stands for an
/// invalidated child store here is one scoped to optional state that went away. The port checks
/// that such a store, like TCA's invalidated one, tells its observers nothing more: it keeps its
/// last value, and what it still sends goes to the root, whose reducer ignores it.
@MainActor
@Suite("Ported from TCA: StoreFilterTests")
struct TCAStoreFilterTests {
  /// testInvalidation
  @Test("a child store whose optional state went away notifies its observers no more")
  func invalidation() throws {
    let store = Store(initialState: 1, reducer: Sheet.reducer)
    let child = try #require(store.scope(state: \.self, action: Sheet.child))
    var seen: [Int] = []
    let observation = child.observe(\.self) { seen.append($0) }
    #expect(seen == [1])
    child.send(1)
    #expect(seen == [1, 2])
    store.send(.dismiss)
    #expect(store.state == nil)
    child.send(1)
    child.send(1)
    #expect(seen == [1, 2])
    #expect(child.state == 2)
    observation.cancel()
  }
}
