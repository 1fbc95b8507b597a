import Features
import Foundation
import Store

/// The action log's figures for `uniflow bench`: recording `count` of the app's mixed actions
/// (``AppActionSamples``) with the app's reducer, each line written as it happens, then
/// replaying that log.
///
/// ```swift
/// let small = try LogBenchmark.run(count: 100_000)   // first: peak memory only goes up
/// let large = try LogBenchmark.run(count: 1_000_000)
/// print(large.replay.actionsPerSecond, large.replay.peakResidentBytes)
/// ```
enum LogBenchmark {
  static func run(count: Int) throws(ActionLogError) -> (
    record: ActionLogBenchmark.Throughput, replay: ActionLogBenchmark.Throughput
  ) {
    let reducer = AppReducer(environment: Wiring.replayEnvironment)
    let path = ActionLogBenchmark.temporaryPath()
    defer { unlink(path) }
    let record = try self.record(count: count, to: path)
    let replay = try ActionLogBenchmark.measureReplay(path: path) { () throws(ActionLogError) in
      // The same call `uniflow replay` makes.
      try ActionLogReplayer<AppState, AppAction>(path: path)
        .run(reduce: reducer.reduce(into:action:)).actions
    }
    return (record, replay)
  }

  /// Records `count` of the app's mixed actions to `path`, timing it.
  static func record(count: Int, to path: String) throws(ActionLogError)
    -> ActionLogBenchmark.Throughput
  {
    let reducer = AppReducer(environment: Wiring.replayEnvironment)
    return try ActionLogBenchmark.measureRecording(
      count: count, initialState: AppState(timeZone: .gmt), actions: AppActionSamples(seed: 1),
      reduce: reducer.reduce(into:action:), path: path)
  }
}
