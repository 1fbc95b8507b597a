import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectTaskTests.swift (TCA 0.x's `Effect.task`, which returned one action). Uniflow has no
/// `.task`: each becomes a `.run` that sends its one action. testTask, testTaskCatch and
/// testTaskUnhandledFailure check what TCAEffectRunTests checks for `.run`, so they are kept
/// short; the cancellation tests cancel the effect's task from inside (`withUnsafeCurrentTask`),
/// not by id, which TCAEffectRunTests does not.
@MainActor
@Suite("Ported from TCA: EffectTaskTests")
struct TCAEffectTaskTests {
  enum Action: Equatable, Sendable { case tapped, response, responseA, responseB }
  struct Failure: Error {}

  private static func store(_ effect: @escaping @Sendable () -> Effect<Action>) -> TestStore<
    Int, Action
  > {
    TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in action == .tapped ? effect() : .none })
  }

  /// testTask
  @Test("a task's one action is received")
  func task() async {
    let store = Self.store { .run { send in await send(.response) } }
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// testTaskCatch
  @Test("a task that throws answers with its catch handler's action")
  func taskCatch() async {
    let store = Self.store {
      .run { _ in
        throw Failure()
      } catch: { _, send in
        await send(.response)
      }
    }
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// testTaskUnhandledFailure. TCA names the effect's file and line and dumps the error; here
  /// the failure is reported at the `.run` and says how to fix it.
  @Test("a task's error nobody handles is reported at the task, saying how to fix it")
  func taskUnhandledFailure() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        action == .tapped ? .run { _ in throw Failure() } : .none
      }, reportFailure: failures.reporter)
    await store.send(.tapped).finish()
    #expect(
      failures.messages == [
        "An effect threw an error it did not handle: Failure(). To fix, catch it inside the "
          + "`run` closure, or pass `catch:` to `.run` to turn it into an action."
      ])
  }

  /// testTaskCancellation: the task cancels itself, then answers; the answer is dropped, as
  /// TCA's `Send` drops what a cancelled task sends.
  @Test("a task that cancels itself and then answers delivers nothing")
  func taskCancellation() async {
    let store = Self.store {
      .run { send in
        withUnsafeCurrentTask { $0?.cancel() }
        await send(.response)
      }
    }
    await store.send(.tapped).finish()
    await store.finish()
    #expect(store.state == 0)
  }

  /// testTaskCancellationCatch: the task cancels itself and stops with `CancellationError`,
  /// which is not an error to handle: its catch handler is not called.
  @Test("a task that cancels itself and stops does not call its catch handler")
  func taskCancellationCatch() async {
    let store = Self.store {
      .run { send in
        withUnsafeCurrentTask { $0?.cancel() }
        try Task.checkCancellation()
        await send(.responseA)
      } catch: { _, send in
        await send(.responseB)
      }
    }
    await store.send(.tapped).finish()
    await store.finish()
  }
}
