import Console
import Effects
import Foundation
import Store

/// The bench's figures, as one JSON object (a key per section) or as a table for people.
struct BenchReport {
  // Internal, not private: the sections in BenchReport+Routing.swift append to them.
  var sections: [(name: String, values: [String: Any])] = []
  var lines: [String] = []

  init() {
    #if DEBUG
      let configuration = "debug"
    #else
      let configuration = "release"
    #endif
    let linking = Self.swiftRuntimeIsShared ? "shared" : "static"
    sections.append(
      (
        "machine",
        [
          "configuration": configuration, "cores": ProcessInfo.processInfo.activeProcessorCount,
          "swift": Self.swiftVersion, "swiftRuntime": linking,
        ]
      ))
    lines.append(
      "uniflow-bench — \(configuration) build, Swift runtime linked \(linking), "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores, Swift \(Self.swiftVersion)")
    if configuration == "debug" {
      lines.append(
        "warning: debug build; run `swift run -c release uniflow-bench` for real figures")
    }
  }

  /// Whether the Swift runtime is a shared library here (a plain `swift build`) rather than
  /// linked into the binary (`scripts/build-release.sh`): start-up differs by about half.
  static var swiftRuntimeIsShared: Bool {
    swiftRuntimeIsShared(maps: ProcFile.read("/proc/self/maps") ?? "")
  }

  /// Whether `maps`, a process's `/proc/PID/maps`, maps the Swift runtime's shared library.
  static func swiftRuntimeIsShared(maps: String) -> Bool {
    maps.contains("/libswiftCore.so")
  }

  static var swiftVersion: String {
    #if swift(>=6.3)
      "6.3"
    #else
      "6.x"
    #endif
  }

  /// Adds a section measured in a file of its own, with its JSON values and report lines.
  mutating func add(_ name: String, _ values: [String: Any], _ text: [String]) {
    sections.append((name, values))
    lines += [""] + text
  }

  mutating func addReplay(_ f: LogBench.Figures) {
    var runs: [String: Any] = [:]
    lines += [
      "", "replay — `uniflow replay FILE` as a child process (fastest of 3), mixed actions",
    ]
    for run in f.replayRuns {
      let perSecond = Double(run.actions) / (run.milliseconds / 1000)
      let megabytes = Double(run.peakResidentBytes) / 1_048_576
      runs[String(run.actions)] = [
        "actionsPerSecond": Int(perSecond), "milliseconds": round(run.milliseconds, 1),
        "peakRSSMegabytes": round(megabytes, 1),
      ]
      // DESIGN.md's 1,000,000/s; issue 21's 3,000,000/s for a log long enough that the
      // process's start (about 15 ms) does not decide it.
      let (target, written) =
        run.actions >= 1_000_000 ? (3_000_000.0, "3,000,000") : (1_000_000.0, "1,000,000")
      lines += [
        row(
          "\(counted(run.actions, "action")) (target ≥ \(written)/s)", perSecond, "actions/s",
          verdict: perSecond >= target),
        row("  peak RSS (target ≤ 64 MB, flat)", megabytes, "MB", verdict: megabytes <= 64),
      ]
    }
    let inProcess = f.replayInProcess.actionsPerSecond
    runs["inProcessActionsPerSecond"] = Int(inProcess)
    lines.append(row("in process, no start-up (1,000,000 actions)", inProcess, "actions/s"))
    sections.append(("replay", runs))
  }

  mutating func addDerivedReplay(_ f: DerivedLogBench.Figures) {
    let replay = f.replay.actionsPerSecond
    sections.append(
      (
        "derivedReplay",
        [
          "actionsPerSecond": Int(replay), "target": 1_500_000,
          "recordActionsPerSecond": Int(f.record.actionsPerSecond),
          "fileMegabytes": round(Double(f.replay.fileBytes) / 1_048_576, 1),
          "appDerivedActionsPerSecond": Int(f.appDerived.actionsPerSecond),
          "appHandActionsPerSecond": Int(f.appHand.actionsPerSecond),
        ]
      ))
    lines += [
      "", "derived codec — lines written from Codable as Swift, replayed in process",
      row(
        "a podcast app's 1,000,000 actions (target ≥ 1,500,000/s)", replay, "actions/s",
        verdict: replay >= 1_500_000),
      row("  recorded", f.record.actionsPerSecond, "actions/s"),
      row("uniflow's 1,000,000 actions, derived", f.appDerived.actionsPerSecond, "actions/s"),
      row("uniflow's 1,000,000 actions, hand codec", f.appHand.actionsPerSecond, "actions/s"),
    ]
  }

  mutating func addRecord(_ f: LogBench.Figures) {
    let perSecond = f.record.actionsPerSecond
    sections.append(
      (
        "record",
        [
          "actionsPerSecond": Int(perSecond), "target": 200_000, "actions": f.record.actions,
          "fileMegabytes": round(Double(f.record.fileBytes) / 1_048_576, 1),
        ]
      ))
    lines += [
      "", "record — every action written with its own write(2) as it is handled",
      row(
        "\(counted(f.record.actions, "action")) (target ≥ 200,000/s)", perSecond, "actions/s",
        verdict: perSecond >= 200_000),
    ]
  }

  mutating func addGazetteer(_ t: GazetteerTimings) {
    let first = milliseconds(t.firstLookup)
    let median = milliseconds(t.medianLookup)
    sections.append(
      (
        "gazetteer",
        [
          "firstLookupMs": round(first, 2), "firstTargetMs": 300,
          "medianLookupMs": round(median, 4), "medianTargetMs": 1, "lookups": t.lookups,
        ]
      ))
    lines += [
      "", "gazetteer — the bundled GeoNames data, \(t.lookups) lookups of every matching rule",
      row("first lookup, loading included (target ≤ 300 ms)", first, "ms", verdict: first <= 300),
      row("median later lookup (target < 1 ms)", median, "ms", verdict: median < 1),
    ]
  }

  mutating func addStartup(_ f: StartupBench.Figures) {
    var values: [String: Any] = [:]
    lines += ["", "startup — spawn to exit on an empty script, median of 21"]
    let targets = ["noDefaultLocation": 20.0, "defaultLocation": 100.0]
    for median in f.medians {
      values[median.name + "Ms"] = round(median.milliseconds, 2)
      let target = targets[median.name]
      values[median.name + "TargetMs"] = target
      lines.append(
        row(
          "uniflow \(median.arguments.joined(separator: " "))"
            + (target.map { " (target ≤ \(Int($0)) ms)" } ?? ""),
          median.milliseconds, "ms", verdict: target.map { median.milliseconds <= $0 }))
    }
    sections.append(("startup", values))
  }

  mutating func addShrinking(
    _ rows: [ShrinkingMeasurement], corpus: [ShrinkingMeasurement] = [], seeds: Int = 100
  ) {
    var values: [String: Any] = [:]
    lines += [
      "",
      "shrinking — the shrinking challenge, \(seeds) seeds each (ideal: share reaching the ideal "
        + "counterexample; median: property runs after the first failure)",
    ]
    for row in rows {
      let target = row.name == "bound5" ? 0.80 : 0.95
      values[row.name] = Self.shrinkingValues(row)
      let ok = row.ideal >= target && row.medianEvaluations <= 500
      lines.append(
        "  \(Self.padded(row.name, 16)) ideal \(String(format: "%.2f", row.ideal)) (≥ \(String(format: "%.2f", target)))"
          + "   median \(String(format: "%6.1f", row.medianEvaluations)) runs (≤ 500)"
          + (ok ? "  ok" : "  MISSED"))
      lines += row.misses.map { "      missed, \($0)" }
    }
    if !corpus.isEmpty {
      lines += [
        "",
        "shrinking corpus — Hypothesis's quality tests and reducer bugs, \(seeds) seeds each "
          + "(ideal: share reaching the ideal, or for discovery problems finding a failure)",
      ]
      var corpusValues: [String: Any] = [:]
      for row in corpus {
        corpusValues[row.name] = Self.shrinkingValues(row)
        lines.append(
          "  \(Self.padded(row.name, 58)) ideal \(String(format: "%.2f", row.ideal))"
            + "   median \(String(format: "%6.1f", row.medianEvaluations)) runs")
        lines += row.misses.map { "      missed, \($0)" }
      }
      values["corpus"] = corpusValues
    }
    sections.append(("shrinking", values))
  }

  mutating func addBudgets(_ f: BudgetsBench.Figures) {
    sections.append(
      (
        "budgets",
        [
          "shrinkActions": f.shrinkActions, "shrinkReplays": f.shrinkReplays,
          "shrinkSeconds": round(f.shrinkSeconds, 3),
          "shrinkWallSeconds": round(f.shrinkWallSeconds, 3),
          "shrinkBudgetSeconds": BudgetsBench.shrinkBudgetSeconds,
          "historyEntries": f.historyEntries, "historyJSONSeconds": round(f.historyJSONSeconds, 3),
          "historyJSONWallSeconds": round(f.historyJSONWallSeconds, 3),
          "historyMicrosecondsPerEntry": round(f.historyMicrosecondsPerEntry, 2),
          "historyJSONBytes": f.historyJSONBytes,
          "historyJSONSecondsBefore": round(f.historyJSONSecondsBefore, 3),
          "historyJSONBudgetSeconds": BudgetsBench.historyJSONBudgetSeconds,
        ]
      ))
    lines += [
      "",
      "budgets — the tools on the outside attack's inputs, CPU seconds of the thread",
      row(
        "shrink \(counted(f.shrinkActions, "action")), every one needed "
          + "(\(counted(f.shrinkReplays, "replay")); ≤ \(Int(BudgetsBench.shrinkBudgetSeconds)) s)",
        f.shrinkSeconds, "s", verdict: f.shrinkSeconds <= BudgetsBench.shrinkBudgetSeconds),
      row(
        ":history --json of \(counted(f.historyEntries, "action")) "
          + "(≤ \(Int(BudgetsBench.historyJSONBudgetSeconds)) s)",
        f.historyJSONSeconds, "s",
        verdict: f.historyJSONSeconds <= BudgetsBench.historyJSONBudgetSeconds),
      row("  per entry", f.historyMicrosecondsPerEntry, "µs"),
      row("  wall-clock: shrink (information)", f.shrinkWallSeconds, "s"),
      row("  wall-clock: :history --json (information)", f.historyJSONWallSeconds, "s"),
      row("  written as before issue 33 (information)", f.historyJSONSecondsBefore, "s"),
    ]
  }

  mutating func addTravel(_ f: TravelBench.Figures) {
    let megabytes = Double(f.sessionResidentBytes) / 1_048_576
    sections.append(
      (
        "travel",
        [
          "actions": f.actions, "checkpointInterval": f.checkpointInterval,
          "checkpoints": f.checkpoints, "gotoMedianMs": round(f.gotoMedianMs, 3),
          "gotoMaxMs": round(f.gotoMaxMs, 3), "backMaxMs": round(f.backMaxMs, 3),
          "forwardMaxMs": round(f.forwardMaxMs, 3), "targetMs": 50,
          "sessionResidentMB": round(megabytes), "shrinkActions": f.shrinkActions,
          "shrunkTo": f.shrunkTo, "shrinkReplays": f.shrinkReplays,
          "shrinkSeconds": round(f.shrinkSeconds, 3), "shrinkTargetSeconds": 10,
          "historyBytesPerAction100k": round(f.historyBytesPerAction100k, 1),
          "historyBytesPerAction1M": round(f.historyBytesPerAction1M, 1),
          "historyActionBytesPerAction1M": round(f.historyActionBytesPerAction1M, 2),
          "historyTargetBytesPerAction": 16,
        ]
      ))
    let slowest = max(f.gotoMaxMs, f.backMaxMs, f.forwardMaxMs)
    lines += [
      "",
      "travel — a session of \(f.actions) mixed actions, a state kept every "
        + "\(f.checkpointInterval) (\(f.checkpoints) kept)",
      row(":goto to 200 random states, median", f.gotoMedianMs, "ms"),
      row(
        "slowest :goto, :back or :forward (target ≤ 50 ms)", slowest, "ms", verdict: slowest <= 50),
      row("memory the session holds (resident, grown while built)", megabytes, "MB"),
      row(
        "shrink \(counted(f.shrinkActions, "action")) to \(f.shrunkTo) "
          + "(\(counted(f.shrinkReplays, "replay")); ≤ 10 s)",
        f.shrinkSeconds, "s", verdict: f.shrinkSeconds <= 10),
      row("REPL memory per action, 100,000 typed commands", f.historyBytesPerAction100k, "B"),
      row(
        "REPL memory per action, 1,000,000 (target ≤ 16, flat)", f.historyBytesPerAction1M,
        "B", verdict: f.historyBytesPerAction1M <= 16),
      row(
        "  of which the history's entries and distinct actions", f.historyActionBytesPerAction1M,
        "B"),
    ]
  }

  mutating func addCasePaths(_ f: CasePathBench.Figures) {
    sections.append(
      (
        "casePaths",
        [
          "handWrittenMatchNs": round(f.handMatchNs, 2),
          "handWrittenMissNs": round(f.handMissNs, 2),
          "explicitMatchNs": round(f.explicitMatchNs, 2),
          "explicitMissNs": round(f.explicitMissNs, 2),
          "reflectiveMatchNs": round(f.reflectiveMatchNs, 2),
          "reflectiveMissNs": round(f.reflectiveMissNs, 2),
        ]
      ))
    lines += [
      "", "case paths — extracting a case two levels down (Root.middle(.leaf(…)))",
      row("hand-written if case, action of the case", f.handMatchNs, "ns/action"),
      row("hand-written if case, action of another case", f.handMissNs, "ns/action"),
      row("explicit ActionCase.appending, of the case", f.explicitMatchNs, "ns/action"),
      row("explicit ActionCase.appending, another case", f.explicitMissNs, "ns/action"),
      row("reflective, by key path \\.middle.leaf, of the case", f.reflectiveMatchNs, "ns/action"),
      row("reflective, by key path \\.middle.leaf, another case", f.reflectiveMissNs, "ns/action"),
    ]
  }

  mutating func addDependencies(_ f: DependencyBench.Figures) {
    sections.append(
      (
        "dependencies",
        [
          "actions": f.actions, "plainNs": round(f.plain, 2),
          "overriddenNs": round(f.overridden, 2),
          "readingAmbientNs": round(f.readingAmbient, 2),
          "readingOverriddenNs": round(f.readingOverridden, 2),
        ]
      ))
    lines += [
      "",
      "dependencies — the reference workload, observed, \(f.actions) actions (ns/action)",
      row("store without overrides (ambient values)", f.plain, "ns"),
      row("store with overrides (set around every reduce)", f.overridden, "ns"),
      row("reducer reading a dependency, no overrides", f.readingAmbient, "ns"),
      row("reducer reading a dependency, store with overrides", f.readingOverridden, "ns"),
    ]
  }

  private static func shrinkingValues(_ row: ShrinkingMeasurement) -> [String: Any] {
    [
      "ideal": (row.ideal * 100).rounded() / 100, "medianEvaluations": row.medianEvaluations,
      "seeds": row.seeds, "failuresFound": row.failuresFound,
    ]
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text.padding(toLength: Swift.max(width, text.count), withPad: " ", startingAt: 0)
  }

  private func milliseconds(_ duration: Duration) -> Double {
    ActionLogBenchmark.seconds(duration) * 1000
  }

  mutating func addDates(_ rows: [DateBench.Row]) {
    sections.append(("dates", Dictionary(rows.map { ($0.label, round($0.ns)) }) { $1 }))
    lines += ["", "dates — the clock's date work per call (ns), the app's way and Calendar's"]
    lines += rows.map { row($0.label, $0.ns, "ns/call") }
  }

  func text() -> String { lines.joined(separator: "\n") }

  func json() -> String {
    var object: [String: Any] = [:]
    for section in sections { object[section.name] = section.values }
    guard
      let data = try? JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  func row(_ label: String, _ value: Double, _ unit: String = "", verdict: Bool? = nil)
    -> String
  {
    let padded = label.padding(toLength: 60, withPad: " ", startingAt: 0)
    let number = value >= 100 ? String(format: "%8.1f", value) : String(format: "%8.3f", value)
    let mark = verdict.map { $0 ? "  ok" : "  MISSED" } ?? ""
    return "  \(padded)\(number) \(unit)\(mark)"
  }

  func round(_ value: Double, _ places: Int = 1) -> Double {
    let scale = pow(10, Double(places))
    return (value * scale).rounded() / scale
  }
}
