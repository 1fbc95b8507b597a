import StoreTesting
import Testing

@testable import Store

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// TaskCancellationTests.swift. Uniflow has no `withTaskCancellation(id:)` nor
/// `Task.cancel(id:)` (docs/store.md, "Differences from TCA"): work is made cancellable by id
/// as an effect, `.run { … }.cancellable(id:)`, and cancelled by `.cancel(id:)` from a reducer
/// or by cancelling the `StoreTask` of the send that started it. The tests check the same
/// things through those: the work's task is cancelled, and no registration is left behind
/// (TCA's `_cancellationCancellables` is our executor's `activeIDs`). TCA's real sleeps and
/// `Task.megaYield` become awaiting the effects.
@MainActor
@Suite("Ported from TCA: TaskCancellationTests")
struct TCATaskCancellationTests {
  enum Action: Equatable, Sendable { case start, cancel, started }
  enum CancelID { case task }

  /// Work that says it started, then waits until cancelled; `stopped` records how it ended.
  private static func feature(stopped: Locked<[String]>) -> Reduce<Int, Action> {
    Reduce { _, action in
      switch action {
      case .start:
        return .run { send in
          await send(.started)
          do {
            try await never()
            stopped.withLock { $0.append("returned") }
          } catch {
            stopped.withLock { $0.append("\(type(of: error))") }
            throw error
          }
        }
        .cancellable(id: CancelID.task)
      case .cancel:
        return .cancel(id: CancelID.task)
      case .started:
        return .none
      }
    }
  }

  /// testCancellation
  @Test("work cancelled by id ends with a cancellation error and leaves no registration")
  func cancellation() async {
    let stopped = Locked<[String]>([])
    let store = TestStore(initialState: 0, reducer: Self.feature(stopped: stopped))
    let started = await store.send(.start)
    await store.receive(.started)
    #expect(store.core.executor.activeIDs == [EffectID(CancelID.task)])
    await store.send(.cancel)
    #expect(store.core.executor.activeIDs.isEmpty)
    #expect(store.core.runningEffects == 0)
    await started.finish()
    #expect(stopped.value == ["CancellationError"])
    await store.finish()
  }

  /// testWithTaskCancellationCleansUpTask: cancelling the task that started the work (here the
  /// `StoreTask` of its `send`) removes its registration.
  @Test("cancelling the task of the send that started the work removes its registration")
  func cancellingTheTaskCleansUp() async {
    let stopped = Locked<[String]>([])
    let store = TestStore(initialState: 0, reducer: Self.feature(stopped: stopped))
    let task = await store.send(.start)
    await store.receive(.started)
    #expect(store.core.executor.activeIDs.count == 1)
    await task.cancel()
    await task.finish()
    #expect(store.core.executor.activeIDs.isEmpty)
    #expect(stopped.value == ["CancellationError"])
    await store.finish()
  }
}
