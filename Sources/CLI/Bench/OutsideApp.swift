import Store

/// A podcast player written as an outside app writes one from the docs, with the public API
/// only: `Reducer` structs, `CasePathable` enums whose cases are named once by their
/// constructors (`ActionCase(Action.x)`), children composed by key path — a collection
/// (`forEach`), two optional children (`ifLet`), an enum child (`ifCaseLet` under a `Scope`) and
/// a plain `Scope`. ``OutsideRoutingBench`` routes actions through it, and through the same
/// reducers composed with hand-written extractors (``HandWritten``).
enum OutsideApp {
  struct Episode: Reducer {
    struct State: Identifiable, Equatable, Sendable, Codable {
      let id: Int
      var title: String
      var progress = 0.0
      var plays = 0
      var downloadedBytes = 0
    }

    enum Action: Equatable, Sendable, CasePathable {
      case playTapped
      case progressed(Double)
      case downloaded(url: String, bytes: Int)

      struct AllCasePaths: Sendable {
        let playTapped = ActionCase(Action.playTapped)
        let progressed = ActionCase(Action.progressed)
        let downloaded = ActionCase(Action.downloaded)
      }
      static let allCasePaths = AllCasePaths()
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .playTapped: state.plays += 1
      case .progressed(let progress): state.progress = progress
      case .downloaded(_, let bytes): state.downloadedBytes = bytes
      }
      return .none
    }
  }

  /// The player: present while an episode plays; `Identifiable` by its episode.
  struct Player: Reducer {
    struct State: Identifiable, Equatable, Sendable, Codable {
      var id: Int
      var position = 0.0
      var isPlaying = true
      var seeks = 0
    }

    enum Action: Equatable, Sendable, CasePathable {
      case seek(Double)
      case pauseTapped

      struct AllCasePaths: Sendable {
        let seek = ActionCase(Action.seek)
        let pauseTapped = ActionCase(Action.pauseTapped)
      }
      static let allCasePaths = AllCasePaths()
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .seek(let position):
        state.position = position
        state.seeks += 1
      case .pauseTapped: state.isPlaying.toggle()
      }
      return .none
    }
  }

  /// The search field: present while searching.
  struct Search: Reducer {
    struct State: Equatable, Sendable, Codable {
      var query = ""
      var resultCount = 0
    }

    enum Action: Equatable, Sendable, CasePathable {
      case answered(count: Int)
      case cleared

      struct AllCasePaths: Sendable {
        let answered = ActionCase(Action.answered)
        let cleared = ActionCase(Action.cleared)
      }
      static let allCasePaths = AllCasePaths()
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .answered(let count): state.resultCount = count
      case .cleared: state.query = ""
      }
      return .none
    }
  }

  /// A shelf of the library, while it is loaded.
  struct Shelf: Reducer {
    struct State: Equatable, Sendable, Codable {
      var sort = 0
      var changes = 0
    }

    enum Action: Equatable, Sendable, CasePathable {
      case sortChanged(Int)

      struct AllCasePaths: Sendable {
        let sortChanged = ActionCase(Action.sortChanged)
      }
      static let allCasePaths = AllCasePaths()
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .sortChanged(let sort) = action {
        state.sort = sort
        state.changes += 1
      }
      return .none
    }
  }

  /// The library: an enum state, loading or loaded; its shelf runs while it is loaded.
  enum Library {
    enum State: Equatable, Sendable, Codable, CasePathable {
      case loading
      case loaded(Shelf.State)

      struct AllCasePaths: Sendable {
        let loading = CasePath(State.loading)
        let loaded = CasePath(State.loaded)
      }
      static let allCasePaths = AllCasePaths()
    }

    enum Action: Equatable, Sendable, CasePathable {
      case shelf(Shelf.Action)
      case reload

      struct AllCasePaths: Sendable {
        let shelf = ActionCase(Action.shelf)
        let reload = ActionCase(Action.reload)
      }
      static let allCasePaths = AllCasePaths()
    }

    static func core(_ state: inout State, _ action: Action) -> Effect<Action> {
      if case .reload = action { state = .loaded(Shelf.State()) }
      return .none
    }
  }

  struct Settings: Reducer {
    struct State: Equatable, Sendable, Codable {
      var speed = 1.0
      var skipSeconds = 30
    }

    enum Action: Equatable, Sendable, CasePathable {
      case speedChanged(Double)
      case skipChanged(Int)

      struct AllCasePaths: Sendable {
        let speedChanged = ActionCase(Action.speedChanged)
        let skipChanged = ActionCase(Action.skipChanged)
      }
      static let allCasePaths = AllCasePaths()
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .speedChanged(let speed): state.speed = speed
      case .skipChanged(let seconds): state.skipSeconds = seconds
      }
      return .none
    }
  }

  struct State: Equatable, Sendable, Codable {
    var episodes: IdentifiedArrayOf<Episode.State> = []
    var player: Player.State?
    var search: Search.State?
    var library = Library.State.loaded(Shelf.State())
    var settings = Settings.State()
    var ticks = 0
  }

  enum Action: Equatable, Sendable, CasePathable {
    case episodes(IdentifiedAction<Int, Episode.Action>)
    case player(Player.Action)
    case search(Search.Action)
    case library(Library.Action)
    case settings(Settings.Action)
    case tick
    case playerClosed

    struct AllCasePaths: Sendable {
      let episodes = ActionCase(Action.episodes)
      let player = ActionCase(Action.player)
      let search = ActionCase(Action.search)
      let library = ActionCase(Action.library)
      let settings = ActionCase(Action.settings)
      let tick = ActionCase(Action.tick)
      let playerClosed = ActionCase(Action.playerClosed)
    }
    static let allCasePaths = AllCasePaths()
  }

  /// The app's own rules, after its children's.
  static func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .tick: state.ticks += 1
    case .playerClosed: state.player = nil
    case .episodes, .player, .search, .library, .settings: break
    }
    return .none
  }

  /// The app as the docs write it: every case named by key path.
  static func keyPathReducer() -> some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \State.settings, action: \.settings) { Settings() }
      Scope(state: \State.library, action: \.library) {
        Reduce(Library.core).ifCaseLet(\.loaded, action: \.shelf) { Shelf() }
      }
      Reduce(core)
    }
    .forEach(\.episodes, action: \.episodes) { Episode() }
    .ifLet(\.player, action: \.player) { Player() }
    .ifLet(\.search, action: \.search) { Search() }
  }

  /// The same reducers composed with hand-written extractors (``HandWritten``).
  static func handWrittenReducer() -> some Reducer<State, Action> {
    CombineReducers {
      Scope(state: \State.settings, action: HandWritten.settings) { Settings() }
      Scope(state: \State.library, action: HandWritten.library) {
        Reduce(Library.core).ifCaseLet(HandWritten.loaded, action: HandWritten.shelf) { Shelf() }
      }
      Reduce(core)
    }
    .forEach(\.episodes, action: HandWritten.episodes) { Episode() }
    .ifLet(\.player, action: HandWritten.player) { Player() }
    .ifLet(\.search, action: HandWritten.search) { Search() }
  }

  /// The cases the app routes by, each a pattern match written out.
  enum HandWritten {
    static let episodes = ActionCase<Action, IdentifiedAction<Int, Episode.Action>>(
      embed: Action.episodes
    ) { if case .episodes(let action) = $0 { action } else { nil } }
    static let player = ActionCase<Action, Player.Action>(embed: Action.player) {
      if case .player(let action) = $0 { action } else { nil }
    }
    static let search = ActionCase<Action, Search.Action>(embed: Action.search) {
      if case .search(let action) = $0 { action } else { nil }
    }
    static let library = ActionCase<Action, Library.Action>(embed: Action.library) {
      if case .library(let action) = $0 { action } else { nil }
    }
    static let settings = ActionCase<Action, Settings.Action>(embed: Action.settings) {
      if case .settings(let action) = $0 { action } else { nil }
    }
    static let shelf = ActionCase<Library.Action, Shelf.Action>(embed: Library.Action.shelf) {
      if case .shelf(let action) = $0 { action } else { nil }
    }
    static let loaded = CasePath<Library.State, Shelf.State>(embed: Library.State.loaded) {
      if case .loaded(let shelf) = $0 { shelf } else { nil }
    }
  }

  /// A library of `episodes` episodes, the player and the search open.
  static func initialState(episodes: Int) -> State {
    var state = State()
    state.episodes = IdentifiedArray(
      uniqueElements: (0..<episodes).map { Episode.State(id: $0, title: "Episode \($0)") })
    state.player = Player.State(id: episodes / 2)
    state.search = Search.State(query: "swift")
    return state
  }
}
