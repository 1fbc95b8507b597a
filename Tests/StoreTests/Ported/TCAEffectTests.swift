import Foundation
import Store
import StoreTesting
import Testing

/// A feature that answers a tap with the date its effect reads from `\.date`.
private struct DateFeature: Reducer {
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
  }
  @Dependency(\.date) var date

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      return .run { send in
        await send(.response(Int(date.now.timeIntervalSinceReferenceDate)))
      }
    case .response(let value):
      state = value
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectTests.swift (and two tests of its 0.x versions). TCA iterates `effect.actions` outside
/// any store; here an `EffectRecorder` runs the effect on a store's executor alone, and
/// `withMainSerialExecutor` is not needed: effects start on the main actor and a `TestClock`
/// wakes them in a fixed order.
///
/// Not ported: testCanary1 and testCanary2 (they check that TCA's `TestStoreTask` with a
/// timeout finishes; a `StoreTask` has no timeout — waiting is counted, not timed);
/// testEffectSubscriberInitializer (both; Combine's subscriber-based `Effect.run` — Uniflow has no
/// publishers); testEffectErrorCrash (a Combine crash on iOS 13); testUnimplemented
/// (`Effect.unimplemented` is gone from TCA; an unimplemented dependency fails instead, see
/// SwiftDependenciesTests); testTask (a `.run` that sends one action: TCAEffectRunTests).
@MainActor
@Suite("Ported from TCA: EffectTests")
struct TCAEffectTests {
  /// An effect that sleeps `seconds` on `clock`, then sends `seconds`.
  private func delayed(_ seconds: Int, on clock: TestClock) -> Effect<Int> {
    .run { send in
      try await clock.sleep(for: .seconds(seconds))
      await send(seconds)
    }
  }

  /// testConcatenate
  @Test("concatenated effects answer one after another, each timed from the end of the last")
  func concatenate() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let run = recorder.start(.concatenate((1...3).map { delayed($0, on: clock) }))
    #expect(recorder.actions == [])
    await clock.advance(by: .seconds(1))
    #expect(recorder.actions == [1])
    await clock.advance(by: .seconds(2))
    #expect(recorder.actions == [1, 2])
    await clock.advance(by: .seconds(3))
    #expect(recorder.actions == [1, 2, 3])
    await clock.run()
    #expect(recorder.actions == [1, 2, 3])
    await run.wait()
    #expect(clock.sleepingCount == 0)
  }

  /// testConcatenateOneEffect (TCA's delayed `Just` publisher becomes a delayed `.run`)
  @Test("a concatenation of one effect delivers its action once")
  func concatenateOneEffect() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let run = recorder.start(.concatenate(delayed(1, on: clock)))
    #expect(recorder.actions == [])
    await clock.advance(by: .seconds(1))
    #expect(recorder.actions == [1])
    await clock.run()
    #expect(recorder.actions == [1])
    await run.wait()
  }

  /// testMerge
  @Test("merged effects run at once and answer as their sleeps end")
  func merge() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let run = recorder.start(.merge((1...3).map { delayed($0, on: clock) }))
    #expect(recorder.actions == [])
    await clock.advance(by: .seconds(1))
    #expect(recorder.actions == [1])
    await clock.advance(by: .seconds(1))
    #expect(recorder.actions == [1, 2])
    await clock.advance(by: .seconds(1))
    #expect(recorder.actions == [1, 2, 3])
    await run.wait()
  }

  /// testDoubleCancelInFlight, and the same for a `.run` effect
  @Test("an effect made cancellable in flight twice under one id still delivers once")
  func doubleCancelInFlight() async {
    let send = EffectRecorder<Int>()
    let sent = await send.run(
      Effect.send(42)
        .cancellable(id: "id", cancelInFlight: true)
        .cancellable(id: "id", cancelInFlight: true))
    #expect(sent == [42])

    let run = EffectRecorder<Int>()
    let ran = await run.run(
      Effect.run { send in await send(42) }
        .cancellable(id: "id", cancelInFlight: true)
        .cancellable(id: "id", cancelInFlight: true))
    #expect(ran == [42])
    #expect(run.executor.activeIDs.isEmpty)
  }

  /// testDependenciesTransferredToEffects_Task and testDependenciesTransferredToEffects_Run (the
  /// same test since TCA 1.0)
  @Test("a dependency set on a reducer reaches the body of the effect it returns")
  func dependenciesTransferredToEffects() async {
    let store = TestStore(initialState: 0) {
      DateFeature()
        .dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
    }
    await store.send(.tap).finish()
    await store.receive(.response(1_234_567_890)) { $0 = 1_234_567_890 }
  }

  /// testMap: an effect built inside `withDependencies` keeps those values for its `.run` body
  /// and the transform it calls, wherever it starts (the last part, started under other
  /// values, checks that).
  @Test("a mapped effect's transform reads the dependencies of where the effect was built")
  func map() async {
    @Dependency(\.date) var date
    let moment = Date(timeIntervalSince1970: 1_234_567_890)
    let sent = EffectRecorder<Date>()
    let sendEffect = withDependencies {
      $0.date.now = moment
    } operation: {
      Effect<Void>.send(()).map { date() }
    }
    #expect(await sent.run(sendEffect) == [moment])

    let ran = EffectRecorder<Date>()
    let output = await withDependencies {
      $0.date.now = moment
    } operation: {
      await ran.run(Effect<Void>.run { send in await send(()) }.map { date() })
    }
    #expect(output == [moment])

    let elsewhere = Date(timeIntervalSince1970: 0)
    let built = withDependencies {
      $0.date.now = moment
    } operation: {
      Effect<Void>.run { send in await send(()) }.map { date() }
    }
    let startedElsewhere = EffectRecorder<Date>()
    let result = await withDependencies {
      $0.date.now = elsewhere
    } operation: {
      await startedElsewhere.run(built)
    }
    #expect(result == [moment])
  }

  /// testCancellingTask_Infallible (TCA 0.x): the effect's work swallows its cancellation and
  /// answers anyway.
  @Test("an effect cancelled while its work swallows the cancellation delivers nothing")
  func cancellingSwallowedCancellation() async {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let swallowed = Locked(false)
    let run = recorder.start(
      Effect<Int>.run { send in
        do {
          try await clock.sleep(for: .seconds(1))
        } catch {
          swallowed.withLock { $0 = true }
        }
        await send(42)
      }
      .cancellable(id: "work"))
    await clock.advance()
    recorder.executor.cancel(id: EffectID("work"))
    await run.wait()
    #expect(swallowed.value)
    #expect(recorder.actions == [])
    #expect(recorder.failures.isEmpty)
  }
}
