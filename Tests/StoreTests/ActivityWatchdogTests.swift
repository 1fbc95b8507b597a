import Store
import StoreTesting
import Testing

@Suite("Activity registry watchdog")
struct ActivityWatchdogTests {
  @Test("settle stops waiting for an effect that ran and waits for something no test controls")
  func blockedActivityIsPresumedBlocked() async {
    _ = TestClock()  // installs the test scopes: other tests' effects do not count here
    let registry = ActivityRegistry.shared
    let scope = registry.scopeOfCurrentTask()
    let activity = EffectActivity()
    activity.didRun()
    let blocked = await registry.settle(scope: scope, within: .milliseconds(1))
    #expect(blocked == 1)
    #expect(registry.phase(of: activity) == .parked)
    activity.end()
  }

  @Test("settles waiting at once are all ended by the one watchdog")
  func concurrentSettlesAllEnd() async {
    _ = TestClock()  // installs the test scopes: other tests' effects do not count here
    let registry = ActivityRegistry.shared
    let scope = registry.scopeOfCurrentTask()
    let activities = (0..<3).map { _ in EffectActivity() }
    for activity in activities { activity.didRun() }
    async let first = registry.settle(scope: scope, within: .milliseconds(1))
    async let second = registry.settle(scope: scope, within: .milliseconds(1))
    let counts = await [first, second]
    #expect(counts.reduce(0, +) == 3)
    #expect(registry.busyCount(scope: scope) == 0)
    for activity in activities { activity.end() }
  }
}
