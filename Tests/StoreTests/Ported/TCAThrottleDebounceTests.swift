import Store
import StoreTesting
import Testing

/// The feature of TCA's ThrottleTests: a tap sends its value through a throttle of one second.
private struct ThrottleFeature: Reducer {
  enum Action: Equatable, Sendable {
    case tap(Int)
    case throttledResponse(Int)
  }
  let clock: TestClock
  let latest: Bool

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap(let value):
      return .send(.throttledResponse(value))
        .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: latest)
    case .throttledResponse(let value):
      count = value
      return .none
    }
  }
}

/// A feature for TCA's debounce tests: each tap's value arrives once the taps have been quiet
/// for a second; `runs` counts how often the debounced effect's body ran.
private struct DebounceFeature: Reducer {
  enum Action: Equatable, Sendable {
    case tap(Int)
    case debounced(Int)
  }
  let clock: TestClock
  let runs = Locked(0)

  func reduce(into values: inout [Int], action: Action) -> Effect<Action> {
    switch action {
    case .tap(let value):
      let runs = self.runs
      return .run { send in
        runs.withLock { $0 += 1 }
        await send(.debounced(value))
      }
      .debounce(id: "debounce", for: .seconds(1), clock: clock)
    case .debounced(let value):
      values.append(value)
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// ThrottleTests.swift and EffectDebounceTests.swift. TCA's `DispatchQueue.test` becomes a
/// `TestClock`; its `_Publisher` and `_Async` variants are one test each here (Uniflow has no
/// publishers); `skipReceivedActions(strict: false)` and the state check are kept as TCA wrote
/// them.
@MainActor
@Suite("Ported from TCA: ThrottleTests and EffectDebounceTests")
struct TCAThrottleDebounceTests {
  /// Sends `tap(value)`, moves the clock by `step`, and checks nothing new got through.
  private func tapHeld(
    _ store: TestStore<Int, ThrottleFeature.Action>, _ clock: TestClock, _ value: Int,
    after step: Duration, count: Int
  ) async {
    await store.send(.tap(value))
    await clock.advance(by: step)
    await store.skipReceivedActions(strict: false)
    #expect(store.state == count)
  }

  /// testThrottleLatest_Publisher, testThrottleLatest_Async and testThrottleFirst_Publisher:
  /// taps 2 to 5 arrive within the interval that tap 1 began; at its end the latest of them
  /// (5) goes through, or the first (2).
  @Test(
    "throttle: the first tap goes through, then the latest or the first tap of the interval",
    arguments: [(latest: true, delivered: 5), (latest: false, delivered: 2)])
  func throttle(latest: Bool, delivered: Int) async {
    let clock = TestClock()
    let store = TestStore(initialState: 0, reducer: ThrottleFeature(clock: clock, latest: latest))
    await store.send(.tap(1))
    await clock.advance()
    await store.receive(.throttledResponse(1)) { $0 = 1 }

    await tapHeld(store, clock, 2, after: .zero, count: 1)
    await clock.advance(by: .milliseconds(250))
    await store.skipReceivedActions(strict: false)
    #expect(store.state == 1)
    await tapHeld(store, clock, 3, after: .milliseconds(250), count: 1)
    await tapHeld(store, clock, 4, after: .milliseconds(250), count: 1)

    await store.send(.tap(5))
    await clock.advance(by: .milliseconds(250))
    await store.receive(.throttledResponse(delivered)) { $0 = delivered }
  }

  /// testThrottleAfterInterval_Publisher and testThrottleEmitsFirstValueOnce_Publisher
  @Test("a tap after the interval is over goes through at once")
  func throttleAfterInterval() async {
    let clock = TestClock()
    let store = TestStore(initialState: 0, reducer: ThrottleFeature(clock: clock, latest: true))
    await store.send(.tap(1))
    await clock.advance()
    await store.receive(.throttledResponse(1)) { $0 = 1 }

    await clock.advance(by: .seconds(1))
    await store.send(.tap(2))
    await clock.advance()
    await store.receive(.throttledResponse(2)) { $0 = 2 }
  }

  /// EffectDebounceTests.testDebounce
  @Test("debounce: of taps each within the interval of the last, only the last arrives")
  func debounce() async {
    let clock = TestClock()
    let store = TestStore(initialState: [], reducer: DebounceFeature(clock: clock))
    await store.send(.tap(1))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(500))
    await store.send(.tap(2))
    await clock.advance(by: .milliseconds(500))
    await store.send(.tap(3))
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(500))
    await store.receive(.debounced(3)) { $0 = [3] }
    await clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state == [3])
  }

  /// EffectDebounceTests.testDebounceIsLazy
  @Test("a debounced effect's body does not run until the interval is over")
  func debounceIsLazy() async {
    let clock = TestClock()
    let feature = DebounceFeature(clock: clock)
    let store = TestStore(initialState: [], reducer: feature)
    await store.send(.tap(1))
    #expect(feature.runs.value == 0)
    await clock.advance(by: .milliseconds(500))
    #expect(feature.runs.value == 0)
    await clock.advance(by: .milliseconds(500))
    await store.receive(.debounced(1)) { $0 = [1] }
    #expect(feature.runs.value == 1)
  }
}
