import Store

/// The destinations the app presents, one at a time: for now, the search sheet.
public struct Destination: Reducer {
  public enum State: Codable, Equatable, Sendable {
    case search(Search.State)
  }

  public enum Action: Codable, Equatable, Sendable {
    case search(Search.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    EmptyReducer<State, Action>()
      .ifCaseLet(ActionCase(State.search), action: ActionCase(Action.search)) { Search() }
  }
}

/// The search sheet: what is typed, and the titles the ``SearchClient`` finds for it.
public struct Search: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var query = ""
    public var results: [String] = []
    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable {
    case queryChanged(String)
    case answered([String])
    case picked(String)
    case dismissed
  }

  @Dependency(\.searchClient) var searchClient

  public init() {}

  private struct Searching: Hashable, Sendable {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      guard !query.isEmpty else {
        state.results = []
        return .cancel(id: Searching())
      }
      return .run { [searchClient] send in
        await send(.answered(try await searchClient.search(query)))
      }
      .cancellable(id: Searching(), cancelInFlight: true)
    case .answered(let results):
      state.results = results
    case .picked, .dismissed:
      break
    }
    return .none
  }
}
