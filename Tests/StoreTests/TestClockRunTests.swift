import StoreTesting
import Testing

/// `TestClock.run()`: moves time until nothing sleeps, within a bound.
@MainActor
@Suite("TestClock.run")
struct TestClockRunTests {
  /// Effects that each sleep `1…n` seconds, `rounds` times in a row, sending their number after
  /// every sleep.
  private func sleepers(_ count: Int, rounds: Int, clock: TestClock) -> TestStore<[Int], Int> {
    TestStore(
      initialState: [],
      reducer: Reduce<[Int], Int> { state, action in
        guard action == 0 else {
          state.append(action)
          return .none
        }
        return .merge(
          (1...count).map { number in
            .run { send in
              for _ in 1...rounds {
                try await clock.sleep(for: .seconds(number))
                await send(number)
              }
            }
          })
      })
  }

  /// `count` effects sleeping 1…`count` seconds twice: 3 is the usual example, 300 a hundred
  /// times it. Each is woken at its deadlines, ties in the order the effects started.
  @Test(
    "run wakes every sleeper, and every sleep the woken effects begin, until none is left",
    arguments: [3, 300])
  func runsOut(count: Int) async {
    let clock = TestClock()
    let store = sleepers(count, rounds: 2, clock: clock)
    store.exhaustivity = .off
    await store.send(0)
    await clock.run()
    await store.skipReceivedActions()
    let wakes = (1...count).flatMap { number in [(number, number), (2 * number, number)] }
    let expected = wakes.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.1)
    #expect(store.state.count == 2 * count)
    #expect(store.state == expected)
    #expect(clock.now == TestClock.Instant(offset: .seconds(2 * count)))
    #expect(clock.sleepingCount == 0)
    await store.finish()
  }

  @Test("run with nothing asleep leaves the time as it is")
  func nothingAsleep() async {
    let clock = TestClock()
    await clock.run()
    #expect(clock.now == TestClock.Instant())
  }

  @Test("run stops after maxAdvances moves when an effect always sleeps again, saying so")
  func timerNeverRunsOut() async {
    let clock = TestClock()
    let ticks = Locked(0)
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { _, _ in
        .run { _ in
          while true {
            try await clock.sleep(for: .seconds(1))
            ticks.withLock { $0 += 1 }
          }
        }
      })
    await store.send(0)
    let line = #line + 2
    await withKnownIssue {
      await clock.run(maxAdvances: 100)
    } matching: { issue in
      issue.sourceLocation?.line == line
        && issue.comments.contains {
          $0.rawValue.hasPrefix(
            "clock.run() moved the clock 100 times and 1 sleeper is still sleeping on it")
        }
    }
    #expect(ticks.value == 100)
    await store.skipInFlightEffects()
    store.cancelAllEffects()
  }
}
