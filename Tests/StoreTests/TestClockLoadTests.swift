import StoreTesting
import Testing

@MainActor
@Suite("A test clock on a busy main actor")
struct TestClockLoadTests {
  @Test(
    "advance waits for a woken effect that holds the main actor longer than the settle timeout"
  )
  func effectHoldsTheMainActor() async {
    let clock = TestClock()
    clock.settleTimeout = .milliseconds(20)
    var woken: [String] = []
    let store = Store(initialState: 0) { (_: inout Int, action: String) -> Effect<String> in
      if action.hasPrefix("woke") {
        woken.append(action)
        return .none
      }
      let delay: Duration =
        switch action {
        case "busy": .seconds(1)
        case "late": .seconds(3)
        default: .seconds(2)
        }
      return .run { send in
        try await clock.sleep(for: delay)
        if action == "busy" {
          // Work that holds the main actor ten times the settle timeout, as a long test or a
          // slow machine does: the clock must not move on meanwhile.
          let start = ContinuousClock.now
          while ContinuousClock.now - start < .milliseconds(200) {}
        }
        await send("woke \(action) at \(clock.now)")
      }
    }
    for action in ["late", "first", "busy", "second"] { store.send(action) }
    await clock.advance(by: .seconds(5))
    #expect(
      woken == [
        "woke busy at +1.0 seconds", "woke first at +2.0 seconds", "woke second at +2.0 seconds",
        "woke late at +3.0 seconds",
      ])
  }
}
