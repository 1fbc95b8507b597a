import Foundation
import StoreTesting
import Testing

// The examples of docs/property-testing.md, "Effects and schedules", compiled and run here
// (DocSnippetTests checks that the document shows exactly these regions).

struct SearchClient: Sendable {
  var search: @Sendable (String) async throws -> [String]
}

enum SearchClientKey: DependencyKey {
  static let liveValue = SearchClient { _ in [] }
  static let testValue = liveValue
}

extension DependencyValues {
  var search: SearchClient {
    get { self[SearchClientKey.self] }
    set { self[SearchClientKey.self] = newValue }
  }
}

// snippet: effect-property
struct Search: Reducer {
  struct State: Equatable, Sendable {
    var query = ""
    var results: [String] = []
    var resultsQuery = ""
  }

  enum Action: Equatable, Sendable {
    case queryChanged(String)
    case answered(query: String, [String])
  }

  @Dependency(\.search) var search

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run { [search] send in
        let results = (try? await search.search(query)) ?? []
        await send(.answered(query: query, results))
      }  // the bug: an older search is not cancelled
    case .answered(let query, let results):
      state.results = results
      state.resultsQuery = query
      return .none
    }
  }
}

var searchProperty: EffectProperty<Search> {
  EffectProperty(Search(), initialState: Search.State())
    .action("type") { _ in Gen.element(of: ["a", "b"]).map(Search.Action.queryChanged) }
    .answering(
      "search", values: Gen.element(of: [["x"], []]), failures: .just(URLError(.timedOut)),
      code: "$0.search = SearchClient { _ in try await search.next() }"
    ) { dependencies, call in
      dependencies.search = SearchClient { _ in try await call() }
    }
    .eventually("the results are those of the last query") { $0.resultsQuery == $0.query }
}

@MainActor
func checkSearch() async {
  await searchProperty.check()  // in an async test: reports to XCTest or Swift Testing
}
// snippet: end

/// The report `searchProperty` gives from seed 1, as the document shows it.
let searchPropertyReport = """
  Property failed: "the results are those of the last query" does not hold once every effect has settled

  Simplest failing schedule, as a TestStore test (in an async test on the main actor) (found after 8 passing examples, shrunk in 72 runs):
    let clock = TestClock()
    let search = Answers<Array<String>>()
    let store = TestStore(initialState: Search.State(query: "", results: [], resultsQuery: ""), reducer: Search()) {
      $0.continuousClock = clock
      $0.search = SearchClient { _ in try await search.next() }
    }
    store.exhaustivity = .off
    await store.send(.queryChanged("a"))
    await store.send(.queryChanged("b"))
    await search.answer(call: 1, .success(["x"]))
    // every effect settles:
    await search.answer(call: 0, .success(["x"]))
    await store.skipReceivedActions(strict: false)
    // "the results are those of the last query" does not hold once every effect has settled

  Tested: 9 examples.
  Run exactly this input once: pass .replay("1.EAEAAAEAAQEBAQAAAA") as the check's settings.
  Search again from seed 1: pass .seed(1), or set UNIFLOW_PROPERTY_SEED=1.
  """

// snippet: effect-counterexample
@Test("an older search's results overwrite the newer one's") @MainActor
func olderSearchOverwritesNewer() async {
  let clock = TestClock()
  let search = Answers<Array<String>>()
  let store = TestStore(
    initialState: Search.State(query: "", results: [], resultsQuery: ""), reducer: Search()
  ) {
    $0.continuousClock = clock
    $0.search = SearchClient { _ in try await search.next() }
  }
  store.exhaustivity = .off
  await store.send(.queryChanged("a"))
  await store.send(.queryChanged("b"))
  await search.answer(call: 1, .success(["x"]))
  // every effect settles:
  await search.answer(call: 0, .success(["x"]))
  await store.skipReceivedActions(strict: false)
  // "the results are those of the last query" does not hold once every effect has settled
  #expect(store.state.resultsQuery == "a")  // the bug, reproduced; once fixed, "b"
}
// snippet: end

@MainActor
@Suite("The effect property example of the documentation")
struct EffectSchedulesDocTests {
  @Test("the search property fails with the report the document shows")
  func reportIsDocumented() async {
    let result = await searchProperty.check(.seed(1), reportFailure: { _ in })
    #expect(result.message == searchPropertyReport)
  }
}
