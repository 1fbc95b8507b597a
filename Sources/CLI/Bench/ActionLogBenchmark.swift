import ActionLog
import Foundation
import Store

/// Measures the action log: how fast a store's actions are recorded (each line written as it
/// happens) and how fast a log replays, with the peak memory of the process. `uniflow-bench`
/// calls this; tests never time anything.
///
/// ```swift
/// let path = ActionLogBenchmark.temporaryPath()
/// let record = try ActionLogBenchmark.measureRecording(
///   count: 1_000_000, initialState: AppState(timeZone: .gmt),
///   actions: AppActionSamples(seed: 1), reduce: reducer.reduce(into:action:), path: path)
/// let replay = try ActionLogBenchmark.measureReplay(path: path) {
///   try ActionLogReplayer<AppState, AppAction>(path: path).run(reduce: …).actions
/// }
/// ```
package enum ActionLogBenchmark {
  /// One measurement.
  package struct Throughput: Sendable {
    /// How many actions were recorded or replayed.
    package let actions: Int
    /// Wall-clock seconds it took.
    package let seconds: Double
    /// The size of the log file.
    package let fileBytes: Int
    /// The process's peak resident memory so far, in bytes (it never goes down, so measure the
    /// small case first to see whether memory grows with the log).
    package let peakResidentBytes: Int

    package var actionsPerSecond: Double { seconds > 0 ? Double(actions) / seconds : 0 }

  }

  /// A fresh path for a benchmark's log in `directory`; the caller deletes it.
  package static func temporaryPath(in directory: URL = FileManager.default.temporaryDirectory)
    -> String
  {
    directory.appendingPathComponent("uniflow-bench-\(UUID().uuidString).log").path
  }

  /// Reduces `count` actions (dropping effects) and records each one, as a live store with a
  /// recording does: one `write(2)` a line.
  package static func measureRecording<State: Codable & Equatable, Action: LoggableAction>(
    count: Int, initialState: State, actions: some IteratorProtocol<Action>,
    reduce: (inout State, Action) -> Effect<Action>, path: String
  ) throws(ActionLogError) -> Throughput {
    var actions = actions
    var state = initialState
    let recorder = try ActionLogRecorder<State, Action>(
      path: path, overwrite: true, settings: [LogSetting("timeZone", "UTC")], state: state)
    let start = ContinuousClock.now
    for _ in 0..<count {
      guard let action = actions.next() else { break }
      _ = reduce(&state, action)
      try recorder.record(action, origin: .sent, state: state)
    }
    let seconds = Self.seconds(ContinuousClock.now - start)
    try recorder.finish(state: state)
    return Throughput(
      actions: recorder.seq, seconds: seconds, fileBytes: fileSize(path),
      peakResidentBytes: peakResidentBytes())
  }

  /// Times `replay`, which replays the log at `path` and returns how many actions it replayed.
  ///
  /// The caller builds the replayer with its concrete types, as `uniflow replay` does, so that
  /// the figure is the one a user gets.
  package static func measureReplay(
    path: String, _ replay: () throws(ActionLogError) -> Int
  ) throws(ActionLogError) -> Throughput {
    let start = ContinuousClock.now
    let actions = try replay()
    let seconds = Self.seconds(ContinuousClock.now - start)
    return Throughput(
      actions: actions, seconds: seconds, fileBytes: fileSize(path),
      peakResidentBytes: peakResidentBytes())
  }

  /// The process's peak resident set size in bytes (`ru_maxrss`).
  package static func peakResidentBytes() -> Int {
    var usage = rusage()
    guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
    return usage.ru_maxrss * 1024  // kilobytes on Linux
  }

  private static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// `duration` in seconds, as a `Double`.
  package static func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
  }
}
