import Foundation
import Store

/// The cost of routing an action through an outside app's reducer tree (``OutsideApp``: a
/// collection through `forEach`, two `ifLet`s, an enum child through `ifCaseLet` under a `Scope`,
/// and a `Scope`), its cases named by key path as the docs teach, against the same reducers with
/// hand-written extractors: issue 31's goal is key path ÷ hand-written ≤ 1.3 for an action into
/// a child and ≤ 1.1 for an action no child takes.
@MainActor
enum OutsideRoutingBench {
  /// What is routed: one kind of action, sent through the root store.
  enum Route: CaseIterable {
    /// An action to one episode (the middle one) of the collection.
    case collection
    /// An action to the player, the first `ifLet`'s child.
    case optionalChild
    /// An action no child takes (`.tick`: the app's own reducer alone).
    case noChild
    /// An action to the search, the second `ifLet`'s child (information).
    case secondOptionalChild
    /// An action to the library's shelf, the enum child (information).
    case enumChild
    /// An action to the settings, the `Scope`d child (information).
    case scoped

    /// The target for key path ÷ hand-written, if the issue sets one.
    var target: Double? {
      switch self {
      case .collection, .optionalChild: 1.3
      case .noChild: 1.1
      case .secondOptionalChild, .enumChild, .scoped: nil
      }
    }

    var label: String {
      switch self {
      case .collection: "into the collection (forEach)"
      case .optionalChild: "into an optional child (ifLet)"
      case .noChild: "an action no child takes"
      case .secondOptionalChild: "into the second ifLet's child"
      case .enumChild: "into the enum child (Scope + ifCaseLet)"
      case .scoped: "into the Scope's child"
      }
    }

    var key: String {
      switch self {
      case .collection: "collection"
      case .optionalChild: "optionalChild"
      case .noChild: "noChild"
      case .secondOptionalChild: "secondOptionalChild"
      case .enumChild: "enumChild"
      case .scoped: "scoped"
      }
    }

    /// Eight actions of the route, sent in turn.
    func actions(episodes: Int) -> [OutsideApp.Action] {
      (0..<8).map { index in
        switch self {
        case .collection:
          let action: OutsideApp.Episode.Action =
            index.isMultiple(of: 4) ? .playTapped : .progressed(Double(index) / 8)
          return .episodes(.element(id: episodes / 2, action: action))
        case .optionalChild:
          return .player(index.isMultiple(of: 4) ? .pauseTapped : .seek(Double(index)))
        case .noChild: return .tick
        case .secondOptionalChild: return .search(.answered(count: index))
        case .enumChild: return .library(.shelf(.sortChanged(index)))
        case .scoped: return .settings(.skipChanged(index))
        }
      }
    }
  }

  struct Figures {
    /// ns/action through the key-path tree and the hand-written one, by route.
    var keyPathNs: [Route: Double]
    var handWrittenNs: [Route: Double]
    /// Whether both trees ended in the same state, with every routed action counted where it
    /// belongs.
    var routedCorrectly: Bool
    var episodes: Int

    func ratio(_ route: Route) -> Double {
      (keyPathNs[route] ?? .nan) / (handWrittenNs[route] ?? .nan)
    }
  }

  /// Each figure is the fastest of `rounds` runs of `count` actions (in CPU time), the two trees
  /// and the routes taking turns; a store is built once per tree and route, outside the timing.
  static func run(count: Int = 1_000_000, episodes: Int = 1_000, rounds: Int = 5) -> Figures {
    var keyPath: [Route: Double] = [:]
    var handWritten: [Route: Double] = [:]
    for _ in 0...rounds {  // the first round warms up (the key-path cases learn their tags)
      for route in Route.allCases {
        let actions = route.actions(episodes: episodes)
        let byKeyPath = time(
          Store(
            initialState: OutsideApp.initialState(episodes: episodes),
            reducer: OutsideApp.keyPathReducer()), actions, count)
        let byHand = time(
          Store(
            initialState: OutsideApp.initialState(episodes: episodes),
            reducer: OutsideApp.handWrittenReducer()), actions, count)
        keyPath[route] = min(keyPath[route] ?? .infinity, byKeyPath)
        handWritten[route] = min(handWritten[route] ?? .infinity, byHand)
      }
    }
    return Figures(
      keyPathNs: keyPath, handWrittenNs: handWritten,
      routedCorrectly: routesCorrectly(episodes: episodes), episodes: episodes)
  }

  /// The CPU time of `count` sends, per send: the thread's own time, which a loaded machine's
  /// other processes do not add to (wall-clock figures moved by ±40% between runs at a load
  /// average of 12 on two cores; these, by a few per cent).
  @inline(never)
  private static func time(
    _ store: Store<OutsideApp.State, OutsideApp.Action>, _ actions: [OutsideApp.Action],
    _ count: Int
  ) -> Double {
    let start = threadCPUNanoseconds()
    var next = 0
    for _ in 0..<count {
      store.send(actions[next])
      next = (next + 1) & 7
    }
    let ns = Double(threadCPUNanoseconds() - start) / Double(count)
    DispatchBench.sink &+= store.state.ticks
    return ns
  }

  /// The CPU time this thread has used, in nanoseconds.
  static func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
  }

  /// Sends every route's actions, 10 of each, to both trees: both must end in the same state,
  /// and each child must have counted exactly its own actions.
  static func routesCorrectly(episodes: Int) -> Bool {
    let byKeyPath = Store(
      initialState: OutsideApp.initialState(episodes: episodes),
      reducer: OutsideApp.keyPathReducer())
    let byHand = Store(
      initialState: OutsideApp.initialState(episodes: episodes),
      reducer: OutsideApp.handWrittenReducer())
    for route in Route.allCases {
      for action in route.actions(episodes: episodes) + route.actions(episodes: episodes).prefix(2)
      {
        byKeyPath.send(action)
        byHand.send(action)
      }
    }
    let state = byKeyPath.state
    guard case .loaded(let shelf) = state.library else { return false }
    return state == byHand.state && state.ticks == 10
      && state.episodes[id: episodes / 2]?.plays == 3 && state.player?.seeks == 7
      && state.search?.resultCount == 1 && shelf.changes == 10 && state.settings.skipSeconds == 1
  }
}
