// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: custom-law
import StoreTesting
import Testing

struct Switch: Reducer {
  struct State: Equatable, Sendable { var on = false }
  enum Action: Equatable, Sendable { case toggle, off }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle: state.on.toggle()
    case .off: state.on = false
    }
    return .none
  }
}

@Test("switching off twice is switching off once")
func offTwice() {
  let offTwiceIsOffOnce = ReducerLaw<Switch.State, Switch.Action>(
    "off twice is off once",
    afterStep: { reduce, _, action, after in
      guard action == .off else { return nil }
      var again = after
      reduce(&again, action)
      return again == after ? nil : "a second off changed the state"
    })
  ReducerProperty(Switch(), initialState: Switch.State())
    .action("toggle") { _ in .just(.toggle) }
    .action("off") { _ in .just(.off) }
    .laws(.deterministic, offTwiceIsOffOnce)
    .check()
}
// snippet: end
