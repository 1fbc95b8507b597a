import ActionLog
import AppLog
import Features
import Foundation
import Store

/// The action log's figures: recording throughput with every line written as it happens, and
/// `uniflow replay` itself, run as a child process (the fastest of three runs) on logs of
/// 100,000 and 1,000,000 of the app's mixed actions (``AppActionSamples``), so that its time and
/// peak memory are its own.
enum LogBench {
  struct Figures {
    /// Recording 1,000,000 actions, in process.
    var record: ActionLogBenchmark.Throughput
    /// Replaying them in process (no process start-up).
    var replayInProcess: ActionLogBenchmark.Throughput
    /// `uniflow replay FILE` for each log size: actions, wall milliseconds, peak RSS bytes.
    var replayRuns: [(actions: Int, milliseconds: Double, peakResidentBytes: Int)]
  }

  /// - Parameter directory: where to keep the logs (`replay-100000.log`, `replay-1000000.log`);
  ///   nil: temporary files, deleted afterwards.
  static func run(largest: Int = 1_000_000, keepingLogsIn directory: String? = nil)
    throws(ActionLogError) -> Figures
  {
    let reducer = AppReducer()
    func logPath(_ actions: Int) -> String {
      guard let directory else { return ActionLogBenchmark.temporaryPath() }
      return URL(fileURLWithPath: directory).appendingPathComponent("replay-\(actions).log").path
    }
    // The small log first: peak memory only goes up.
    let small = logPath(largest / 10)
    defer { if directory == nil { unlink(small) } }
    _ = try record(largest / 10, to: small, reducer)
    let smallRun = try replayAsChild(small, actions: largest / 10)

    let large = logPath(largest)
    defer { if directory == nil { unlink(large) } }
    let record = try record(largest, to: large, reducer)
    let replayInProcess = try ActionLogBenchmark.measureReplay(path: large) {
      () throws(ActionLogError) in
      // The same call `uniflow replay` makes.
      try ActionLogReplayer<AppState, AppAction>(path: large)
        .run(reduce: reducer.reduce(into:action:)).actions
    }
    let largeRun = try replayAsChild(large, actions: largest)
    return Figures(
      record: record, replayInProcess: replayInProcess, replayRuns: [smallRun, largeRun])
  }

  /// Records `count` of the app's mixed actions to `path`, timing it.
  private static func record(_ count: Int, to path: String, _ reducer: AppReducer)
    throws(ActionLogError) -> ActionLogBenchmark.Throughput
  {
    try ActionLogBenchmark.measureRecording(
      count: count, initialState: AppState(timeZone: .gmt), actions: AppActionSamples(seed: 1),
      reduce: reducer.reduce(into:action:), path: path)
  }

  /// `uniflow replay path` as a child process, the fastest of three runs after one that warms
  /// the page cache: the machine's other work only ever slows a run down.
  private static func replayAsChild(_ path: String, actions: Int) throws(ActionLogError)
    -> (actions: Int, milliseconds: Double, peakResidentBytes: Int)
  {
    let executable = ChildProcess.uniflowExecutable()
    func replay() throws(ActionLogError) -> ChildProcess.Outcome {
      guard let outcome = ChildProcess.run(executable, ["replay", path]), outcome.status == 0
      else {
        throw ActionLogError(.badLog, file: path, "uniflow replay failed on the bench's log")
      }
      return outcome
    }
    _ = ChildProcess.run(executable, ["replay", path])  // warm the page cache
    var best = try replay()
    for _ in 1..<3 {
      let outcome = try replay()
      if outcome.milliseconds < best.milliseconds { best = outcome }
    }
    return (actions, best.milliseconds, best.peakResidentBytes)
  }
}
