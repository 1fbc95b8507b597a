// The example of docs/property-testing.md, compiled and run here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: reducer-property
import StoreTesting
import Testing

struct Counter: Reducer {
  struct State: Equatable, Sendable, Codable {
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case add(Int)
    case reset
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .add(let amount): state.count += amount
    case .reset: state.count = 0
    }
    return .none
  }
}

@Test("the counter never goes negative")
func counterStaysNonNegative() {
  ReducerProperty(Counter(), initialState: Counter.State())
    .action("increment") { _ in .just(.increment) }
    .action("add") { _ in Gen.int(in: 0...20).map(Counter.Action.add) }
    .action("reset", when: { $0.count > 0 }) { _ in .just(.reset) }
    .invariant("count is never negative") { $0.count >= 0 }
    .laws(.deterministic, .codableRoundTrip)
    .steps(0...50)
    .check()
}
// snippet: end
