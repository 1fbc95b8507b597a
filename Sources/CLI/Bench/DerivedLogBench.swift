import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import Store

/// The derived action codec's figures (issue 32): a log of 1,000,000 actions of an app whose
/// actions are only `Codable` — each line the action's Swift expression — recorded and replayed
/// in process, beside the same actions through a hand-written codec's reader: the podcast
/// feature of ``DerivedBenchFeature`` (ids, nested children, strings, an optional, a struct
/// now and then), and uniflow's own mixed actions (``AppActionSamples``: places, reports,
/// dates), which are heavier.
enum DerivedLogBench {
  struct Figures {
    /// Recording the podcast actions derived.
    var record: ActionLogBenchmark.Throughput
    /// Replaying them.
    var replay: ActionLogBenchmark.Throughput
    /// uniflow's actions: replayed derived, and replayed with their hand codec.
    var appDerived: ActionLogBenchmark.Throughput
    var appHand: ActionLogBenchmark.Throughput
  }

  static func run(count: Int = 1_000_000) throws(ActionLogError) -> Figures {
    let path = ActionLogBenchmark.temporaryPath()
    defer { unlink(path) }
    let feature = DerivedBenchFeature()
    let record = try ActionLogBenchmark.measureRecording(
      count: count, initialState: DerivedBenchFeature.State(),
      actions: DerivedBenchFeature.Samples(seed: 1).lazy.map(DerivedAction.init).makeIterator(),
      reduce: { state, logged in
        _ = feature.reduce(into: &state, action: logged.action)
        return .none
      }, path: path)
    let replay = try ActionLogBenchmark.measureReplay(path: path) { () throws(ActionLogError) in
      try ActionLogReplayer<DerivedBenchFeature.State, DerivedAction<DerivedBenchFeature.Action>>(
        path: path
      ).run(
        until: nil, verify: false,
        apply: { feature.reduceDroppingEffects(into: &$0, action: $1.action) }, step: nil
      ).actions
    }

    if ProcessInfo.processInfo.environment["UNIFLOW_BENCH_PODCAST_ONLY"] != nil {
      return Figures(record: record, replay: replay, appDerived: replay, appHand: replay)
    }
    let reducer = AppReducer()
    let appPath = ActionLogBenchmark.temporaryPath()
    defer { unlink(appPath) }
    _ = try ActionLogBenchmark.measureRecording(
      count: count, initialState: AppState(timeZone: .gmt),
      actions: AppActionSamples(seed: 1).lazy.map(DerivedAction.init).makeIterator(),
      reduce: { state, logged in
        _ = reducer.reduce(into: &state, action: logged.action)
        return .none
      }, path: appPath)
    let appDerived = try ActionLogBenchmark.measureReplay(path: appPath) {
      () throws(ActionLogError) in
      try ActionLogReplayer<AppState, DerivedAction<AppAction>>(path: appPath).run(
        until: nil, verify: false,
        apply: { reducer.reduceDroppingEffects(into: &$0, action: $1.action) }, step: nil
      ).actions
    }
    let handPath = ActionLogBenchmark.temporaryPath()
    defer { unlink(handPath) }
    _ = try ActionLogBenchmark.measureRecording(
      count: count, initialState: AppState(timeZone: .gmt), actions: AppActionSamples(seed: 1),
      reduce: reducer.reduce(into:action:), path: handPath)
    let appHand = try ActionLogBenchmark.measureReplay(path: handPath) {
      () throws(ActionLogError) in
      try ActionLogReplayer<AppState, AppAction>(path: handPath).run(
        until: nil, verify: false, apply: { reducer.reduceDroppingEffects(into: &$0, action: $1) },
        step: nil
      ).actions
    }
    return Figures(record: record, replay: replay, appDerived: appDerived, appHand: appHand)
  }
}

/// A podcast app's feature whose actions are `Codable` as Swift synthesizes them: the derived
/// codec's workload.
struct DerivedBenchFeature: Reducer {
  enum Download: Codable, Equatable, Sendable {
    case idle, downloading(Int), done(bytes: Int)
  }

  struct Episode: Codable, Equatable, Identifiable, Sendable {
    var id: Int
    var title: String
    var download = Download.idle
  }

  enum EpisodeAction: Codable, Equatable, Sendable {
    case downloadTapped, progress(Int), finished(bytes: Int), renamed(String)
  }

  enum SearchAction: Codable, Equatable, Sendable {
    case queryChanged(String), answered([String]), closed
  }

  enum Player: Codable, Equatable, Sendable {
    case play(episode: Int, at: Double), pause, seek(Double)
  }

  /// What the screens show of the podcasts, kept small: the replay decodes the state of each
  /// snapshot in the log (every 64 actions) with `JSONDecoder`, whose cost would otherwise be
  /// what this section measures rather than the actions' codec (the `replay` section measures
  /// state checks, through uniflow's own reader).
  struct State: Codable, Equatable, Sendable {
    var episodes = 0
    var downloading = 0
    var downloaded = 0
    var lastTitle = ""
    var query = ""
    var playing: Int?
    var position = 0.0
  }

  enum Action: Codable, Equatable, Sendable {
    case added(Episode)
    case removed(id: Int)
    case moved(from: Int, to: Int)
    case episodes(IdentifiedAction<Int, EpisodeAction>)
    case search(SearchAction)
    case player(Player?)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .added(let episode):
      state.episodes += 1
      state.lastTitle = episode.title
    case .removed: state.episodes -= 1
    case .moved: break
    case .episodes(.element(_, let action)):
      switch action {
      case .downloadTapped: state.downloading += 1
      case .progress(let percent): if percent == 100 { state.downloading -= 1 }
      case .finished: state.downloaded += 1
      case .renamed(let title): state.lastTitle = title
      }
    case .search(.queryChanged(let query)): state.query = query
    case .search: break
    case .player(.play(let episode, let at)?):
      state.playing = episode
      state.position = at
    case .player(.seek(let at)?): state.position = at
    case .player: state.playing = nil
    }
    return .none
  }

  /// An endless, deterministic mix of the feature's actions from a seed: mostly a row's
  /// actions by id and the search, now and then a whole episode or a list.
  struct Samples: IteratorProtocol, Sequence {
    private var random: SplitMix64

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    mutating func next() -> Action? {
      let id = 1 + random.below(50)
      switch random.below(100) {
      case 0..<35: return .episodes(.element(id: id, action: .progress(random.below(101))))
      case 35..<45: return .episodes(.element(id: id, action: .downloadTapped))
      case 45..<52:
        return .episodes(.element(id: id, action: .finished(bytes: random.below(1 << 30))))
      case 52..<56:
        return .episodes(
          .element(
            id: id, action: .renamed(["Swift Talk", "Point-Free", "서울 \"live\""][random.below(3)])))
      case 56..<68: return .search(.queryChanged(["s", "sw", "swi", "swift", ""][random.below(5)]))
      case 68..<72: return .search(.answered(["Swift Talk", "Swift by Sundell"]))
      case 72..<80:
        return .player(.play(episode: id, at: Double(random.below(3600)) / 4))
      case 80..<86: return .player(.seek(Double(random.below(36_000)) / 10))
      case 86..<89: return .player(nil)
      case 89..<95:
        return .added(Episode(id: id, title: "Episode \(id)", download: .idle))
      case 95..<98: return .moved(from: random.below(50), to: random.below(50))
      default: return .removed(id: id)
      }
    }
  }
}
