import Store

/// The library's screen, an enum child: browsing, or downloading an episode (a child of its own
/// in that case).
public struct Library: Reducer {
  public enum State: Equatable, Sendable, Codable, CasePathable {
    case browsing
    case downloading(Download.State)

    public struct AllCasePaths: Sendable {
      public let downloading = ActionCase(State.downloading)
    }
    public static let allCasePaths = AllCasePaths()
  }

  public enum Action: Equatable, Sendable, CasePathable {
    case download(episodeID: Int)
    case downloading(Download.Action)
    case cancel

    public struct AllCasePaths: Sendable {
      public let downloading = ActionCase(Action.downloading)
    }
    public static let allCasePaths = AllCasePaths()
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .download(let id):
        state = .downloading(Download.State(episodeID: id))
      case .cancel, .downloading(.finished):
        state = .browsing
      case .downloading:
        break
      }
      return .none
    }
    .ifCaseLet(\.downloading, action: \.downloading) { Download() }
  }
}

/// An episode's download in progress.
public struct Download: Reducer {
  public struct State: Equatable, Sendable, Codable {
    public var episodeID: Int
    public var percent = 0
    public init(episodeID: Int) {
      self.episodeID = episodeID
    }
  }

  public enum Action: Equatable, Sendable {
    case progressed(percent: Int)
    case finished
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .progressed(let percent) = action { state.percent = min(100, max(0, percent)) }
    return .none
  }
}
