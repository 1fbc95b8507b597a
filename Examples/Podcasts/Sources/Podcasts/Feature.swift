import Foundation
import Store

/// The app: episodes that download (each row a feature of its own, by id), a player that is
/// there while something plays, and a search sheet, one of the destinations the app presents.
public struct Feature: Reducer {
  public struct State: Codable, Equatable, Sendable {
    public var episodes: IdentifiedArrayOf<Episode.State> = []
    public var player: Player.State?
    public var destination: Destination.State?
    public var nextID = 1
    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable, CasePathable {
    case added(title: String)
    case removed(id: Int)
    case moved(from: Int, to: Int)
    case episodes(IdentifiedAction<Int, Episode.Action>)
    case playTapped(id: Int)
    case player(Player.Action)
    case searchTapped
    case destination(Destination.Action)

    /// Each case with a child's actions, named once.
    public struct AllCasePaths: Sendable {
      public let episodes = ActionCase(Action.episodes)
      public let player = ActionCase(Action.player)
      public let destination = ActionCase(Action.destination)
    }
    public static let allCasePaths = AllCasePaths()
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce(Self.core)
      .forEach(\.episodes, action: \.episodes) { Episode() }
      .ifLet(\.player, action: \.player) { Player() }
      .ifLet(\.destination, action: \.destination) { Destination() }
  }

  static func core(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .added(let title):
      state.episodes.append(Episode.State(id: state.nextID, title: title))
      state.nextID += 1
    case .removed(let id):
      state.episodes.remove(id: id)
      if state.player?.episode == id { state.player = nil }
    case .moved(let from, let to):
      guard state.episodes.indices.contains(from), state.episodes.indices.contains(to) else {
        break
      }
      let episode = state.episodes.remove(at: from)
      _ = state.episodes.insert(episode, at: to)
    case .playTapped(let id):
      guard state.episodes[id: id] != nil else { break }
      state.player = Player.State(episode: id)
    case .player(.closed):
      state.player = nil
    case .searchTapped:
      state.destination = .search(Search.State())
    case .destination(.search(.picked(let title))):
      state.episodes.append(Episode.State(id: state.nextID, title: title))
      state.nextID += 1
      state.destination = nil
    case .destination(.search(.dismissed)):
      state.destination = nil
    case .episodes, .player, .destination:
      break
    }
    return .none
  }
}
