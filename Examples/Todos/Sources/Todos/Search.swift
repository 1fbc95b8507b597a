import Store

/// A search field: suggestions for the typed text, asked for once typing pauses.
///
/// Each keystroke restarts a 300 ms debounce, and a new query cancels the request of the one
/// before, so only the last query's answer ever lands.
public struct Search: Reducer, Sendable {
  public struct State: Equatable, Sendable, Codable {
    public var query = ""
    public var suggestions: [String] = []
    public var isSearching = false
    public var failure: String?
    public init() {}
  }

  public enum Action: Equatable, Sendable, Codable, CasePathable {
    case queryChanged(String)
    case answered([String])
    case failed(String)

    /// The cases, named once: `\.search.answered` from the app's action.
    public struct AllCasePaths: Sendable {
      public let queryChanged = ActionCase(Action.queryChanged)
      public let answered = ActionCase(Action.answered)
      public let failed = ActionCase(Action.failed)
    }
    public static let allCasePaths = AllCasePaths()
  }

  enum CancelID { case search }

  /// How long typing must pause before the search runs.
  public static let pause = Duration.milliseconds(300)

  @Dependency(\.searchClient) var searchClient
  @Dependency(\.continuousClock) var clock

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      state.failure = nil
      guard !query.isEmpty else {
        state.suggestions = []
        state.isSearching = false
        return .cancel(id: CancelID.search)
      }
      state.isSearching = true
      return .run { [searchClient] send in
        do {
          await send(.answered(try await searchClient.search(query)))
        } catch is CancellationError {
        } catch {
          await send(.failed("\(error)"))
        }
      }
      .debounce(id: CancelID.search, for: Self.pause, clock: clock)
    case .answered(let suggestions):
      state.isSearching = false
      state.suggestions = suggestions
      return .none
    case .failed(let message):
      state.isSearching = false
      state.failure = message
      return .none
    }
  }
}
