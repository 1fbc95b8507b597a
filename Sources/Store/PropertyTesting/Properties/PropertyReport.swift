import Store

/// Builds a ``PropertyResult`` and its report text. The text depends only on the seed, the
/// examples and the property, never on timing, so the same seed gives the same report byte for
/// byte.
///
/// ```swift
/// let report = PropertyReport<[Int]>(describe: dumpText, noun: "input")
/// report.failed(value: [0, 1], failure: "it returned false", token: "1.MgAB", seed: 7,
///               examples: 3, shrinkRuns: 40, stoppedByLimit: false, statistics: "4 examples")
/// ```
struct PropertyReport<Value> {
  let describe: (Value) -> String
  /// What a counterexample is called: "input", or "sequence of actions, as code for a test".
  var noun = "input"

  func passed(seed: UInt64?, examples: Int, statistics: String) -> PropertyResult<Value> {
    PropertyResult(
      verdict: .passed, message: nil, counterexample: nil, seed: seed, examples: examples,
      shrinkRuns: 0, replayToken: nil, statistics: statistics)
  }

  /// The search passed but a ``cover(_:_:_:fileID:line:)`` requirement was not met.
  func coverageFailed(_ unmet: String, seed: UInt64, examples: Int, statistics: String)
    -> PropertyResult<Value>
  {
    let lines = ["Property failed: \(unmet)", "", seedLine(seed)]
    return PropertyResult(
      verdict: .failed, message: lines.joined(separator: "\n"), counterexample: nil, seed: seed,
      examples: examples, shrinkRuns: 0, replayToken: nil, statistics: statistics)
  }

  func failed(
    value: Value, failure: String, token: String, seed: UInt64, examples: Int, shrinkRuns: Int,
    stoppedByLimit: Bool, statistics: String
  ) -> PropertyResult<Value> {
    var lines = [
      "Property failed: \(failure)",
      "",
      "Simplest failing \(noun) (found after \(examples) passing example\(plural(examples)), "
        + "shrunk in \(shrinkRuns) run\(plural(shrinkRuns))):",
      indent(describe(value)),
    ]
    if stoppedByLimit {
      lines.append(
        "Shrinking stopped at its limit, so a simpler input may exist; raise it with "
          + ".shrinkLimit(runs:time:).")
    }
    lines += ["", "Tested: \(statistics).", replayLine(token), seedLine(seed)]
    return PropertyResult(
      verdict: .failed, message: lines.joined(separator: "\n"), counterexample: value, seed: seed,
      examples: examples, shrinkRuns: shrinkRuns, replayToken: token, statistics: statistics)
  }

  func flaky(
    value: Value?, failure: String, token: String, seed: UInt64, examples: Int, shrinkRuns: Int,
    statistics: String
  ) -> PropertyResult<Value> {
    var lines = [
      "Property is flaky: it failed (\(failure)), then passed when run again with the same "
        + "input, so the input was not shrunk. A property must depend only on its input: look "
        + "for time, randomness or state shared between runs.",
      "",
    ]
    if let value { lines += ["Input:", indent(describe(value)), ""] }
    lines += [replayLine(token), seedLine(seed)]
    return PropertyResult(
      verdict: .flaky, message: lines.joined(separator: "\n"), counterexample: value, seed: seed,
      examples: examples, shrinkRuns: shrinkRuns, replayToken: token, statistics: statistics)
  }

  func replayFailed(value: Value?, message: String, token: String) -> PropertyResult<Value> {
    var lines = ["Property failed on the replayed input \"\(token)\": \(message)", ""]
    if let value { lines += ["Input:", indent(describe(value))] }
    return PropertyResult(
      verdict: .failed, message: lines.joined(separator: "\n"), counterexample: value, seed: nil,
      examples: 0, shrinkRuns: 0, replayToken: token, statistics: "1 example")
  }

  func gaveUp(_ reason: String, seed: UInt64?, examples: Int) -> PropertyResult<Value> {
    var message = "Property check gave up: \(reason)"
    if let seed { message += "\n" + seedLine(seed) }
    return PropertyResult(
      verdict: .gaveUp, message: message, counterexample: nil, seed: seed, examples: examples,
      shrinkRuns: 0, replayToken: nil, statistics: "\(examples) example\(plural(examples))")
  }

  private func replayLine(_ token: String) -> String {
    "Run exactly this input once: pass .replay(\"\(token)\") as the check's settings."
  }

  private func seedLine(_ seed: UInt64) -> String {
    "Search again from seed \(seed): pass .seed(\(seed)), or set "
      + "\(PropertySettings.seedVariable)=\(seed)."
  }

  private func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
      separator: "\n")
  }

  private func plural(_ count: Int) -> String { count == 1 ? "" : "s" }
}
