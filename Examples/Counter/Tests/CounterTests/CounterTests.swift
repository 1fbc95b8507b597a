// snippet: imports
import Counter
import StoreTesting
import Testing

// snippet: end

// snippet: test-store
@MainActor
@Test("fetch shows it is fetching, then the number it got")
func fetch() async {
  let store = TestStore(initialState: Counter.State(), reducer: Counter { 42 })
  await store.send(.fetch) { $0.isFetching = true }
  await store.receive(.fetched(42)) {
    $0.count = 42
    $0.isFetching = false
  }
  await store.finish()
}
// snippet: end

@MainActor
@Test("a cancelled fetch delivers nothing")
func cancelledFetch() async {
  let never = AsyncStream<Int> { _ in }
  let store = TestStore(
    initialState: Counter.State(),
    reducer: Counter {
      for await number in never { return number }
      return 0
    })
  await store.send(.fetch) { $0.isFetching = true }
  await store.send(.cancel) { $0.isFetching = false }
  await store.finish()
}

// snippet: for-all
@Test("incrementing n times then decrementing n times comes back to the start")
func incrementThenDecrement() {
  forAll(Gen.int(in: 0...50)) { n in
    let counter = Counter { 0 }
    var state = Counter.State()
    for _ in 0..<n { _ = counter.reduce(into: &state, action: .increment) }
    for _ in 0..<n { _ = counter.reduce(into: &state, action: .decrement) }
    return state == Counter.State()
  }
}
// snippet: end

// snippet: reducer-property
@Test("whatever the user does, the count stays within what answers and steps can reach")
func counterProperty() {
  ReducerProperty(Counter { 7 }, initialState: Counter.State())
    .action("increment") { _ in .just(.increment) }
    .action("decrement") { _ in .just(.decrement) }
    .action("fetch") { _ in .just(.fetch) }
    .action("answer", when: { $0.state.isFetching }) { _ in
      Gen.int(in: -100...100).map(Counter.Action.fetched)
    }
    .action("cancel") { _ in .just(.cancel) }
    .invariant("the count stays within the numbers a fetch can give plus the steps taken") {
      abs($0.count) <= 100 + 20
    }
    .laws(.deterministic, .codableRoundTrip)
    // The regression test a failure prints makes these: `Counter.State` declares its own `init`.
    .code(reducer: "Counter { 7 }", initialState: "Counter.State()")
    .check()
}
// snippet: end
