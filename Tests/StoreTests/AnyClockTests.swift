import Store
import StoreTesting
import Testing

/// Ticks on any clock: a feature generic over its clock.
struct Ticker3<C: Clock<Duration>>: Sendable {
  let clock: C

  /// Sends `tick` three times, a second apart.
  func ticks<Action: Sendable>(_ tick: Action) -> Effect<Action> {
    .run { [clock] send in
      var count = 0
      for await _ in clock.timer(interval: .seconds(1)) {
        await send(tick)
        count += 1
        if count == 3 { return }
      }
    }
  }
}

/// Runs a `Ticker3` on the `\.continuousClock` dependency, erased.
struct TickCounter: Reducer {
  struct State: Equatable, Sendable { var ticks = 0 }
  enum Action: Equatable, Sendable { case start, tick }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start: return Ticker3(clock: AnyClock(clock)).ticks(.tick)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

@Suite("AnyClock")
struct AnyClockTests {
  @Test("an erased test clock keeps time with the clock it wraps, from the moment it was made")
  func keepsTime() async {
    let clock = TestClock()
    await clock.advance(by: .seconds(5))
    let erased = AnyClock(clock)
    let start = erased.now
    #expect(start.duration(to: start.advanced(by: .seconds(2))) == .seconds(2))
    await clock.advance(by: .milliseconds(1500))
    #expect(start.duration(to: erased.now) == .milliseconds(1500))
    #expect(start < erased.now)
  }

  @Test("a feature generic over its clock runs on the dependency's existential clock, erased")
  @MainActor
  func genericFeatureOnTheDependency() async {
    let clock = TestClock()
    let store = TestStore(initialState: TickCounter.State(), reducer: TickCounter()) {
      $0.continuousClock = clock
    }
    await store.send(.start)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 3 }
  }
}
