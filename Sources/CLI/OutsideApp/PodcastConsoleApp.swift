import Console
import Store

/// The podcast on the console: its name, reducer, screens and grammar, as an app outside
/// Uniflow writes them. `uniflow-bench` drives its REPL and replays its logs.
public struct PodcastConsoleApp: ConsoleApp {
  public init() {}

  public var name: String { "podcasts" }
  public var version: String { "1.0.0" }
  public var reducer: Podcast { Podcast() }

  public func screens(of state: Podcast.State) -> [ConsoleScreen] {
    let episodes = state.episodes.map {
      "\($0.id) \($0.title) \($0.listened)/\($0.seconds) s" + ($0.isFavorite ? " ★" : "")
    }
    let player =
      state.player.map {
        "\($0.episodeID) at \($0.position) s ×\($0.speed)" + ($0.isPlaying ? "" : " paused")
      }
      ?? "stopped"
    let search = state.search.map { "\($0.query) → \($0.matches.count)" } ?? "closed"
    let library: String
    switch state.library {
    case .browsing: library = "browsing"
    case .downloading(let download): library = "\(download.episodeID) \(download.percent)%"
    }
    return [
      ConsoleScreen(
        "episodes", "\(state.episodes.count): " + episodes.suffix(3).joined(separator: ", ")),
      ConsoleScreen("player", player), ConsoleScreen("search", search),
      ConsoleScreen("library", library),
    ]
  }

  /// The commands, as data: the console parses them, suggests, explains and reports errors.
  public var commands: [ActionCommand<Podcast.Action>] {
    let id = CommandArgument.integer("ID", in: 1...Int.max)
    let seconds = CommandArgument.integer("SECONDS", in: -86_400...86_400)
    return [
      ActionCommand("add", .rest("TITLE"), summary: "add an episode", example: "add Pilot") {
        .added(title: $0.text("TITLE"), seconds: 1_800)
      },
      ActionCommand("remove", id, summary: "remove an episode", example: "remove 1") {
        .removed($0.integer("ID"))
      },
      ActionCommand("play", id, summary: "play an episode", example: "play 1") {
        .played($0.integer("ID"))
      },
      ActionCommand("stop", summary: "stop playing", example: "stop") { _ in .stopped },
      ActionCommand("favorite", id, summary: "mark an episode a favourite", example: "favorite 1") {
        .episodes(.element(id: $0.integer("ID"), action: .favoriteTapped))
      },
      ActionCommand(
        "listen", id, seconds, summary: "count seconds listened", example: "listen 1 60"
      ) {
        .episodes(.element(id: $0.integer("ID"), action: .listened(seconds: $0.integer("SECONDS"))))
      },
      ActionCommand("skip", seconds, summary: "skip in the playing episode", example: "skip 30") {
        .player(.skip(seconds: $0.integer("SECONDS")))
      },
      ActionCommand("pause", summary: "pause or resume", example: "pause") { _ in
        .player(.togglePlaying)
      },
      ActionCommand("search", summary: "open the search", example: "search") { _ in .searchTapped },
      ActionCommand("find", .rest("TEXT"), summary: "search titles", example: "find Pilot") {
        .search(.query($0.text("TEXT")))
      },
      ActionCommand("download", id, summary: "download an episode", example: "download 1") {
        .library(.download(episodeID: $0.integer("ID")))
      },
      ActionCommand("cancel", summary: "cancel the download", example: "cancel") { _ in
        .library(.cancel)
      },
    ]
  }

  public func rejection(of action: Podcast.Action, in state: Podcast.State) -> String? {
    switch action {
    case .removed(let id), .played(let id), .episodes(.element(let id, _)),
      .library(.download(let id)):
      state.episodes[id: id] == nil ? "no episode \(id)" : nil
    case .player where state.player == nil: "nothing is playing: play ID first"
    case .search where state.search == nil: "the search is closed: search first"
    default: nil
    }
  }
}
