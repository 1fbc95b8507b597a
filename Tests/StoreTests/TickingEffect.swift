import StoreTesting

/// A timer: sends `action` every second of `clock`, until cancelled (TCA's
/// `clock.timer(interval: .seconds(1))` in the ported tests).
func everySecond<Action: Sendable>(on clock: TestClock, send action: Action) -> Effect<Action> {
  .run { send in
    while true {
      try await clock.sleep(for: .seconds(1))
      await send(action)
    }
  }
}
