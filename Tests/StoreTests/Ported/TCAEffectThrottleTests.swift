import Store
import StoreTesting
import Testing

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// EffectThrottleTests.swift, as it was before TCA 1.0 (it became ThrottleTests.swift, ported
/// in TCAThrottleDebounceTests). Each test throttles separate effects under one id, as TCA's
/// subscribed to each separately; an `EffectRecorder` runs them, and TCA's
/// `DispatchQueue.test` becomes a `TestClock`. TCA counted how often each effect's body ran
/// (`effectRuns`) without asserting it; here the count is asserted: every body runs, since
/// the throttle holds back actions, not effects.
///
/// Not ported again: testThrottleLatest (TCAThrottleDebounceTests, "throttle: the first tap
/// goes through, then the latest or the first tap of the interval").
@MainActor
@Suite("Ported from TCA: EffectThrottleTests (TCA 0.x)")
struct TCAEffectThrottleTests {
  /// Throttled effects of one recorder: each sends its value, through a throttle of a second.
  @MainActor
  private final class Throttled {
    let clock = TestClock()
    let recorder = EffectRecorder<Int>()
    let runs = Locked(0)
    let latest: Bool

    init(latest: Bool) {
      self.latest = latest
    }

    /// Starts an effect that sends `value` through the throttle.
    func run(_ value: Int) {
      let runs = self.runs
      recorder.start(
        Effect<Int>.run { send in
          runs.withLock { $0 += 1 }
          await send(value)
        }
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest))
    }

    /// Moves the clock by `step` (zero: lets the effects just started run).
    func advance(by step: Duration = .zero) async {
      await clock.advance(by: step)
    }

    var values: [Int] { recorder.actions }
  }

  /// testThrottleFirst
  @Test("throttle first: of each interval's held values the first is delivered when it ends")
  func throttleFirst() async {
    let throttled = Throttled(latest: false)
    throttled.run(1)
    await throttled.advance()
    #expect(throttled.values == [1])  // a value goes through at once

    throttled.run(2)
    await throttled.advance()
    #expect(throttled.values == [1])  // a second value is held
    await throttled.advance(by: .milliseconds(250))
    throttled.run(3)
    await throttled.advance(by: .milliseconds(250))
    throttled.run(4)
    await throttled.advance(by: .milliseconds(250))
    throttled.run(5)
    await throttled.advance(by: .milliseconds(250))
    #expect(throttled.values == [1, 2])  // the first held value, at the end of the interval

    await throttled.advance(by: .milliseconds(250))
    throttled.run(6)
    await throttled.advance(by: .milliseconds(500))
    #expect(throttled.values == [1, 2])  // within the interval of 2: held
    throttled.run(7)
    await throttled.advance(by: .milliseconds(250))
    #expect(throttled.values == [1, 2, 6])
    #expect(throttled.runs.value == 7)
    await throttled.clock.run()
    #expect(throttled.values == [1, 2, 6])
  }

  /// testThrottleAfterInterval
  @Test("a value that comes after the interval is over goes through at once, every time")
  func throttleAfterInterval() async {
    let throttled = Throttled(latest: true)
    for (index, value) in [1, 2, 3].enumerated() {
      if index > 0 { await throttled.advance(by: .seconds(2)) }
      throttled.run(value)
      await throttled.advance()
      #expect(throttled.values == Array(1...value))
    }
    #expect(throttled.clock.sleepingCount == 0)
  }

  /// testThrottleEmitsFirstValueOnce
  @Test("throttle first: a value held within the interval goes out once, at its end")
  func throttleEmitsFirstValueOnce() async {
    let throttled = Throttled(latest: false)
    throttled.run(1)
    await throttled.advance()
    #expect(throttled.values == [1])

    await throttled.advance(by: .milliseconds(500))
    throttled.run(2)
    await throttled.advance(by: .milliseconds(500))
    throttled.run(3)
    #expect(throttled.values == [1, 2])  // 2 at the end of 1's interval; 3 is held after it
    await throttled.clock.run()
    #expect(throttled.values == [1, 2, 3])
  }
}
