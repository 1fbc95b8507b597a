import ActionLog
import AppLog
import Console
import Effects
import Features
import Foundation
import OutsideApp
import PropertyTesting
import Store
import UniflowConsole

/// `--only outside-app`: an app written only against the public products (``Podcast``, in
/// Sources/CLI/OutsideApp) beside the demo, in the same run: the replay of a log each records,
/// in process as `APP replay` runs it (the fastest of three, the two apps taking turns), and the
/// REPL's cost a command over a scripted session of each.
@MainActor
enum OutsideAppBench {
  struct Figures {
    /// Actions in each log.
    var actions: Int
    var demoReplayPerSecond: Double
    var outsideReplayPerSecond: Double
    /// Each app's reducer alone over the same actions, from an array (no log, no checks): the
    /// most a replay of the app can reach, whatever the library does.
    var demoReducerPerSecond: Double
    var outsideReducerPerSecond: Double
    var demoLogBytes: Int
    var outsideLogBytes: Int
    /// Commands in each scripted session.
    var commands: Int
    var demoMicrosecondsPerCommand: Double
    var outsideMicrosecondsPerCommand: Double
    /// The podcast's snapshot check alone (``LogStateMatch``: its state at the log's end written
    /// as the recorder writes it and compared with the logged bytes), microseconds a state.
    var outsideCheckMicroseconds: Double
    /// The snapshots (and checkpoint) in the podcast's log: the checks a replay makes.
    var outsideStates: Int
    /// The check's share of each action of the podcast's replay, in microseconds.
    var outsideCheckMicrosecondsPerAction: Double {
      outsideCheckMicroseconds * Double(outsideStates) / Double(max(actions, 1))
    }

    var replayRatio: Double { outsideReplayPerSecond / max(demoReplayPerSecond, 1) }
    /// The replay's time over the reducer's alone, for each app: what reading the log, checking
    /// its states and routing cost beyond the app's own work.
    var demoReplayOverReducer: Double { demoReducerPerSecond / max(demoReplayPerSecond, 1) }
    var outsideReplayOverReducer: Double {
      outsideReducerPerSecond / max(outsideReplayPerSecond, 1)
    }
    /// What replaying costs beyond the app's reducer, in microseconds an action: 1/replay −
    /// 1/reducer-alone — reading the log, checking its states, applying — the library's share,
    /// whatever the app's reducer costs.
    var demoOverheadMicroseconds: Double {
      OutsideAppBench.overhead(replay: demoReplayPerSecond, alone: demoReducerPerSecond)
    }
    var outsideOverheadMicroseconds: Double {
      OutsideAppBench.overhead(replay: outsideReplayPerSecond, alone: outsideReducerPerSecond)
    }
    var commandRatio: Double {
      outsideMicrosecondsPerCommand / max(demoMicrosecondsPerCommand, 0.001)
    }
  }

  nonisolated fileprivate static func overhead(replay: Double, alone: Double) -> Double {
    1e6 / max(replay, 1) - 1e6 / max(alone, 1)
  }

  /// Logs of `actions` actions, sessions of `commands` commands (the demo's callgrind session
  /// is 20,000).
  static func run(actions: Int, commands: Int) async throws -> Figures {
    let demoLog = ActionLogBenchmark.temporaryPath()
    let outsideLog = ActionLogBenchmark.temporaryPath()
    defer {
      unlink(demoLog)
      unlink(outsideLog)
    }
    let demoReducer = AppReducer()
    _ = try ActionLogBenchmark.measureRecording(
      count: actions, initialState: AppState(timeZone: .gmt), actions: AppActionSamples(seed: 1),
      reduce: demoReducer.reduce(into:action:), path: demoLog)
    try PodcastSamples.record(actions, to: outsideLog)
    var demoBest = 0.0
    var outsideBest = 0.0
    for _ in 0..<3 {
      demoBest = max(demoBest, try replay(demoLog, AppState.self, demoReducer))
      outsideBest = max(outsideBest, try replay(outsideLog, Podcast.State.self, Podcast()))
    }
    let demoActions = Array(AppActionSamples(seed: 1).prefix(actions))
    var podcastSamples = PodcastSamples(seed: 1)
    let outsideActions = (0..<actions).map { _ in podcastSamples.next() }
    var demoAlone = 0.0
    var outsideAlone = 0.0
    for _ in 0..<3 {
      demoAlone = max(demoAlone, reduceAlone(demoActions, AppState(timeZone: .gmt), demoReducer))
      outsideAlone = max(outsideAlone, reduceAlone(outsideActions, Podcast.State(), Podcast()))
    }
    var check = Double.infinity
    for _ in 0..<3 { check = min(check, try checkCost(podcastSamples.state)) }
    let demoSession = try await demoCommandCost(DemoScript.commands(commands))
    let outsideSession = try await outsideCommandCost(PodcastSamples.commands(commands))
    // A second turn each, the best kept: the machine's other work only slows a run down.
    let demoAgain = try await demoCommandCost(DemoScript.commands(commands))
    let outsideAgain = try await outsideCommandCost(PodcastSamples.commands(commands))
    return Figures(
      actions: actions, demoReplayPerSecond: demoBest, outsideReplayPerSecond: outsideBest,
      demoReducerPerSecond: demoAlone, outsideReducerPerSecond: outsideAlone,
      demoLogBytes: fileSize(demoLog), outsideLogBytes: fileSize(outsideLog), commands: commands,
      demoMicrosecondsPerCommand: min(demoSession, demoAgain),
      outsideMicrosecondsPerCommand: min(outsideSession, outsideAgain),
      outsideCheckMicroseconds: check, outsideStates: try statesLogged(in: outsideLog))
  }

  /// The replay's snapshot check of `state` against its own logged bytes, as a replay that
  /// agrees makes it: microseconds a check, over 1,000 checks (nan if one does not agree).
  nonisolated private static func checkCost<State: Encodable>(_ state: State) throws -> Double {
    guard let matches = LogStateMatch.function(for: State.self) else { return .nan }
    let json = try LogStateCoding.encode(state, with: LogStateCoding.encoder())
    let rounds = 1_000
    var agreed = 0
    let clock = ContinuousClock()
    let start = clock.now
    json.withUnsafeBufferPointer { json in
      for _ in 0..<rounds where matches(state, json) { agreed += 1 }
    }
    let seconds = ActionLogBenchmark.seconds(clock.now - start)
    return agreed == rounds ? seconds / Double(rounds) * 1e6 : .nan
  }

  /// How many snapshot and checkpoint lines the log at `path` holds (mapped, not read in).
  nonisolated private static func statesLogged(in path: String) throws -> Int {
    let log = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    return log.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Int in
      var states = 0
      var lineStart = 0
      for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
        let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<index])
        if line.starts(with: #"{"snapshot":"#.utf8) || line.starts(with: #"{"checkpoint":"#.utf8) {
          states += 1
        }
        lineStart = index + 1
      }
      return states
    }
  }

  /// Replays `path` as `APP replay` does (effects dropped unbuilt); actions a second.
  private static func replay<R: Reducer>(_ path: String, _: R.State.Type, _ reducer: R)
    throws -> Double where R.State: Codable & Equatable, R.Action: LoggableAction
  {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try ActionLogReplayer<R.State, R.Action>(path: path).run(
      until: nil, verify: false,
      apply: { reducer.reduceDroppingEffects(into: &$0, action: $1) }, step: nil)
    let seconds = ActionLogBenchmark.seconds(clock.now - start)
    return Double(result.actions) / max(seconds, 1e-9)
  }

  /// `reducer` alone over `actions` from `state`, effects dropped unbuilt and bodies built once
  /// as a replay drops and builds them; actions a second.
  private static func reduceAlone<R: Reducer>(_ actions: [R.Action], _ state: R.State, _ reducer: R)
    -> Double
  {
    var state = state
    let clock = ContinuousClock()
    let start = clock.now
    BuiltBodies().run {
      for action in actions { reducer.reduceDroppingEffects(into: &state, action: action) }
    }
    let seconds = ActionLogBenchmark.seconds(clock.now - start)
    withExtendedLifetime(state) {}
    return Double(actions.count) / max(seconds, 1e-9)
  }

  /// The demo's REPL in script mode, offline, over `lines`: microseconds a command.
  private static func demoCommandCost(_ lines: [String]) async throws -> Double {
    let session = BenchSession.make(
      console: QuietConsole(),
      dependencies: { values in
        values.time = .system
        values.geocoder = .gazetteer
        values.weather = .offline
      })
    await session.launch(session.app.launchActions(at: Date(timeIntervalSince1970: 1_795_923_912)))
    return try await time(lines) { await session.handle($0, number: $1) }
      .checking(session.hadErrors, "the demo's session")
  }

  /// The podcast's REPL in script mode over `lines`: microseconds a command.
  private static func outsideCommandCost(_ lines: [String]) async throws -> Double {
    let session = ConsoleSession(
      PodcastConsoleApp(), initialState: Podcast.State(), horizon: 100_000,
      dependencies: { _ in }, console: QuietConsole(), isScript: true)
    await session.launch([])
    return try await time(lines) { await session.handle($0, number: $1) }
      .checking(session.hadErrors, "the podcast's session")
  }

  private static func time(_ lines: [String], _ handle: (String, Int) async -> Bool) async
    -> Double
  {
    let clock = ContinuousClock()
    let start = clock.now
    for (number, line) in lines.enumerated() { _ = await handle(line, number + 1) }
    return ActionLogBenchmark.seconds(clock.now - start) * 1e6 / Double(max(lines.count, 1))
  }

  private static func fileSize(_ path: String) -> Int {
    (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
  }
}

extension Double {
  /// This figure, unless the session it measures reported an error (a command refused, which
  /// would measure something else).
  fileprivate func checking(_ hadErrors: Bool, _ what: String) throws -> Double {
    guard !hadErrors else { throw BenchError("\(what) refused a command") }
    return self
  }
}

/// A console that prints nothing: the REPL's cost without the terminal's.
@MainActor
final class QuietConsole: Console {
  func output(_ line: TerminalText) {}
  func error(_ line: TerminalText) {}
  func screen(_ name: String, text: String) {}
}

/// The demo's scripted session, as scripts/callgrind-bench-inputs.py writes it (the same mix
/// of commands from the same generator and seed): moving the clock, reloading, showing and
/// adopting dogs (at most 12), and looking cities up offline.
enum DemoScript {
  static func commands(_ count: Int) -> [String] {
    var random = SplitMix64(seed: 3)
    var adopted = 0
    let cities = [
      "Seoul", "Busan", "Tokyo", "New York", "Anchorage", "Paris", "Xyzzyville", "Incheon",
    ]
    return (0..<count).map { _ in
      let kind = random.below(100)
      switch kind {
      case ..<35: return "moveDay \(random.below(7) - 3)"
      case ..<45: return random.below(2) == 0 ? "yesterday" : "tomorrow"
      case ..<60: return "reload"
      case ..<72:
        return random.below(3) == 0 || adopted == 0 ? "dog" : "dog dog\(random.below(adopted))"
      case ..<80:
        guard adopted < 12 else { return "dog dog\(random.below(adopted))" }
        let year = 1990 + random.below(15)
        let month = 1 + random.below(12)
        let day = 1 + random.below(28)
        let breed = random.below(2) == 0 ? "pug" : "poodle"
        defer { adopted += 1 }
        return "adopt dog\(adopted) \(year)-\(pad(month))-\(pad(day)) \(breed)"
      default:
        return "changeLocation " + cities[random.below(cities.count)]
      }
    }
  }

  private static func pad(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
