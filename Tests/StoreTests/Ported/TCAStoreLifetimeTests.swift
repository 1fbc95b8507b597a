import Store
import StoreTesting
import Testing

private struct Child: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable { case tap, start, response }
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count += 1
        return .none
      case .start:
        state.count += 1
        return .run { send in
          try await clock.sleep(for: .seconds(0))
          await send(.response)
        }
      case .response:
        state.count += 1
        return .none
      }
    }
  }
}

private struct Parent: Reducer {
  struct State: Equatable { var child = Child.State() }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Child.Action)
    struct AllCasePaths: Sendable { let child = ActionCase(Action.child) }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Scope(state: \State.child, action: \.child) { Child() }
  }
}

private struct Grandparent: Reducer {
  struct State: Equatable { var child = Parent.State() }
  enum Action: Equatable, Sendable, CasePathable {
    case child(Parent.Action)
    case incrementGrandchild
    struct AllCasePaths: Sendable { let child = ActionCase(Action.child) }
    static let allCasePaths = AllCasePaths()
  }
  var body: some ReducerOf<Self> {
    Scope(state: \State.child, action: \.child) { Parent() }
    Reduce { state, action in
      if case .incrementGrandchild = action { state.child.child.count += 1 }
      return .none
    }
  }
}

/// Set once, when the task it watches is cancelled.
@MainActor
private final class CancelledFlag {
  var isSet = false
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// StoreLifetimeTests.swift. Not ported: testStoreCaching (scoping makes a new store each time;
/// a scoped store holds no state, so two are interchangeable) and the Combine and logger tests.
@MainActor
@Suite("Ported from TCA: StoreLifetimeTests")
struct TCAStoreLifetimeTests {
  /// testStoreInvalidation
  @Test("a grandchild store keeps working after the child store between it and the root is gone")
  func storeInvalidation() {
    let grandparent = Store(initialState: Grandparent.State()) { Grandparent() }
    var parent: Store<Parent.State, Parent.Action>? = grandparent.scope(
      state: \.child, action: \.child)
    let child = parent!.scope(state: \.child, action: \.child)
    child.send(.tap)
    #expect(grandparent.state.child.child.count == 1)
    #expect(parent?.state.child.count == 1)
    #expect(child.state.count == 1)
    grandparent.send(.incrementGrandchild)
    #expect(child.state.count == 2)
    parent = nil
    child.send(.tap)
    #expect(grandparent.state.child.child.count == 3)
    #expect(child.state.count == 3)
    grandparent.send(.incrementGrandchild)
    #expect(child.state.count == 4)
  }

  /// testStoreDeinit_RunningEffect_MainActor and testStoreDeinit_RunningEffect
  @Test("releasing a store cancels the effects it is running", .timeLimit(.minutes(10)))
  func storeDeinitCancelsRunningEffects() async {
    let cancelled = CancelledFlag()
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    do {
      let store = Store(initialState: 0) {
        Reduce<Int, Void> { _, _ in
          .run { _ in
            await withTaskCancellationHandler {
              continuation.yield()
              // Waits for the cancellation the store's release sends: nothing else ends it.
              for await _ in AsyncStream<Void>.makeStream().stream {}
            } onCancel: {
              Task { @MainActor in
                cancelled.isSet = true
                continuation.finish()
              }
            }
          }
        }
      }
      store.send(())
      var started = stream.makeAsyncIterator()
      _ = await started.next()
      _ = store
    }
    for await _ in stream {}
    #expect(cancelled.isSet)
  }

  /// testUnCachedStores
  @Test("a scoped store released while its effect runs leaves the effect running to the root")
  func unCachedStores() async {
    let clock = TestClock()
    let store = Store(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    do {
      let child = store.scope(state: \.child, action: \.child)
      child.send(.start)
      #expect(store.state.child.count == 1)
    }
    await clock.advance(by: .seconds(0))
    await store.settle()
    #expect(store.state.child.count == 2)
  }
}
