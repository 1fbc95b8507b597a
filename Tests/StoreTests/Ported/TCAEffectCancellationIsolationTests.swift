import StoreTesting
import Testing

@testable import Store

/// TCA's isolation feature: `start` answers 42 and then lives until `stop` cancels it, under one
/// cancellation id that every store of it uses.
private struct LongLiving: Reducer {
  enum Action: Equatable, Sendable { case response(Int), start, stop }
  enum CancelID { case longLiving }

  func reduce(into value: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .response(let answer):
      value = answer
      return .none
    case .start:
      return .run { send in
        await send(.response(42))
        try await never()
      }
      .cancellable(id: CancelID.longLiving, cancelInFlight: true)
    case .stop:
      return .cancel(id: CancelID.longLiving)
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectCancellationIsolationTests.swift: cancellation ids belong to one store, so tests that
/// run at the same time (Swift Testing runs a suite's tests in parallel) and use the same id do
/// not cancel each other's effects. TCA's two identical tests are kept; a third runs two stores
/// side by side in one test, so that the isolation is checked even when tests run one by one.
@MainActor
@Suite("Ported from TCA: EffectCancellationIsolationTests")
struct TCAEffectCancellationIsolationTests {
  private func startAndStop() async {
    let store = TestStore(initialState: 0, reducer: LongLiving())
    await store.send(.start)
    await store.receive(.response(42)) { $0 = 42 }
    #expect(store.core.executor.runningCount == 1)
    await store.send(.stop)
    #expect(store.core.executor.runningCount == 0)
    await store.finish()
  }

  /// testIsolation1
  @Test("a long-living effect answers and is stopped by its id")
  func isolation1() async {
    await startAndStop()
  }

  /// testIsolation2
  @Test("the same, in a second test that may run at the same time")
  func isolation2() async {
    await startAndStop()
  }

  @Test("stopping one store's effect leaves another store's effect under the same id running")
  func twoStores() async {
    let first = TestStore(initialState: 0, reducer: LongLiving())
    let second = TestStore(initialState: 0, reducer: LongLiving())
    await first.send(.start)
    await first.receive(.response(42)) { $0 = 42 }
    await second.send(.start)
    await second.receive(.response(42)) { $0 = 42 }
    await first.send(.stop)
    #expect(first.core.executor.runningCount == 0)
    #expect(second.core.executor.runningCount == 1)
    await second.send(.stop)
    #expect(second.core.executor.runningCount == 0)
    await first.finish()
    await second.finish()
  }
}
