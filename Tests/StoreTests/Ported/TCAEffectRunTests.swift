import Store
import StoreTesting
import TestSupport
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectRunTests.swift. TCA's `Task.cancel(id:)` from inside an effect becomes an action whose
/// reducer returns `.cancel(id:)`.
@MainActor
@Suite("Ported from TCA: EffectRunTests")
struct TCAEffectRunTests {
  enum Action: Equatable, Sendable { case tapped, response, responseA, responseB, cancel }
  struct Failure: Error {}

  /// testRun
  @Test("a run effect's action is received")
  func run() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        action == .tapped ? .run { send in await send(.response) } : .none
      })
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// testRunCatch
  @Test("an error the run closure throws goes to its catch handler")
  func runCatch() async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        guard action == .tapped else { return .none }
        return .run { _ in
          throw Failure()
        } catch: { _, send in
          await send(.response)
        }
      })
    await store.send(.tapped)
    await store.receive(.response)
  }

  /// testRunUnhandledFailure
  @Test("an error nobody handles is reported at the run effect, saying how to fix it")
  func runUnhandledFailure() async {
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

  /// A reducer whose `.tapped` effect cancels itself by id through `.cancel`, then checks for
  /// cancellation before answering; with `catching`, errors go to a handler that answers.
  static func selfCancelling(catching: Bool) -> Reduce<Int, Action> {
    Reduce { _, action in
      switch action {
      case .tapped:
        let body: @Sendable (Send<Action>) async throws -> Void = { send in
          await send(.cancel)
          try Task.checkCancellation()
          await send(.responseA)
        }
        let effect: Effect<Action> =
          catching
          ? .run({ send in try await body(send) }, catch: { _, send in await send(.responseB) })
          : .run { send in try await body(send) }
        return effect.cancellable(id: "effect")
      case .cancel:
        return .cancel(id: "effect")
      default:
        return .none
      }
    }
  }

  /// testRunCancellation and testRunCancellationCatch: neither the answer nor, for the
  /// cancellation, the catch handler's answer arrives.
  @Test("an effect that cancels itself stops before it answers, and its catch is not called")
  func runCancellation() async {
    for catching in [false, true] {
      let store = TestStore(initialState: 0, reducer: Self.selfCancelling(catching: catching))
      await store.send(.tapped).finish()
      await store.receive(.cancel)
    }
  }

  /// testRunEscapeFailure. Intentional difference: the late action is never delivered (TCA may
  /// or may not deliver it), and the report reads differently. TCA's escaping task sleeps on a
  /// clock to be late; here it waits at a gate the test opens once the effect has finished, so
  /// it is late every time. (A `Task {}` an effect starts that sleeps on a test clock fails the
  /// test as a misuse, whether the effect still runs or has ended — see UnstructuredTaskTests —
  /// so TCA's form would report that too.)
  @Test("an action sent from a task that outlives its effect is reported and dropped")
  func runEscapeFailure() async {
    let late = Gate()
    let sentLate = Gate()
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tapped:
          return .run { send in
            Task {
              await late.wait()
              await send(.responseA)
              await sentLate.open()
            }
            await send(.response)
          }
        case .responseA:
          state = 1
          return .none
        default:
          return .none
        }
      }, reportFailure: failures.reporter)
    let begin = await store.send(.tapped)
    await store.receive(.response)
    await begin.finish()
    await late.open()
    await sentLate.wait()
    await store.finish()
    #expect(store.state == 0)
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first?.hasPrefix("An effect sent .responseA after it finished") == true)
  }
}
