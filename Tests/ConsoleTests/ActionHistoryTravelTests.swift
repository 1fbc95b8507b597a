import Store
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("The history of a session whose app has no restoring action")
struct ActionHistoryTravelTests {
  @Test("moving on from a travelled-to state lists the app's cancellations as travel's actions")
  func cancellationsListedOnContinuing() {
    let store = Store(initialState: Tally.State(), reducer: Tally())
    let history = ActionHistory<Tally.State, Tally.Action>(initialState: Tally.State()) {
      state, action in _ = Tally().reduce(into: &state, action: action)
    }
    history.restoring = { _ in nil }
    history.cancellations = { _ in [.note("cancelled")] }
    history.attach(to: store)
    store.send(.add(2))
    store.send(.add(3))
    // Travel to seq 1, as ConsoleSession does: the state there, its cancellations applied.
    var shown = history.state(at: 1)
    shown.notes.append("cancelled")
    history.move(to: 1)
    history.travelled(to: shown)
    store.replaceState(with: shown)
    #expect(history.count == 2)
    store.send(.add(1))
    #expect(history.count == 3)
    #expect(history.entry(2).source == .travel)
    #expect(history.entry(2).action == .note("cancelled"))
    #expect(history.entry(3).action == .add(1))
    #expect(history.state(at: 3) == store.state)
    #expect(store.state == Tally.State(total: 3, notes: ["cancelled"]))
  }
}
