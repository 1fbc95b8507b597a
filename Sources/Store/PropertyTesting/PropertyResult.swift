import Store

/// What a property check found.
///
/// ```swift
/// let result = forAll(Gen.int.array(), reportFailure: { _ in }) { $0.reversed() == $0 }
/// result.verdict          // .failed
/// result.counterexample   // [0, 1]
/// print(result.message!)  // the report: counterexample, seed, replay token
/// ```
public struct PropertyResult<Value> {
  /// How the check ended.
  public enum Verdict: Equatable, Sendable {
    /// Every example passed (or the replayed one did).
    case passed
    /// An example failed; ``counterexample`` is the simplest failing one found.
    case failed
    /// An example failed and then passed when run again with the same input: not shrunk.
    case flaky
    /// The check could not run enough examples (a filter or `assume` rejected too many, a replay
    /// token did not fit, the seed variable was malformed).
    case gaveUp
  }

  /// How the check ended.
  public let verdict: Verdict
  /// The report, exactly as given to the failure reporter; nil when the check passed.
  public let message: String?
  /// The shrunk failing input (or, when flaky, the input that failed once).
  public let counterexample: Value?
  /// The seed the search started from; nil for a replay.
  public let seed: UInt64?
  /// How many examples passed before the check ended.
  public let examples: Int
  /// How many times the property ran after the first failure: the cost of shrinking.
  public let shrinkRuns: Int
  /// The token that replays ``counterexample``.
  public let replayToken: String?
  /// What the search tested, in one line: how many examples ran (and were discarded) and the
  /// share of each ``label(_:)``, e.g. `100 examples: 62% non-empty, 38% empty`.
  public let statistics: String

  /// Whether the check passed.
  public var passed: Bool { verdict == .passed }
}
