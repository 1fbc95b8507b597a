import Console
import Features
import Foundation
import Store
import UniflowConsole

/// `uniflow-bench --only changed`: `:changed` and `:find` over a REPL session of 1,000,000
/// typed commands (the travel section's vocabulary), each one pass over the history, in the CPU
/// seconds of the thread that runs it — what a loaded machine does not change, where it
/// stretches wall-clock time by the share of a core the process gets — against the bound
/// ``StateSearch`` states; wall-clock seconds beside, for information.
enum ChangedBench {
  struct Figures {
    var actions: Int
    var changes: Int
    /// CPU seconds, and wall-clock seconds.
    var changedSeconds: Double
    var changedWallSeconds: Double
    var found: Int
    var findSeconds: Double
    var findWallSeconds: Double
  }

  /// The most `:changed` may take over 1,000,000 actions, in CPU seconds.
  static let changedBudgetSeconds = 10.0

  @MainActor
  static func run(actions count: Int = 1_000_000) throws -> Figures {
    let session = BenchSession.make(console: BenchConsole(), dependencies: { _ in })
    let vocabulary: [AppAction] = [
      .clock(.moveDay(1)), .clock(.moveDay(-1)), .dog(.show(nil)), .clock(.moveDay(7)),
    ]
    for index in 0..<count {
      session.history.beginTypedCommand()
      session.store.send(vocabulary[index % vocabulary.count])
    }
    let path = try StatePath("clock.dayOffset")
    var changes: [StateSearch.Change] = []
    let changed = measure { changes = StateSearch.changes(at: path, in: session.history) }
    var found: [StateSearch.Found] = []
    let find = measure { found = StateSearch.find(at: path, value: "7", in: session.history) }
    return Figures(
      actions: count, changes: changes.count, changedSeconds: changed.cpu,
      changedWallSeconds: changed.wall, found: found.count, findSeconds: find.cpu,
      findWallSeconds: find.wall)
  }

  /// The CPU seconds of this thread and the wall-clock seconds `body` takes.
  @MainActor
  private static func measure(_ body: () -> Void) -> (cpu: Double, wall: Double) {
    let clock = ContinuousClock()
    let start = clock.now
    let cpu = OutsideRoutingBench.threadCPUNanoseconds()
    body()
    let spent = Double(OutsideRoutingBench.threadCPUNanoseconds() - cpu) / 1e9
    return (spent, ActionLogBenchmark.seconds(clock.now - start))
  }
}

extension BenchReport {
  mutating func addChanged(_ f: ChangedBench.Figures) {
    add(
      "changed",
      [
        "actions": f.actions, "changes": f.changes, "changedSeconds": round(f.changedSeconds, 3),
        "changedWallSeconds": round(f.changedWallSeconds, 3), "found": f.found,
        "findSeconds": round(f.findSeconds, 3), "findWallSeconds": round(f.findWallSeconds, 3),
        "targetSeconds": ChangedBench.changedBudgetSeconds,
      ],
      [
        "",
        "changed — :changed and :find over a session of \(f.actions) typed commands, CPU seconds of the thread",
        row(
          ":changed clock.dayOffset (\(f.changes) changes; ≤ \(Int(ChangedBench.changedBudgetSeconds)) s)",
          f.changedSeconds, "s", verdict: f.changedSeconds <= ChangedBench.changedBudgetSeconds),
        row(":find clock.dayOffset=7 (\(f.found) found)", f.findSeconds, "s"),
        row("  wall-clock: :changed (information)", f.changedWallSeconds, "s"),
        row("  wall-clock: :find (information)", f.findWallSeconds, "s"),
      ])
  }
}
