import Store
import StoreTesting
import Testing

@MainActor
@Suite("Timers and the clock dependency")
struct TimerTests {
  @Test("a started timer ticks once a second as the test clock advances; stop cancels it")
  func stopwatch() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) {
      $0.continuousClock = clock
    }
    await store.send(.start) { $0.isRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.seconds = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.seconds = 2 }
    await store.receive(.tick) { $0.seconds = 3 }
    await clock.advance(by: .milliseconds(500))
    await store.send(.stop) { $0.isRunning = false }
    await clock.advance(by: .seconds(10))
    #expect(clock.sleepingCount == 0)
    await store.finish()
  }

  @Test("a timer's ticks fall on whole intervals from its start")
  func noDrift() async {
    let clock = TestClock()
    await clock.advance(by: .milliseconds(300))
    let store = Store(
      initialState: [Duration](),
      reduce: { (times: inout [Duration], action: Duration?) -> Effect<Duration?> in
        guard let time = action else {
          return .run { send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(clock.now.offset) }
          }
        }
        times.append(time)
        return .none
      })
    store.send(nil)
    await clock.advance(by: .milliseconds(3500))
    #expect(store.state == [.milliseconds(1300), .milliseconds(2300), .milliseconds(3300)])
    store.cancelAllEffects()
  }

  @Test("a timer over a hundred times a normal run's ticks delivers each one, in order")
  func manyTicks() async {
    let clock = TestClock()
    let store = Store(initialState: Stopwatch.State(), reducer: Stopwatch()) {
      $0.continuousClock = clock
    }
    store.send(.start)
    await clock.advance(by: .seconds(300))  // a normal run: 3 ticks
    #expect(store.state.seconds == 300)
    store.send(.stop)
    await store.settle()
    #expect(store.runningEffects == 0)
  }
}
