import Console
import Features
import Foundation
import Store
import UniflowConsole

/// `uniflow-bench --only changed`: `:changed` and `:find` over a REPL session of 1,000,000
/// typed commands (the travel section's vocabulary), each one pass over the history.
enum ChangedBench {
  struct Figures {
    var actions: Int
    var changes: Int
    var changedSeconds: Double
    var found: Int
    var findSeconds: Double
  }

  @MainActor
  static func run(actions count: Int = 1_000_000) throws -> Figures {
    var options = Options()
    options.timeZone = .gmt
    options.showsDefaultLocation = false
    let session = Session(
      options: options, dependencies: { _ in }, console: BenchConsole(), isScript: true)
    let vocabulary: [AppAction] = [
      .clock(.moveDay(1)), .clock(.moveDay(-1)), .dog(.show(nil)), .clock(.moveDay(7)),
    ]
    for index in 0..<count {
      session.history.beginTypedCommand()
      session.store.send(vocabulary[index % vocabulary.count])
    }
    let path = try StatePath("clock.dayOffset")
    let clock = ContinuousClock()
    var changes: [StateSearch.Change] = []
    let changed = clock.measure { changes = StateSearch.changes(at: path, in: session.history) }
    var found: [StateSearch.Found] = []
    let find = clock.measure {
      found = StateSearch.find(at: path, value: "7", in: session.history)
    }
    return Figures(
      actions: count, changes: changes.count, changedSeconds: seconds(changed),
      found: found.count, findSeconds: seconds(find))
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
  }
}

extension BenchReport {
  mutating func addChanged(_ f: ChangedBench.Figures) {
    add(
      "changed",
      [
        "actions": f.actions, "changes": f.changes, "changedSeconds": round(f.changedSeconds, 3),
        "found": f.found, "findSeconds": round(f.findSeconds, 3), "targetSeconds": 10,
      ],
      [
        "",
        "changed — :changed and :find over a session of \(f.actions) typed commands",
        row(
          ":changed clock.dayOffset (\(f.changes) changes; target ≤ 10 s)", f.changedSeconds, "s",
          verdict: f.changedSeconds <= 10),
        row(":find clock.dayOffset=7 (\(f.found) found)", f.findSeconds, "s"),
      ])
  }
}
