import Store
import StoreTesting
import TestSupport
import Testing

/// A search box: debounced queries, throttled scroll events, a ticking timer.
private struct Timed: Reducer {
  enum Action: Equatable, Sendable {
    case query(String), search(String)
    case scroll(Int), loadMore(Int)
    case startTimer, tick, stopTimer
    case sequence, step(String)
  }
  let clock: TestClock
  var latest = true

  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .query(let text):
      return .send(.search(text)).debounce(id: "search", for: .seconds(1), clock: clock)
    case .scroll(let offset):
      return .send(.loadMore(offset))
        .throttle(id: "scroll", for: .seconds(1), clock: clock, latest: latest)
    case .startTimer:
      let clock = self.clock
      return .run { send in
        while true {
          try await clock.sleep(for: .seconds(1))
          await send(.tick)
        }
      }
      .cancellable(id: "timer", cancelInFlight: true)
    case .stopTimer:
      return .cancel(id: "timer")
    case .sequence:
      let clock = self.clock
      return .concatenate(
        .send(.step("a")),
        .run { send in
          try await clock.sleep(for: .seconds(2))
          await send(.step("b"))
        },
        .send(.step("c")),
        .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.step("d"))
        })
    case .search(let text), .step(let text):
      state.append(text)
    case .loadMore(let offset):
      state.append("\(offset)")
    case .tick:
      state.append("tick")
    }
    return .none
  }
}

@MainActor
@Suite("Time in effects, with a test clock")
struct TimeTests {
  @Test("debounce lets only the last of a burst through, once it has been quiet long enough")
  func debounce() async {
    let clock = TestClock()
    let store = TestStore(initialState: [], reducer: Timed(clock: clock))
    await store.send(.query("s"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.query("sw"))
    await clock.advance(by: .milliseconds(999))
    await store.send(.query("swi"))
    await clock.advance(by: .seconds(1))
    await store.receive(.search("swi")) { $0 = ["swi"] }
    await store.finish()
  }

  @Test("throttle, latest: the first goes through, the latest of the window follows at its end")
  func throttleLatest() async {
    let clock = TestClock()
    let store = TestStore(initialState: [], reducer: Timed(clock: clock))
    await store.send(.scroll(1))
    await store.receive(.loadMore(1)) { $0 = ["1"] }
    await store.send(.scroll(2))
    await clock.advance(by: .milliseconds(300))
    await store.send(.scroll(3))
    await clock.advance(by: .milliseconds(700))
    await store.receive(.loadMore(3)) { $0 = ["1", "3"] }
    await clock.advance(by: .seconds(5))
    await store.send(.scroll(4))
    await store.receive(.loadMore(4)) { $0 = ["1", "3", "4"] }
    await store.finish()
  }

  @Test("throttle, first: the first action of the window is the one delivered at its end")
  func throttleFirst() async {
    let clock = TestClock()
    let store = TestStore(initialState: [], reducer: Timed(clock: clock, latest: false))
    await store.send(.scroll(1))
    await store.receive(.loadMore(1)) { $0 = ["1"] }
    await store.send(.scroll(2))
    await store.send(.scroll(3))
    await clock.advance(by: .seconds(1))
    await store.receive(.loadMore(2)) { $0 = ["1", "2"] }
    await store.finish()
  }

  @Test("a timer ticks once a second of test time, and stops when cancelled, every run")
  func timer() async {
    for _ in 0..<20 {
      let clock = TestClock()
      let store = TestStore(initialState: [], reducer: Timed(clock: clock))
      await store.send(.startTimer)
      await clock.advance(by: .milliseconds(999))
      await clock.advance(by: .milliseconds(1))
      await store.receive(.tick) { $0 = ["tick"] }
      await clock.advance(by: .seconds(3))
      await store.receive(.tick) { $0 = ["tick", "tick"] }
      await store.receive(.tick) { $0 = ["tick", "tick", "tick"] }
      await store.receive(.tick) { $0 = ["tick", "tick", "tick", "tick"] }
      await store.send(.stopTimer)
      await clock.advance(by: .seconds(10))
      await store.finish()
    }
  }

  @Test("concatenated effects start one after another: a, then b after 2 s, c, then d after 1 s")
  func concatenation() async {
    let clock = TestClock()
    let store = TestStore(initialState: [], reducer: Timed(clock: clock))
    await store.send(.sequence)
    await store.receive(.step("a")) { $0 = ["a"] }
    await clock.advance(by: .milliseconds(1999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.step("b")) { $0 = ["a", "b"] }
    await store.receive(.step("c")) { $0 = ["a", "b", "c"] }
    await clock.advance(by: .seconds(1))
    await store.receive(.step("d")) { $0 = ["a", "b", "c", "d"] }
    await store.finish()
  }

  @Test("a sleeper wakes at its deadline with now set to it; sleepers due together wake in order")
  func clockOrder() async {
    let clock = TestClock()
    var woken: [String] = []
    let store = Store(initialState: 0) { (_: inout Int, action: String) -> Effect<String> in
      if action.hasPrefix("woke") {
        woken.append(action)
        return .none
      }
      let delay: Duration = action == "late" ? .seconds(3) : .seconds(2)
      return .run { send in
        try await clock.sleep(for: delay)
        await send("woke \(action) at \(clock.now)")
      }
    }
    store.send("late")
    store.send("first")
    store.send("second")
    await clock.advance(by: .seconds(5))
    #expect(
      woken == [
        "woke first at +2.0 seconds", "woke second at +2.0 seconds", "woke late at +3.0 seconds",
      ])
    #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    #expect(clock.sleepingCount == 0)
  }

  @Test("cancelling a sleeping task wakes it with CancellationError and frees the clock")
  func cancelledSleep() async {
    let clock = TestClock()
    let task = Task {
      do {
        try await clock.sleep(for: .seconds(1))
        return "slept"
      } catch {
        return "\(type(of: error))"
      }
    }
    task.cancel()
    #expect(await task.value == "CancellationError")
    #expect(clock.sleepingCount == 0)
  }
}
