import ActionLog
import Foundation
import OutsideApp
import PropertyTesting
import Store

/// The podcast's actions as a user's session makes them — every one valid in the state it is
/// sent in (a row that exists, a player that plays), so none is refused or reported — from a
/// fixed seed: the log the bench records and replays, and the REPL session it types.
struct PodcastSamples {
  private var random: SplitMix64
  private(set) var state = Podcast.State()
  private let reducer = Podcast()

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// The next action, applied to ``state``.
  mutating func next() -> Podcast.Action {
    let action = make()
    reducer.reduceDroppingEffects(into: &state, action: action)
    return action
  }

  private mutating func make() -> Podcast.Action {
    let ids = state.episodes.ids
    let kind = random.below(100)
    if ids.count < 8 || kind < 6 && ids.count < 40 {
      return .added(title: "Episode \(state.nextID + 1)", seconds: 600 + random.below(3_600))
    }
    let id = ids[random.below(ids.count)]
    switch kind {
    case ..<9: return .removed(id)
    case ..<17: return .played(id)
    case ..<27: return .episodes(.element(id: id, action: .favoriteTapped))
    case ..<42: return .episodes(.element(id: id, action: .listened(seconds: random.below(300))))
    case ..<45: return .episodes(.element(id: id, action: .renamed("Episode \(id) (edited)")))
    case ..<60:
      guard state.player != nil else { return .played(id) }
      switch random.below(4) {
      case 0: return .player(.togglePlaying)
      case 1: return .player(.speed([1, 1.25, 1.5, 2][random.below(4)]))
      case 2: return .stopped
      default: return .player(.skip(seconds: random.below(61) - 30))
      }
    case ..<72:
      guard state.search != nil else { return .searchTapped }
      switch random.below(5) {
      case 0: return .searchClosed
      case 1: return .search(.matched(Array(ids.prefix(random.below(4)))))
      default: return .search(.query("Episode \(random.below(40))"))
      }
    default:
      guard case .downloading(let download) = state.library else {
        return .library(.download(episodeID: id))
      }
      switch random.below(6) {
      case 0: return .library(.cancel)
      case 1: return .library(.downloading(.finished))
      default:
        return .library(.downloading(.progressed(percent: min(100, download.percent + 10))))
      }
    }
  }

  /// The command a user types for `action`, where the console has one.
  static func command(for action: Podcast.Action) -> String? {
    switch action {
    case .added(let title, _): "add \(title)"
    case .removed(let id): "remove \(id)"
    case .played(let id): "play \(id)"
    case .stopped: "stop"
    case .searchTapped: "search"
    case .episodes(.element(let id, .favoriteTapped)): "favorite \(id)"
    case .episodes(.element(let id, .listened(let seconds))): "listen \(id) \(seconds)"
    case .player(.skip(let seconds)): "skip \(seconds)"
    case .player(.togglePlaying): "pause"
    case .search(.query(let text)): "find \(text)"
    case .library(.download(let id)): "download \(id)"
    case .library(.cancel): "cancel"
    default: nil
    }
  }

  /// A scripted session of `count` commands; the console's own reducer sends them, so the
  /// samples' state follows only the actions that have a command.
  static func commands(_ count: Int) -> [String] {
    var samples = PodcastSamples(seed: 9)
    var commands: [String] = []
    commands.reserveCapacity(count)
    while commands.count < count {
      let action = samples.make()
      guard let command = command(for: action) else { continue }
      samples.reducer.reduceDroppingEffects(into: &samples.state, action: action)
      commands.append(command)
    }
    return commands
  }

  /// Records `count` of the samples to `path`, each applied and written as a live store with a
  /// recording does.
  static func record(_ count: Int, to path: String) throws(ActionLogError) {
    var samples = PodcastSamples(seed: 1)
    let recorder = try ActionLogRecorder<Podcast.State, Podcast.Action>(
      path: path, overwrite: true, settings: [LogSetting("app", "podcasts 1.0.0")],
      state: samples.state)
    for _ in 0..<count {
      let action = samples.next()
      try recorder.record(action, origin: .sent, state: samples.state)
    }
    try recorder.finish(state: samples.state)
  }
}
