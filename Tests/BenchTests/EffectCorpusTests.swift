import PropertyTesting
import Store
import Testing

@testable import Bench

@Suite("Effect properties find the classic races and pass the correct twins")
@MainActor
struct EffectCorpusTests {
  /// One seed here, fast and deterministic; `uniflow-bench --only effect-properties` counts
  /// how many of 100 seeds find each bug and reach its ideal.
  @Test(
    "each planted effect bug is found and shrunk to its ideal schedule (or its mirror image)",
    arguments: EffectCorpus.all.map(\.name))
  func plantedBugIsFound(name: String) async throws {
    let problem = try #require(EffectCorpus.all.first { $0.name == name })
    let outcome = await problem.check(false, .seed(1))
    #expect(outcome.failed)
    // The mirror image (two steps' values traded) is a local minimum the shrinker cannot leave.
    let minimal = [problem.ideal] + (problem.mirror.map { [$0] } ?? [])
    #expect(outcome.schedule.map(minimal.contains) == true, "\(outcome.message ?? "")")
  }

  @Test(
    "the correct twin of each planted bug passes 100 runs", arguments: EffectCorpus.all.map(\.name))
  func correctTwinPasses(name: String) async throws {
    let problem = try #require(EffectCorpus.all.first { $0.name == name })
    let outcome = await problem.check(true, .seed(1))
    #expect(!outcome.failed, "\(outcome.message ?? "")")
    #expect(outcome.examples == 100)
  }

  @Test("the same seed finds the same counterexample on every run, shrunk the same way")
  func sameSeedSameOutcome() async {
    for problem in EffectCorpus.all {
      let first = await problem.check(false, .seed(7))
      let second = await problem.check(false, .seed(7))
      #expect(first.message == second.message, "\(problem.name)")
      #expect(first.shrinkRuns == second.shrinkRuns, "\(problem.name)")
    }
  }
}
