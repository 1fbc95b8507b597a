import ActionLog
import AppLog
import Console
import Features
import Foundation
import Store
import UniflowConsole

/// The tools' budgets of the outside attack (issue 33): `uniflow shrink` of a 10,000-action log
/// whose every action is needed, and `:history --json` of a session of 300,000 of the app's
/// mixed actions, each in the CPU seconds of the thread that runs it — what a loaded machine
/// does not change, where it stretches wall-clock time by the share of a core the process gets —
/// against the bound its doc comment states (``ConsoleShrink``,
/// ``ActionHistory/jsonEntry(_:descriptions:)``); wall-clock seconds beside, for information.
/// docs/performance.md gives the figures at load 6 and more on 2 cores.
@MainActor
enum BudgetsBench {
  struct Figures {
    var shrinkActions: Int
    var shrinkReplays: Int
    /// CPU seconds, and wall-clock seconds.
    var shrinkSeconds: Double
    var shrinkWallSeconds: Double
    var historyEntries: Int
    var historyJSONSeconds: Double
    var historyJSONWallSeconds: Double
    var historyJSONBytes: Int
    /// The same listing as it was written before issue 33 (a dictionary through
    /// `JSONSerialization` and a fresh description per entry), for comparison in the same run.
    var historyJSONSecondsBefore: Double

    /// Microseconds per `:history --json` entry.
    var historyMicrosecondsPerEntry: Double {
      historyJSONSeconds * 1e6 / Double(max(1, historyEntries))
    }
  }

  /// The most each may take, in CPU seconds, loaded machine or not.
  nonisolated static let shrinkBudgetSeconds = 60.0
  nonisolated static let historyJSONBudgetSeconds = 3.0

  static func run(shrinkActions: Int = 10_000, historyActions: Int = 300_000) throws -> Figures {
    let shrink = try measureShrink(count: shrinkActions)
    let history = measureHistoryJSON(actions: historyActions)
    return Figures(
      shrinkActions: shrinkActions, shrinkReplays: shrink.replays, shrinkSeconds: shrink.seconds,
      shrinkWallSeconds: shrink.wall, historyEntries: historyActions,
      historyJSONSeconds: history.seconds, historyJSONWallSeconds: history.wall,
      historyJSONBytes: history.bytes, historyJSONSecondsBefore: history.before)
  }

  /// `uniflow shrink` in process on `count` `moveDay 1`s after the launch: the final date needs
  /// every one of them, so the search keeps them all.
  private static func measureShrink(count: Int) throws -> (
    replays: Int, seconds: Double, wall: Double
  ) {
    let path = ActionLogBenchmark.temporaryPath()
    let output = ActionLogBenchmark.temporaryPath()
    defer {
      unlink(path)
      unlink(output)
    }
    let launch = Date(timeIntervalSince1970: 1_764_387_912)
    let actions =
      [AppAction.launched(at: launch)] + Array(repeating: .clock(.moveDay(1)), count: count)
    try ShrinkWorkload.write(actions, to: path)
    let reducer = AppReducer()
    var state = AppState(timeZone: ShrinkWorkload.zone)
    for action in actions { _ = reducer.reduce(into: &state, action: action) }
    let line = AppView(state: state).screens[0].rendered
    let console = BenchConsole()
    let clock = ContinuousClock()
    let start = clock.now
    let cpu = cpuSeconds()
    let status = ConsoleShrink(UniflowApp()).run(
      ShrinkRequest(
        path: path, pattern: String(line.dropFirst(7)), screen: "clock", output: output),
      console: console)
    let seconds = cpuSeconds() - cpu
    let wall = ActionLogBenchmark.seconds(clock.now - start)
    guard status == 0, let summary = console.outputs.first else {
      throw BenchError("shrink failed: \(console.errors.joined(separator: "; "))")
    }
    let numbers = summary.split(separator: " ").compactMap { Int($0) }
    guard numbers.count == 3, numbers[1] == numbers[0] else {
      throw BenchError("shrink printed '\(summary)', not a log it could not cut")
    }
    return (numbers[2], seconds, wall)
  }

  /// `:history --json` of a session of `count` of the app's mixed actions, written to nowhere
  /// as the JSON console writes it: seconds and bytes.
  private static func measureHistoryJSON(actions count: Int) -> (
    seconds: Double, wall: Double, bytes: Int, before: Double
  ) {
    let session = BenchSession.make(console: BenchConsole(), dependencies: { _ in })
    var samples = AppActionSamples(seed: 7)
    for _ in 0..<count {
      session.store.send(samples.next()!)
      session.store.cancelAllEffects()  // their answers are among the samples already
    }
    let history = session.history
    let clock = ContinuousClock()
    let start = clock.now
    var cpu = cpuSeconds()
    var bytes = 0
    let descriptions = ActionHistory<AppState, AppAction>.DescriptionCache()
    JSONConsole.writeList(
      "history", itemCount: history.count - history.firstPosition,
      item: { history.jsonEntry($0, descriptions: descriptions) }
    ) { bytes += $0.escaped.utf8.count }
    let seconds = cpuSeconds() - cpu
    let wall = ActionLogBenchmark.seconds(clock.now - start)
    cpu = cpuSeconds()
    JSONConsole.writeList(
      "history", itemCount: history.count - history.firstPosition,
      item: { index in
        let seq = history.firstPosition + index + 1
        let entry = history.entry(seq)
        var object: [String: Any] = [
          "seq": seq, "source": entry.source.rawValue, "action": history.describe(entry),
        ]
        if seq == history.position { object["current"] = true }
        return JSONLine.text(object) ?? "null"
      }
    ) { _ in }
    return (seconds, wall, bytes, cpuSeconds() - cpu)
  }

  /// The CPU time this thread has used, in seconds.
  private static func cpuSeconds() -> Double {
    Double(OutsideRoutingBench.threadCPUNanoseconds()) / 1e9
  }
}
