// The example of docs/store.md, compiled here (DocSnippetTests checks that the document shows
// exactly this region).

// snippet: sending
import Store

struct Clicks: Reducer {
  enum Action: Sendable { case increment, incrementTwice }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state += 1
      return .none
    case .incrementTwice:
      return .merge(.send(.increment), .send(.increment))
    }
  }
}

@MainActor func counterExample() {
  let store = Store(initialState: 0, reducer: Clicks())
  store.send(.incrementTwice)
  assert(store.state == 2)  // both sends were reduced before `send` returned
}
// snippet: end
