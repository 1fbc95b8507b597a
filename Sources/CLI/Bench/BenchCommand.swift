import Console
import Effects
import Foundation
import UniflowConsole

/// `uniflow-bench [--json] [--only SECTION…] [--actions N]`: measures the store and prints the figures side by
/// side with their targets. A figure the bench did not measure is absent, never estimated.
enum BenchCommand {
  /// The sections, in the order they run and print.
  static let sections = [
    "dispatch", "scopedDispatch", "replay", "record", "derivedReplay", "gazetteer", "startup",
    "shrinking", "travel", "budgets", "changed", "dates", "casePaths", "children",
    "outside-routing", "dependencies", "effects", "effect-properties", "outside-app",
  ]

  struct Arguments: Equatable {
    var json = false
    var help = false
    var only: Set<String> = []
    /// Actions per dispatch run; fewer for a quick look or a profiler.
    var actions = 1_000_000
    /// Seeds per shrinking problem.
    var seeds = 100
    /// The shrinking problems to run (challenge or corpus names); all when empty.
    var problems: Set<String> = []
    /// A directory to keep the replay section's logs in (to profile `uniflow replay` on them);
    /// nil: they are deleted.
    var keepLogs: String?
  }

  static let usage: TerminalText = """
    Usage: uniflow-bench [--json] [--only SECTION[,SECTION…]] [--actions N] [--seeds N]
                         [--problems NAME[,NAME…]] [--keep-logs DIR]

    Sections: \(sections.joined(separator: ", ")).
    --seeds and --problems narrow the shrinking section: seeds per problem (default 100), and
    which challenges and corpus problems to run (default all); and the effect-properties section
    (its planted bugs by name). --keep-logs DIR keeps the replay section's logs there
    (replay-100000.log, replay-1000000.log), to profile `uniflow replay` on them.
    Run a release build: scripts/build-release.sh && .build/static/release/uniflow-bench
    (or swift run -c release uniflow-bench); a debug build's figures say nothing.
    """

  /// Parses the arguments of `uniflow-bench` (and of `uniflow bench`, which runs it).
  static func parse(_ arguments: [String]) throws(UsageError) -> Arguments {
    var parsed = Arguments()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--help", "-h": parsed.help = true
      case "--json": parsed.json = true
      case "--actions":
        guard let text = remaining.popFirst(), let count = Int(text),
          (1000...1_000_000_000).contains(count)
        else {
          throw UsageError("--actions needs a whole number from 1000 to 1000000000")
        }
        parsed.actions = count
      case "--seeds":
        guard let text = remaining.popFirst(), let count = Int(text),
          (1...1_000_000).contains(count)
        else {
          throw UsageError("--seeds needs a whole number from 1 to 1000000")
        }
        parsed.seeds = count
      case "--problems":
        guard let list = remaining.popFirst() else {
          throw UsageError("--problems needs a list of shrinking problem names")
        }
        parsed.problems.formUnion(list.split(separator: ",").map(String.init))
      case "--keep-logs":
        guard let directory = remaining.popFirst(), !directory.isEmpty else {
          throw UsageError("--keep-logs needs a directory to keep the replay section's logs in")
        }
        parsed.keepLogs = directory
      case "--only":
        guard let list = remaining.popFirst() else {
          throw UsageError("--only needs a section: \(sections.joined(separator: ", "))")
        }
        for name in list.split(separator: ",").map(String.init) {
          guard sections.contains(name) else {
            throw UsageError(
              "bench has no section '\(name)'; the sections are \(sections.joined(separator: ", "))"
            )
          }
          parsed.only.insert(name)
        }
      default:
        throw UsageError(
          "bench: unknown argument '\(argument)'; it takes --json, --only SECTION[,SECTION…], "
            + "--actions N, --seeds N, --problems NAME[,NAME…] and --keep-logs DIR (uniflow-bench --help)"
        )
      }
    }
    return parsed
  }

  @MainActor
  static func run(_ arguments: Arguments) async -> Int32 {
    if arguments.help {
      StandardStreams.write(usage + "\n")
      return 0
    }
    let wanted = arguments.only.isEmpty ? Set(sections) : arguments.only
    var report = BenchReport()
    let progress: (String) -> Void = { text in
      if !arguments.json { StandardStreams.write("… \(text)\n", to: .error) }
    }
    if wanted.contains("dispatch") || wanted.contains("scopedDispatch") {
      progress("dispatch: \(counted(arguments.actions, "action")), best of 5 interleaved rounds")
      let figures = DispatchBench.run(count: arguments.actions, appCount: arguments.actions / 10)
      if wanted.contains("dispatch") { report.addDispatch(figures) }
      if wanted.contains("scopedDispatch") { report.addScopedDispatch(figures) }
    }
    if wanted.contains("replay") || wanted.contains("record") {
      progress("replay and record: logs of 100,000 and 1,000,000 mixed actions")
      do {
        let figures = try LogBench.run(keepingLogsIn: arguments.keepLogs)
        if wanted.contains("replay") { report.addReplay(figures) }
        if wanted.contains("record") { report.addRecord(figures) }
      } catch {
        StandardStreams.write("bench: replay: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("derivedReplay") {
      progress("derived codec: logs of 1,000,000 actions that are only Codable")
      do {
        report.addDerivedReplay(try DerivedLogBench.run(count: arguments.actions))
      } catch {
        StandardStreams.write("bench: derivedReplay: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("gazetteer") {
      progress("gazetteer: a fresh load, then 1,000 lookups")
      do {
        report.addGazetteer(try GazetteerTimings.measure())
      } catch {
        StandardStreams.write("bench: gazetteer: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("startup") {
      progress("startup: 21 runs each")
      report.addStartup(
        StartupBench.run([
          (name: "noDefaultLocation", arguments: ["--offline", "--no-default-location"]),
          (name: "defaultLocation", arguments: ["--offline"]),
        ]))
    }
    if wanted.contains("shrinking") {
      let names = arguments.problems.isEmpty ? nil : arguments.problems
      let seeds = 0..<UInt64(arguments.seeds)
      progress("shrinking: 13 challenges × \(arguments.seeds) seeds")
      let challenges = ShrinkingChallenges.measure(seeds: seeds, only: names)
      progress("shrinking: \(ShrinkingCorpus.all.count) corpus problems × \(arguments.seeds) seeds")
      let corpus = ShrinkingChallenges.measure(ShrinkingCorpus.all, seeds: seeds, only: names)
      report.addShrinking(challenges, corpus: corpus, seeds: arguments.seeds)
    }
    if wanted.contains("travel") {
      progress("travel: a session of 100,000 actions; shrink a log of 10,000")
      do {
        report.addTravel(try await TravelBench.run())
      } catch {
        StandardStreams.write("bench: travel: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("budgets") {
      progress("budgets: shrink 10,000 actions all needed; :history --json of 300,000")
      do {
        report.addBudgets(try BudgetsBench.run())
      } catch {
        StandardStreams.write("bench: budgets: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("changed") {
      progress("changed: :changed and :find over a session of 1,000,000 typed commands")
      do {
        report.addChanged(try ChangedBench.run())
      } catch {
        StandardStreams.write("bench: changed: \(error)\n", to: .error)
        return 1
      }
    }
    if wanted.contains("dates") {
      progress("dates: the clock's date work, 100,000 calls, best of 5")
      report.addDates(DateBench.run())
    }
    if wanted.contains("casePaths") {
      progress("casePaths: \(arguments.actions) actions per form, best of 5 interleaved rounds")
      report.addCasePaths(CasePathBench.run(count: arguments.actions))
    }
    if wanted.contains("children") {
      progress("children: \(arguments.actions) actions to one row of 1,000, and to an ifLet child")
      report.addChildren(ChildrenBench.run(count: arguments.actions))
    }
    if wanted.contains("outside-routing") {
      progress(
        "outside-routing: \(arguments.actions) actions per route and tree, best of 5 rounds")
      report.addOutsideRouting(OutsideRoutingBench.run(count: arguments.actions))
    }
    if wanted.contains("dependencies") {
      progress("dependencies: \(arguments.actions) actions × 4 stores, best of 5 rounds")
      report.addDependencies(DependencyBench.run(count: arguments.actions))
    }
    if wanted.contains("effects") {
      progress("effects: \(arguments.actions / 10) `.run` effects on a live store, best of 5")
      let figures = await EffectBench.run(count: max(1, arguments.actions / 10))
      report.add("effects", EffectBench.json(figures), EffectBench.lines(figures))
    }
    if wanted.contains("effect-properties") {
      progress(
        "effect-properties: \(EffectCorpus.all.count) planted bugs × \(arguments.seeds) seeds")
      let figures = await EffectPropertyBench.run(
        seeds: arguments.seeds, only: arguments.problems.isEmpty ? nil : arguments.problems)
      report.add(
        "effectProperties", EffectPropertyBench.json(figures), EffectPropertyBench.lines(figures))
    }
    if wanted.contains("outside-app") {
      let commands = max(100, arguments.actions / 50)
      progress(
        "outside-app: logs of \(counted(arguments.actions, "action")) and sessions of "
          + "\(counted(commands, "command")), the podcast app and the demo in turn")
      do {
        report.addOutsideApp(
          try await OutsideAppBench.run(actions: arguments.actions, commands: commands))
      } catch {
        StandardStreams.write("bench: outside-app: \(error)\n", to: .error)
        return 1
      }
    }
    if arguments.json {
      StandardStreams.write(TerminalText(json: report.json()) + "\n")
    } else {
      for line in report.text().split(separator: "\n", omittingEmptySubsequences: false) {
        StandardStreams.write("\(line)\n")
      }
    }
    return 0
  }
}
