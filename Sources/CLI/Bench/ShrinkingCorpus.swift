import PropertyTesting
import Store

/// A quality corpus for the shrinker and the generators: Hypothesis's own shrink-quality and
/// discovery tests ported to ``Gen``, and reducer bugs for ``ReducerProperty``. Unlike the
/// shrinking challenge it is not a target to tune for: it measures how well the engine does on
/// problems it was not built around, side by side with Hypothesis
/// (`scripts/compare-hypothesis.py` runs the same problems there).
///
/// `uniflow-bench --only shrinking` reports, for each problem, the share of seeds reaching the
/// ideal (for discovery problems: finding a failure at all) and the median number of property
/// runs shrinking took.
///
/// ```swift
/// let rows = ShrinkingChallenges.measure(ShrinkingCorpus.all, seeds: 0..<100)
/// ```
enum ShrinkingCorpus {
  /// Every problem: shrink quality, discovery, reducers, the local minima of issue 19, the
  /// problems of those kinds the shrinker was not tuned on, their variants over ranges, offsets
  /// and element types, the kinds an outside user found it short on (issue 33), and problems of
  /// those classes written after the passes for them.
  static let all: [ShrinkingChallenge] =
    quality + discovery + reducers + localMinima + unseen + variants + outside + holdout
    + holdout2 + holdout3
}
