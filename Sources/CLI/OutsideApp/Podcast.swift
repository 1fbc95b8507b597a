import Store

/// A podcast player written as the docs teach, against the public products only: its episodes
/// as rows (`forEach`), the player and the search as optional children (`ifLet`), the library
/// as an enum child (`Scope` into a feature with `ifCaseLet`), every case named once in
/// `AllCasePaths` with `ActionCase(Action.x)`. The benchmarks measure it beside the demo app.
public struct Podcast: Reducer {
  public struct State: Equatable, Sendable, Codable {
    public var episodes: IdentifiedArrayOf<Episode.State> = []
    public var player: Player.State?
    public var search: Search.State?
    public var library = Library.State.browsing
    public var nextID = 0
    public init() {}
  }

  public enum Action: Equatable, Sendable, CasePathable {
    case added(title: String, seconds: Int)
    case removed(Int)
    case played(Int)
    case stopped
    case searchTapped
    case searchClosed
    case episodes(IdentifiedAction<Int, Episode.Action>)
    case player(Player.Action)
    case search(Search.Action)
    case library(Library.Action)

    /// Each case with a child's actions, named once.
    public struct AllCasePaths: Sendable {
      public let episodes = ActionCase(Action.episodes)
      public let player = ActionCase(Action.player)
      public let search = ActionCase(Action.search)
      public let library = ActionCase(Action.library)
    }
    public static let allCasePaths = AllCasePaths()
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    CombineReducers {
      Scope(state: \State.library, action: \.library) { Library() }
      Reduce(Self.core)
    }
    .forEach(\.episodes, action: \.episodes) { Episode() }
    .ifLet(\.player, action: \.player) { Player() }
    .ifLet(\.search, action: \.search) { Search() }
  }

  /// The list's own rules.
  static func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .added(let title, let seconds):
      state.nextID += 1
      state.episodes.append(Episode.State(id: state.nextID, title: title, seconds: seconds))
    case .removed(let id):
      state.episodes.remove(id: id)
      if state.player?.episodeID == id { state.player = nil }
    case .played(let id):
      if state.episodes[id: id] != nil { state.player = Player.State(episodeID: id) }
    case .stopped:
      state.player = nil
    case .searchTapped:
      state.search = Search.State()
    case .searchClosed:
      state.search = nil
    case .search(.query(let query)):
      let found = state.episodes.filter { $0.title.contains(query) }.map(\.id)
      state.search?.matches = Array(found.prefix(10))
    case .episodes, .player, .search, .library:
      break
    }
    return .none
  }
}
