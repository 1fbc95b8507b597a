// The example of docs/store.md, compiled here (DocSnippetTests checks that the document shows
// exactly this region).

// snippet: test-store
import StoreTesting
import Testing

struct Doubler: Reducer {
  enum Action: Equatable, Sendable { case tap, doubled(Int) }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .tap:
      state += 1
      let value = state
      return .run { send in await send(.doubled(value * 2)) }
    case .doubled(let value):
      state = value
      return .none
    }
  }
}

@MainActor @Test func doubling() async {
  let store = TestStore(initialState: 0, reducer: Doubler())
  await store.send(.tap) { $0 = 1 }
  await store.receive(.doubled(2)) { $0 = 2 }
  await store.finish()
}
// snippet: end
