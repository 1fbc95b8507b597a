import Store
import StoreTesting
import Testing

@testable import Store

/// An action a throttle lets through keeps the cause of the effect that sent it: the effect's
/// number, the action that started it and where it was written — not effect 0, which names a
/// `.send`.
@MainActor
@Suite("Causes through a throttle")
struct ThrottleCauseTests {
  @Test("an action a throttle lets through at once names the .run that sent it, not effect 0")
  func throttledActionKeepsItsEffect() async {
    let clock = TestClock()
    var ledger: CauseLedger?
    var causes: [StoreCause] = []
    let store = Store(
      initialState: 0,
      reduce: { (count: inout Int, action: Int) -> Effect<Int> in
        if action == 0 {
          return .run { send in await send(1) }
            .throttle(id: "throttle", for: .seconds(1), clock: clock, latest: true)
        }
        count += action
        MainActor.assumeIsolated { causes.append(ledger?.current ?? .sent) }
        return .none
      })
    ledger = store.trackCauses()
    store.send(0)
    await store.settle()
    #expect(store.state == 1)
    guard case .effect(let effect, let parent, let site)? = causes.first else {
      Issue.record("no effect cause: \(causes)")
      return
    }
    #expect(effect != 0)
    #expect(parent == 1)
    #expect(
      site?.description.contains("ThrottleCauseTests.swift") == true, "\(String(describing: site))")
  }
}
