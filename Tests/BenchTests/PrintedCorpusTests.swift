import Foundation
import PropertyTesting
import Store
import StoreTesting
import Testing

@testable import Bench

/// The `TestStore` test each planted bug of the effect corpus prints (seed 1), compiled: every
/// kind of feature the corpus holds — plain states and reducers, a list under `forEach`, effects
/// held to run in a drawn order, a reducer holding a closure (`.code(reducer:)`), a state with
/// its own initializer (`.code(initialState:)`), a dependency the property sets
/// (`.dependencies(code:)`), a feature generic over its clock — and each one's expectation shows
/// the failure the property found. The first test checks that what the properties print is
/// what is compiled here (whitespace aside: the code below is formatted).
@Suite("The tests effect properties print compile and reproduce the failure")
@MainActor
struct PrintedCorpusTests {
  @Test(
    "each planted bug prints the test compiled here, whitespace aside",
    arguments: EffectCorpus.all.map(\.name))
  func printedIsCompiled(name: String) async throws {
    let problem = try #require(EffectCorpus.all.first { $0.name == name })
    let message = try #require(await problem.check(false, .seed(1)).message)
    let printed = try #require(Self.printedTest(in: message))
    let compiled = try #require(try Self.compiledRegions()[name], "no test here for \(name)")
    #expect(
      Self.withoutWhitespace(compiled).contains(Self.withoutWhitespace(printed)),
      "printed:\n\(printed)")
  }

  /// The printed test of a failure report: its indented lines after "Simplest failing schedule".
  static func printedTest(in message: String) -> String? {
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("Simplest failing schedule") })
    else { return nil }
    return lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.joined(separator: "\n")
  }

  /// The compiled tests by the planted bug they stand for: in this file and in
  /// PrintedReadyOrderTests.swift (the ready-effects race's), the text from each
  /// `// printed: NAME` line to the next.
  static func compiledRegions() throws -> [String: String] {
    let here = URL(fileURLWithPath: #filePath)
    let ready = here.deletingLastPathComponent().appendingPathComponent(
      "PrintedReadyOrderTests.swift")
    let source = try [here, ready].map { try String(contentsOf: $0, encoding: .utf8) }
      .joined(separator: "\n")
    var regions: [String: String] = [:]
    var name: String?
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.hasPrefix("// printed: ") {
        name = String(trimmed.dropFirst("// printed: ".count))
        regions[name!] = ""
      } else if let name {
        regions[name]! += line + "\n"
      }
    }
    return regions
  }

  static func withoutWhitespace(_ text: String) -> String {
    text.filter { !$0.isWhitespace }
  }

  // printed: stale answer overwrites
  @Test("an older search's answer shows over the newer one")
  func staleAnswer() async {
    let clock = TestClock()
    let fetch = Answers<Int>()
    let store = TestStore(
      initialState: StaleSearch.State(query: nil, request: 0, shown: nil),
      reducer: StaleSearch(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.fetch = { _ in try await fetch.next() }
    }
    store.exhaustivity = .off
    await store.send(.search("a"))
    await store.send(.search("b"))
    await fetch.answer(call: 1, .success(0))
    // every effect settles:
    await fetch.answer(call: 0, .success(0))
    await store.skipReceivedActions(strict: false)
    // "the screen shows the last search" does not hold once every effect has settled
    #expect(store.state.shown == "a" && store.state.query == "b")
  }

  // printed: cancelInFlight forgotten
  @Test("a second load leaves the first request running, and both answer")
  func doubleLoad() async {
    let clock = TestClock()
    let fetch = Answers<Int>()
    let store = TestStore(
      initialState: DoubleLoad.State(isLoading: false, unexpectedAnswers: 0),
      reducer: DoubleLoad(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.fetch = { _ in try await fetch.next() }
    }
    store.exhaustivity = .off
    await store.send(.load)
    await store.send(.load)
    // every effect settles:
    await fetch.answer(call: 0, .success(0))
    await fetch.answer(call: 0, .success(0))
    await store.skipReceivedActions(strict: false)
    // invariant "no answer arrives while nothing loads" does not hold after the store reduced .loaded(0) (sent by an effect) while the effects settled
    #expect(store.state.unexpectedAnswers == 1)
  }

  // printed: debounce lets two through
  @Test("the search for the first keystroke fires while the box holds the second")
  func debounce() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: DebouncedSearch.State(query: "", staleSearches: 0),
      reducer: DebouncedSearch(fixed: false)
    ) {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.type("a"))
    await store.send(.type("b"))
    // every effect settles:
    await clock.advance(by: .milliseconds(300))
    await store.skipReceivedActions(strict: false)
    // invariant "only the query in the box is searched" does not hold after the store reduced .searching("a") (sent by an effect) while the effects settled
    #expect(store.state.staleSearches == 1)
  }

  // printed: send after dismissal
  @Test("the load answers a closed sheet")
  func dismissal() async {
    let clock = TestClock()
    let fetch = Answers<Int>()
    let store = TestStore(
      initialState: DetailSheet.State(isOpen: false, detail: nil),
      reducer: DetailSheet(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.fetch = { _ in try await fetch.next() }
    }
    store.exhaustivity = .off
    await store.send(.open)
    await store.send(.close)
    // every effect settles:
    await fetch.answer(call: 0, .success(0))
    await store.skipReceivedActions(strict: false)
    // invariant "a closed sheet shows nothing" does not hold after the store reduced .loaded(0) (sent by an effect) while the effects settled
    #expect(!store.state.isOpen && store.state.detail == 0)
  }

  // printed: timer not stopped
  @Test("the timer ticks on a hidden screen")
  func timer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TickingScreen.State(isShown: false, ticks: 0, ticksWhileHidden: 0),
      reducer: TickingScreen(fixed: false)
    ) {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.show)
    // every effect settles:
    await store.send(.hide)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions(strict: false)
    // invariant "a hidden screen does not tick" does not hold after the store reduced .tick (sent by an effect) while the effects settled
    #expect(store.state.ticksWhileHidden == 1)
  }

  // printed: retry doubles requests
  @Test("a failed request is retried twice at once")
  func retry() async {
    let clock = TestClock()
    let fetch = Answers<Int>()
    let store = TestStore(
      initialState: RetryingLoad.State(attempts: 0, inFlight: 0, value: nil),
      reducer: RetryingLoad(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.fetch = { _ in try await fetch.next() }
    }
    store.exhaustivity = .off
    await store.send(.load)
    await fetch.answer(call: 0, .failure(CorpusFailure()))
    await store.skipReceivedActions(strict: false)
    // invariant "at most one request runs at a time" does not hold after the store reduced .started (sent by an effect) at step 2
    #expect(store.state.inFlight == 2)
  }

  // printed: lost update
  @Test("two taps read the same count and one is lost")
  func lostUpdate() async {
    let clock = TestClock()
    let save = Answers<Int>()
    let reload = Answers<Int>()
    let store = TestStore(
      initialState: LikeButton.State(taps: 0, likes: 0), reducer: LikeButton(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.save = { try await save.next() }
      $0.corpus.reload = { try await reload.next() }
    }
    store.exhaustivity = .off
    await store.send(.tap)
    await store.send(.tap)
    // every effect settles:
    await save.answer(call: 0, .success(0))
    await save.answer(call: 0, .success(0))
    await store.skipReceivedActions(strict: false)
    // "every tap is counted" does not hold once every effect has settled
    #expect(store.state.taps == 2 && store.state.likes == 1)
  }

  // printed: merge for concatenate
  @Test("the reload answers before the save")
  func merge() async {
    let clock = TestClock()
    let save = Answers<Int>()
    let reload = Answers<Int>()
    let store = TestStore(
      initialState: SaveThenReload.State(
        isSaving: false, isReloading: false, reloadsBeforeSaved: 0),
      reducer: SaveThenReload(fixed: false)
    ) {
      $0.continuousClock = clock
      $0.corpus.save = { try await save.next() }
      $0.corpus.reload = { try await reload.next() }
    }
    store.exhaustivity = .off
    await store.send(.save)
    await reload.answer(call: 0, .success(0))
    await store.skipReceivedActions(strict: false)
    // invariant "the reload comes after the save" does not hold after the store reduced .reloaded(0) (sent by an effect) at step 2
    #expect(store.state.reloadsBeforeSaved == 1)
  }

  // printed: row effect outlives removal
  @Test("a reminder answers a removed row")
  func rowEffect() async {
    await withKnownIssue("the store reports the action for a missing element") {
      let clock = TestClock()
      let store = TestStore(
        initialState: ReminderList.State(rows: [], nextID: 0), reducer: ReminderList(fixed: false)
      ) {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off
      await store.send(.add)
      await store.send(.remind(1))
      await store.send(.remove(1))
      // every effect settles:
      await clock.advance(by: .seconds(1))
      await store.skipReceivedActions(strict: false)
      // an effect misbehaved: A "forEach" at "Bench/EffectCorpus+Rows.swift:62" received an action for a missing element, and dropped it. Action: ReminderList.Action.rows(.element(id: 1, action: .reminded)). This is generally considered an application logic error, and can happen for a few reasons: • A parent reducer removed an element with this id before this reducer ran. This reducer must run before any other reducer removes an element, which ensures that element reducers can handle their actions while their state is still available (`forEach` runs the element's reducer before the parent's; a reducer that runs before it must not remove elements). • An in-flight effect sent this action when the collection held no element with this id. The effects an element's own reducer started are cancelled when it is removed; cancel an effect of the parent that answers an element before removing it. • This action was sent to the store while its state held no element with this id. To fix, send element actions only through the store `scope(forEach:action:id:)` returned while the element existed. while the effects settled
    }
  }

  // printed: older save answers last
  @Test("the older save fails last and hides the name the server saved")
  func olderSave() async {
    let clock = TestClock()
    let saveName = Answers<String>()
    let store = TestStore(
      initialState: OptimisticRename.State(name: "", latest: 0, latestName: "", latestSaved: false),
      reducer: OptimisticRename(fixed: false) { !$0.isEmpty }
    ) {
      $0.continuousClock = clock
      $0.corpus.saveName = { _ in try await saveName.next() }
    }
    store.exhaustivity = .off
    await store.send(.rename("a"))
    await store.send(.rename("b"))
    await saveName.answer(call: 1, .success("b"))
    await saveName.answer(call: 0, .failure(CorpusFailure()))
    await store.skipReceivedActions(strict: false)
    // invariant "a failed save never hides a name the server saved" does not hold after the store reduced .failed(request: 1, previous: "") (sent by an effect) at step 4
    #expect(store.state.name == "" && store.state.latestSaved)
  }

  // printed: reset leaves a timer running
  @Test("after a reset two timers tick")
  func stopwatch() async {
    let clock = TestClock()
    let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch(fixed: false)) {
      $0.tickInterval = .seconds(1)
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.start)
    await store.send(.reset)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions(strict: false)
    // invariant "each tick is the next second of the running stopwatch" does not hold after the store reduced .tick(1) (sent by an effect) at step 3
    #expect(store.state.strayTicks == 1)
  }
}
