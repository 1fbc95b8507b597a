import PropertyTesting
import Store

/// Searches, each answered by `fetch`. Planted bug: an answer to an older search overwrites the
/// newer one's (no request number checked, nothing cancelled). Ideal counterexample: search
/// "a", search "b", the second answers first, then the first.
struct StaleSearch: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var query: String?
    var request = 0
    var shown: String?
  }

  enum Action: Equatable, Sendable {
    case search(String)
    case answered(request: Int, query: String, Int)
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .search(let query):
      state.query = query
      state.request += 1
      let request = state.request
      return .run { [corpus] send in
        let value = try await corpus.fetch(query)
        await send(.answered(request: request, query: query, value))
      } catch: { _, send in
        await send(.answered(request: request, query: query, -1))
      }
    case .answered(let request, let query, _):
      if fixed, request != state.request { return .none }
      state.shown = query
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<StaleSearch> {
    EffectProperty(StaleSearch(fixed: fixed), initialState: State())
      .action("search") { _ in Gen.element(of: ["a", "b"]).map(Action.search) }
      .answeringFetch()
      .eventually("the screen shows the last search") { $0.shown == $0.query }
  }
}

/// Loads that each start a request under one id. Planted bug: `cancelInFlight` forgotten, so a
/// second load leaves the first request running and both answer. Ideal counterexample: load
/// twice; settling answers both.
struct DoubleLoad: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isLoading = false
    var unexpectedAnswers = 0
  }

  enum Action: Equatable, Sendable {
    case load
    case loaded(Int)
  }

  enum CancelID { case load }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .load:
      state.isLoading = true
      return .run { [corpus] send in
        await send(.loaded(try await corpus.fetch("load")))
      } catch: { _, send in
        await send(.loaded(-1))
      }
      .cancellable(id: CancelID.load, cancelInFlight: fixed)
    case .loaded:
      if !state.isLoading { state.unexpectedAnswers += 1 }
      state.isLoading = false
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<DoubleLoad> {
    EffectProperty(DoubleLoad(fixed: fixed), initialState: State())
      .action("load") { _ in .just(.load) }
      .answeringFetch()
      .invariant("no answer arrives while nothing loads") { $0.unexpectedAnswers == 0 }
  }
}

/// A search box whose search waits until typing pauses for 300 ms. Planted bug: the delay is a
/// plain sleep in a cancellable effect without `cancelInFlight`, so every keystroke's search
/// runs. Ideal counterexample: type "a", type "b"; settling moves the clock, and the search
/// for "a" fires while the box says "b".
struct DebouncedSearch: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var query = ""
    var staleSearches = 0
  }

  enum Action: Equatable, Sendable {
    case type(String)
    case searching(String)
  }

  enum CancelID { case search }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .type(let query):
      state.query = query
      if fixed {
        return .send(.searching(query))
          .debounce(id: CancelID.search, for: .milliseconds(300), clock: clock)
      }
      return .run { [clock] send in
        try await clock.sleep(for: .milliseconds(300))
        await send(.searching(query))
      }
      .cancellable(id: CancelID.search)
    case .searching(let query):
      if query != state.query { state.staleSearches += 1 }
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<DebouncedSearch> {
    EffectProperty(DebouncedSearch(fixed: fixed), initialState: State())
      .action("type") { _ in Gen.element(of: ["a", "b"]).map(Action.type) }
      .invariant("only the query in the box is searched") { $0.staleSearches == 0 }
  }
}
