import Foundation
import Store

/// The action log's figures: recording throughput with every line written as it happens, and
/// `uniflow replay` itself, run as a child process (the fastest of three runs) on logs of
/// 100,000 and 1,000,000 mixed actions, so that its time and peak memory are its own.
enum LogBench {
  struct Figures {
    /// Recording 1,000,000 actions, in process.
    var record: ActionLogBenchmark.Throughput
    /// Replaying them in process (no process start-up).
    var replayInProcess: ActionLogBenchmark.Throughput
    /// `uniflow replay FILE` for each log size: actions, wall milliseconds, peak RSS bytes.
    var replayRuns: [(actions: Int, milliseconds: Double, peakResidentBytes: Int)]
  }

  static func run(largest: Int = 1_000_000) throws(ActionLogError) -> Figures {
    let measured = try LogBenchmark.run(count: largest)
    var runs: [(Int, Double, Int)] = []
    for count in [largest / 10, largest] {
      let path = ActionLogBenchmark.temporaryPath()
      defer { unlink(path) }
      _ = try LogBenchmark.record(count: count, to: path)
      let executable = ChildProcess.currentExecutable()
      _ = ChildProcess.run(executable, ["replay", path])  // warm the page cache
      // The fastest of three runs: the machine's other work only ever slows a run down.
      var best: ChildProcess.Outcome?
      for _ in 0..<3 {
        guard let outcome = ChildProcess.run(executable, ["replay", path]), outcome.status == 0
        else {
          throw ActionLogError(.badLog, file: path, "uniflow replay failed on the bench's log")
        }
        if outcome.milliseconds < best?.milliseconds ?? .infinity { best = outcome }
      }
      guard let best else { continue }
      runs.append((count, best.milliseconds, best.peakResidentBytes))
    }
    return Figures(record: measured.record, replayInProcess: measured.replay, replayRuns: runs)
  }
}
