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
  ///
  /// ```swift
  /// if result.verdict == .flaky { print(result.message!) }
  /// ```
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
  ///
  /// ```swift
  /// #expect(result.verdict == .passed)
  /// ```
  public let verdict: Verdict
  /// The report, exactly as given to the failure reporter; nil when the check passed.
  ///
  /// ```swift
  /// print(result.message ?? "passed")
  /// ```
  public let message: String?
  /// The shrunk failing input (or, when flaky, the input that failed once).
  ///
  /// ```swift
  /// #expect(result.counterexample == [0, 1])
  /// ```
  public let counterexample: Value?
  /// The seed the search started from; nil for a replay.
  ///
  /// ```swift
  /// forAll(gen, .seed(result.seed!)) { … }   // the same search again
  /// ```
  public let seed: UInt64?
  /// How many examples passed before the check ended.
  ///
  /// ```swift
  /// #expect(result.examples == 100)
  /// ```
  public let examples: Int
  /// How many times the property ran after the first failure: the cost of shrinking.
  ///
  /// ```swift
  /// print("shrunk in \(result.shrinkRuns) runs")
  /// ```
  public let shrinkRuns: Int
  /// The token that replays ``counterexample``.
  ///
  /// ```swift
  /// forAll(gen, .replay(result.replayToken!)) { … }   // that input, once
  /// ```
  public let replayToken: String?
  /// What the search tested, in one line: how many examples ran (and were discarded) and the
  /// share of each ``label(_:)``, e.g. `100 examples: 62% non-empty, 38% empty`.
  ///
  /// ```swift
  /// print(result.statistics)   // "100 examples: 62% non-empty, 38% empty"
  /// ```
  public let statistics: String

  /// Whether the check passed.
  ///
  /// ```swift
  /// #expect(forAll(Gen.int) { $0 == $0 }.passed)
  /// ```
  public var passed: Bool { verdict == .passed }
}
