import Foundation
import Store
import Testing

@testable import CLI

@Suite("Shrinking challenge")
struct ShrinkingChallengeTests {
  /// A few fixed seeds per challenge: fast and deterministic. The share of 100 seeds reaching the
  /// ideal, and the shrinking cost, are measured by `uniflow bench`, not here.
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
        == dumpText([[], [], [], [-1], [-32768]] as [[Int16]]))
    #expect(
      ShrinkingChallenges.calculator.run(0).counterexample
        == dumpText(Expression.div(.int(0), .add(.int(0), .int(0)))))
    #expect(ShrinkingChallenges.differenceSmall.run(0).counterexample == dumpText((10, 6)))
    #expect(ShrinkingChallenges.deletion.run(0).counterexample == dumpText(([0, 0], 0)))
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
