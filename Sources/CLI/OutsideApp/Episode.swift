import Store

/// One episode of the podcast: a row of the list, a child feature of its own.
public struct Episode: Reducer {
  public struct State: Equatable, Sendable, Codable, Identifiable {
    public var id: Int
    public var title: String
    public var seconds: Int
    public var listened = 0
    public var isFavorite = false

    public init(id: Int, title: String, seconds: Int) {
      self.id = id
      self.title = title
      self.seconds = seconds
    }
  }

  public enum Action: Equatable, Sendable {
    case favoriteTapped
    case listened(seconds: Int)
    case renamed(String)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .favoriteTapped:
      state.isFavorite.toggle()
    case .listened(let seconds):
      state.listened = min(state.seconds, max(0, state.listened + seconds))
    case .renamed(let title):
      state.title = title
    }
    return .none
  }
}

/// The player of the episode playing: an optional child, there while an episode plays.
public struct Player: Reducer {
  public struct State: Equatable, Sendable, Codable {
    public var episodeID: Int
    public var position = 0
    public var isPlaying = true
    public var speed = 1.0

    public init(episodeID: Int) {
      self.episodeID = episodeID
    }
  }

  public enum Action: Equatable, Sendable {
    case togglePlaying
    case skip(seconds: Int)
    case speed(Double)
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .togglePlaying:
      state.isPlaying.toggle()
    case .skip(let seconds):
      state.position = max(0, state.position + seconds)
    case .speed(let speed):
      state.speed = speed
    }
    return .none
  }
}

/// The search field: an optional child, there while searching.
public struct Search: Reducer {
  public struct State: Equatable, Sendable, Codable {
    public var query = ""
    public var matches: [Int] = []
    public init() {}
  }

  public enum Action: Equatable, Sendable {
    case query(String)
    case matched([Int])
  }

  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .query(let query): state.query = query
    case .matched(let ids): state.matches = ids
    }
    return .none
  }
}
