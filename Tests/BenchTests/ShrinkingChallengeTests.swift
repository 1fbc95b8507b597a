import Foundation
import PropertyTesting
import Store
import Testing

@testable import Bench
@testable import Console
@testable import UniflowConsole

@Suite("Shrinking challenge")
struct ShrinkingChallengeTests {
  /// A few fixed seeds per challenge: fast and deterministic. The share of 100 seeds reaching the
  /// ideal, and the shrinking cost, are measured by `uniflow-bench`, not here.
  static let seeds: [UInt64] = [0, 1, 2, 3, 4]

  @Test("every challenge of the issue's table is ported, in its order")
  func names() {
    #expect(
      ShrinkingChallenges.all.map(\.name) == [
        "reverse", "largeUnionList", "bound5", "calculator", "lengthList", "differenceZero",
        "differenceSmall", "differenceOne", "binheap", "coupling", "deletion", "distinct",
        "nestedLists",
      ])
  }

  @Test(
    "each challenge shrinks to its ideal counterexample from fixed seeds",
    arguments: ShrinkingChallenges.all.map(\.name))
  func reachesIdeal(name: String) throws {
    let challenge = try #require(ShrinkingChallenges.all.first { $0.name == name })
    for seed in Self.seeds {
      let outcome = challenge.run(seed)
      #expect(outcome.foundFailure, "\(name), seed \(seed): no failure found")
      #expect(outcome.ideal, "\(name), seed \(seed): shrunk to \(outcome.counterexample)")
    }
  }

  @Test("the ideal counterexamples are the ones the issue's table lists")
  func idealsMatchTheTable() {
    #expect(
      ShrinkingChallenges.bound5.run(0).counterexample
        == "[[], [], [], [-1], [-32768]]")
    #expect(
      ShrinkingChallenges.calculator.run(0).counterexample
        == ".div(.int(0), .add(.int(0), .int(0)))")
    #expect(ShrinkingChallenges.differenceSmall.run(0).counterexample == "(10, 6)")
    #expect(ShrinkingChallenges.deletion.run(0).counterexample == "([0, 0], 0)")
  }

  @Test("the measurement reports the share of ideal seeds and the median shrinking cost")
  func measurement() throws {
    let rows = ShrinkingChallenges.measure(seeds: 0..<3, only: ["reverse", "coupling"])
    #expect(rows.map(\.name) == ["reverse", "coupling"])
    let reverse = try #require(rows.first)
    #expect(reverse.ideal == 1)
    #expect(reverse.seeds == 3)
    #expect(reverse.failuresFound == 3)
    #expect(reverse.medianEvaluations > 0)
    let runs = (0..<3).map { ShrinkingChallenges.reverse.run($0).shrinkRuns }.sorted()
    #expect(reverse.medianEvaluations == Double(runs[1]))
  }
}

@Suite("Shrinking corpus")
struct ShrinkingCorpusTests {
  @Test("every corpus problem has a twin of the same name in the Hypothesis scripts")
  func twinsInTheScript() throws {
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../scripts").standardized
    let text = try ["corpus_hypothesis.py", "corpus_machines.py"].map {
      try String(contentsOf: scripts.appendingPathComponent($0), encoding: .utf8)
    }.joined()
    let names = ShrinkingCorpus.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(names.count >= 80)
    for name in names {
      let parametrized =
        name.split(separator: "_").last.map { $0.hasPrefix("n") || $0.allSatisfy(\.isNumber) }
        ?? false
      let stem = parametrized ? String(name[..<name.lastIndex(of: "_")!]) : name
      #expect(text.contains("\"\(name)\"") || text.contains("\"\(stem)_"), "\(name) has no twin")
    }
  }

  @Test(
    "a sample of corpus problems reaches its ideal from fixed seeds",
    arguments: [
      "duplicate_containment", "text_containment_n1", "list_with_wide_gap", "minimize_3_set",
      "todo_duplicate_remove", "increment_then_add", "min_max_gap", "case_insensitive_names",
    ])
  func sample(name: String) throws {
    let problem = try #require(ShrinkingCorpus.all.first { $0.name == name })
    for seed: UInt64 in [0, 1] {
      let outcome = problem.run(seed)
      #expect(outcome.ideal, "\(name), seed \(seed): \(outcome.counterexample)")
    }
  }

  @Test("the measurement keeps a few counterexamples that missed the ideal, with their seeds")
  func misses() throws {
    let never = ShrinkingChallenge("never", Gen.int(in: 0...9)) {
      $0 < 5
    } isIdeal: { _ in
      false
    }
    let row = try #require(ShrinkingChallenges.measure([never], seeds: 0..<4).first)
    #expect(row.ideal == 0)
    #expect(row.misses == ["seed 0: 5", "seed 1: 5", "seed 2: 5"])
  }
}

@MainActor
@Suite("uniflow-bench --only shrinking")
struct ShrinkingBenchTests {
  @Test("--seeds and --problems narrow the shrinking section; bad values are refused")
  func parsesShrinkingOptions() throws {
    let parsed = try BenchCommand.parse([
      "--only", "shrinking", "--seeds", "7", "--problems", "reverse,lock_steps_0_20",
    ])
    #expect(parsed.seeds == 7)
    #expect(parsed.problems == ["reverse", "lock_steps_0_20"])
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--seeds", "0"]) }
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--problems"]) }
  }

  @Test("the report lists the challenge rows and, under corpus, each problem with its misses")
  func corpusInTheReport() throws {
    let challenge = ShrinkingChallenges.measure(seeds: 0..<2, only: ["reverse"])
    let corpus = ShrinkingChallenges.measure(
      ShrinkingCorpus.all, seeds: 0..<2, only: ["minimize_3_set", "can_produce_zero"])
    var report = BenchReport()
    report.addShrinking(challenge, corpus: corpus, seeds: 2)
    let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let shrinking = try #require(object?["shrinking"] as? [String: Any])
    #expect((shrinking["reverse"] as? [String: Any])?["ideal"] as? Double == 1)
    let rows = try #require(shrinking["corpus"] as? [String: [String: Any]])
    #expect(Set(rows.keys) == ["minimize_3_set", "can_produce_zero"])
    #expect(rows["minimize_3_set"]?["seeds"] as? Int == 2)
    #expect(
      report.text().contains("shrinking corpus — Hypothesis's quality tests and reducer bugs"))
    #expect(report.text().contains("  can_produce_zero "))
  }
}
