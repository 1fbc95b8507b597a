import StoreTesting
import Testing

/// The examples of docs/store.md run, not only compiled.
@MainActor
@Suite("docs/store.md's examples")
struct StoreDocExamples {
  @Test("merged sends are reduced before send returns")
  func sending() {
    counterExample()
    let store = Store(initialState: 0, reducer: Clicks())
    store.send(.incrementTwice)
    #expect(store.state == 2)
  }

  @Test("a new query cancels the one in flight; clear cancels it too")
  func cancellation() async {
    let store = Store(initialState: [String](), reducer: Reduce(Search.reduce))
    store.send(.query("a"))
    await store.settle()
    #expect(store.state == ["a"])
    store.send(.query("b"))
    store.send(.clear)
    await store.settle()
    #expect(store.state == [])
  }

  @Test("a scoped observation hears the title at once, then only when it changes")
  func observation() {
    let store = Store(
      initialState: Screens(),
      reducer: Reduce { (state: inout Screens, count: Int) in
        state.count = count
        if count > 1 { state.title = "count \(count)" }
        return .none
      })
    let observation = observeTitle(store)
    store.send(1)
    store.send(2)
    observation.cancel()
    #expect(store.state.title == "count 2")
  }

  @Test("the dependencies example: a test overrides the fact client for its store only")
  func dependencies() async {
    let store = TestStore(initialState: "", reducer: Facts()) {
      $0.numberFact = NumberFact { "\($0) is odd" }
    }
    await store.send(.ask(3))
    await store.receive(.answer("3 is odd")) { $0 = "3 is odd" }
    let live = Store(initialState: "", reducer: Facts())
    await live.send(.ask(4)).finish()
    #expect(live.state == "4 is a number")
  }

  @Test("a dependency set on a child reducer holds there and in its effects, and only there")
  func dependencyModifier() async {
    let store = Store(initialState: TwoFacts.State(), reducer: TwoFacts()) {
      $0.numberFact = NumberFact { "\($0) is odd" }
    }
    store.send(.ask(3))
    await store.settle()
    #expect(store.state == TwoFacts.State(first: "3 is odd", second: "3 is a fixed fact"))
  }
}
