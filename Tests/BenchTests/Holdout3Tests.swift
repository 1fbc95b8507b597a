import Testing

@testable import Bench

/// The third holdout's problems that missed their ideal before the passes for them, each from the
/// seeds that missed (`uniflow-bench --only shrinking --problems NAME` at 472ca58, main's engine,
/// printed them): every one now reaches the ideal worked out by hand.
@Suite("Shrinking: the third holdout")
struct Holdout3Tests {
  @Test(
    "a problem that missed its ideal before its pass now reaches it from the seeds that missed",
    arguments: [
      ("weighted_sum_of_three_fields", [2, 5, 6]),
      ("saturday_afternoon_in_2024", [0, 1, 2]),
      ("dictionary_keys_collide_ignoring_case", [33, 37, 83]),
      ("successor_pair_with_product_100", [0, 1, 3]),
      ("float_product_below_minus_1", [0, 1, 3]),
      ("cached_area_of_shapes", [0, 1, 2]),
      ("five_characters_in_two_inner_lists", [0, 2, 4]),
      ("int8_product_overflows", [0, 1, 2]),
      ("symmetry_check_reads_one_row", [0, 1]),
      ("undo_forgets_unsaved_text", [1, 3, 5]),
    ] as [(String, [UInt64])])
  func reachesIdeal(name: String, seeds: [UInt64]) throws {
    let problem = try #require(ShrinkingCorpus.holdout3.first { $0.name == name })
    for seed in seeds {
      let outcome = problem.run(seed)
      #expect(outcome.ideal, "\(name), seed \(seed): \(outcome.counterexample)")
    }
  }

  @Test("the third holdout holds at least 30 problems, each under a name of its own")
  func size() {
    #expect(ShrinkingCorpus.holdout3.count >= 30)
    #expect(Set(ShrinkingCorpus.holdout3.map(\.name)).count == ShrinkingCorpus.holdout3.count)
  }
}
