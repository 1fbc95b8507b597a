import Store

/// The player, while an episode plays: its position and speed.
public struct Player: Reducer {
  public enum Speed: String, Codable, CaseIterable, Sendable { case slow, normal, fast }

  public struct State: Codable, Equatable, Sendable {
    public var episode: Int
    public var position = 0
    public var speed = Speed.normal
    public init(episode: Int) { self.episode = episode }
  }

  public enum Action: Codable, Equatable, Sendable {
    case seeked(to: Int)
    case speedChanged(Speed)
    case closed
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .seeked(let position): state.position = max(0, position)
    case .speedChanged(let speed): state.speed = speed
    case .closed: break
    }
    return .none
  }
}
