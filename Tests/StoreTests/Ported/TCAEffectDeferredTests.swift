import Store
import StoreTesting
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectDeferredTests.swift and EffectDelayTests.swift (whose tests are the same two, calling
/// the same `deferred(for:scheduler:)`).
///
/// Uniflow has no `deferred` or `delay` operator on effects: a delayed effect is a `.run` that
/// sleeps on its clock first, which is what these tests run, on a `TestClock` where TCA used
/// `DispatchQueue.test`. Unlike `debounce`, a later delayed effect does not cancel an earlier
/// one: each arrives a second after it started.
@MainActor
@Suite("Ported from TCA: EffectDeferredTests and EffectDelayTests")
struct TCAEffectDeferredTests {
  /// `value`, a second after the effect starts; `runs` counts how often the part after the
  /// sleep ran.
  private static func delayed(
    _ value: Int, clock: TestClock, runs: Locked<Int> = Locked(0)
  ) -> Effect<Int> {
    .run { send in
      try await clock.sleep(for: .seconds(1))
      runs.withLock { $0 += 1 }
      await send(value)
    }
  }

  /// testDeferred and testDelay
  @Test("delayed effects each arrive a second after they started, none cancelling another")
  func deferred() async {
    let clock = TestClock()
    let values = EffectRecorder<Int>()

    values.start(Self.delayed(1, clock: clock))
    #expect(values.actions == [])  // nothing right away
    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [])  // nor half way

    values.start(Self.delayed(2, clock: clock))
    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [1])

    values.start(Self.delayed(3, clock: clock))
    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [1, 2])

    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [1, 2, 3])

    await clock.run()
    #expect(values.actions == [1, 2, 3])
    #expect(values.executor.runningCount == 0)
  }

  /// testDeferredIsLazy and testDelayIsLazy
  @Test("a delayed effect's work does not run until its delay is over")
  func deferredIsLazy() async {
    let clock = TestClock()
    let values = EffectRecorder<Int>()
    let runs = Locked(0)

    values.start(Self.delayed(1, clock: clock, runs: runs))
    #expect(values.actions == [])
    #expect(runs.value == 0)

    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [])
    #expect(runs.value == 0)

    await clock.advance(by: .milliseconds(500))
    #expect(values.actions == [1])
    #expect(runs.value == 1)
  }
}
