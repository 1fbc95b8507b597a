import ActionLog
import Store

/// The names the podcast's actions have in its log, one a case.
public enum PodcastActionName: String, CaseIterable, Sendable {
  case added, removed, played, stopped
  case searchTapped = "search.open", searchClosed = "search.close"
  case favorite = "episode.favorite", listened = "episode.listened", renamed = "episode.renamed"
  case toggle = "player.toggle", skip = "player.skip", speed = "player.speed"
  case query = "search.query", matched = "search.matched"
  case download = "library.download", progressed = "library.progressed"
  case finished = "library.finished", cancel = "library.cancel"
}

/// How the podcast's actions are written to an action log and read back, through the public
/// `LogLineWriter` and `LogLine` alone: every case with its payload, a row's action with the
/// row's id.
extension Podcast.Action: LoggableAction {
  static let names = LogNames<PodcastActionName>()

  public func encode(to line: inout LogLineWriter) {
    switch self {
    case .added(let title, let seconds):
      line.action(PodcastActionName.added)
      line.string("title", title)
      line.int("seconds", seconds)
    case .removed(let id):
      line.action(PodcastActionName.removed)
      line.int("id", id)
    case .played(let id):
      line.action(PodcastActionName.played)
      line.int("id", id)
    case .stopped: line.action(PodcastActionName.stopped)
    case .searchTapped: line.action(PodcastActionName.searchTapped)
    case .searchClosed: line.action(PodcastActionName.searchClosed)
    case .episodes(.element(let id, let action)):
      switch action {
      case .favoriteTapped: line.action(PodcastActionName.favorite)
      case .listened(let seconds):
        line.action(PodcastActionName.listened)
        line.int("seconds", seconds)
      case .renamed(let title):
        line.action(PodcastActionName.renamed)
        line.string("title", title)
      }
      line.int("id", id)
    case .player(.togglePlaying): line.action(PodcastActionName.toggle)
    case .player(.skip(let seconds)):
      line.action(PodcastActionName.skip)
      line.int("seconds", seconds)
    case .player(.speed(let speed)):
      line.action(PodcastActionName.speed)
      line.double("speed", speed)
    case .search(.query(let query)):
      line.action(PodcastActionName.query)
      line.string("query", query)
    case .search(.matched(let ids)):
      line.action(PodcastActionName.matched)
      line.int("count", ids.count)
      for (index, id) in ids.enumerated() { line.int("id\(index)", id) }
    case .library(.download(let id)):
      line.action(PodcastActionName.download)
      line.int("id", id)
    case .library(.downloading(.progressed(let percent))):
      line.action(PodcastActionName.progressed)
      line.int("percent", percent)
    case .library(.downloading(.finished)): line.action(PodcastActionName.finished)
    case .library(.cancel): line.action(PodcastActionName.cancel)
    }
  }

  public init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.names) {
    case .added:
      let title = try line.string("title")
      self = .added(title: title, seconds: try line.int("seconds"))
    case .removed: self = .removed(try line.int("id"))
    case .played: self = .played(try line.int("id"))
    case .stopped: self = .stopped
    case .searchTapped: self = .searchTapped
    case .searchClosed: self = .searchClosed
    case .favorite: self = .episodes(.element(id: try line.int("id"), action: .favoriteTapped))
    case .listened:
      let seconds = try line.int("seconds")
      self = .episodes(.element(id: try line.int("id"), action: .listened(seconds: seconds)))
    case .renamed:
      let title = try line.string("title")
      self = .episodes(.element(id: try line.int("id"), action: .renamed(title)))
    case .toggle: self = .player(.togglePlaying)
    case .skip: self = .player(.skip(seconds: try line.int("seconds")))
    case .speed: self = .player(.speed(try line.double("speed")))
    case .query: self = .search(.query(try line.string("query")))
    case .matched:
      let count = try line.int("count")
      var ids: [Int] = []
      for index in 0..<max(0, min(count, 100)) { ids.append(try line.int("id\(index)")) }
      self = .search(.matched(ids))
    case .download: self = .library(.download(episodeID: try line.int("id")))
    case .progressed: self = .library(.downloading(.progressed(percent: try line.int("percent"))))
    case .finished: self = .library(.downloading(.finished))
    case .cancel: self = .library(.cancel)
    }
  }
}
