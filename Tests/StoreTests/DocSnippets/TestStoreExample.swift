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

// snippet: ready-effects
@MainActor @Test func answeringThenSkipping() async {
  let prices = Answers<Int>()
  let store = TestStore(
    initialState: 0,
    reducer: Reduce<Int, Int> { state, action in
      state = action
      return action == 0 ? .run { send in await send(try await prices.next()) } : .none
    })
  await store.send(0)
  await prices.answer(.success(42))  // the effect is ready: answered, not run yet
  await store.skipReceivedActions()  // lets it send `42` first, then skips it
  #expect(store.state == 42)
}
// snippet: end
