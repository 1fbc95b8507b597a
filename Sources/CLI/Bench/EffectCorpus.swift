import PropertyTesting
import Store

/// Reducers with a planted effect bug, each next to its correct twin, and the schedule the
/// property should shrink the bug to: what `uniflow-bench --only effect-properties` and
/// CLITests' EffectCorpusTests measure `EffectProperty` on.
enum EffectCorpus {
  /// One planted bug: its property over the buggy (`fixed: false`) or correct reducer.
  struct Problem: Sendable {
    let name: String
    /// The simplest failing schedule, as ``EffectPropertyRun/schedule`` prints it.
    let ideal: [String]
    /// The ideal with the values of two steps traded ("b" then "a" for "a" then "b"), when that
    /// fails too: a local minimum the shrinker does not leave, as it has no pass that trades
    /// values between two steps. Counted apart from the ideal.
    let mirror: [String]?
    let check: @MainActor @Sendable (_ fixed: Bool, _ settings: PropertySettings) async -> Outcome

    init<R: Reducer>(
      _ name: String, ideal: [String], mirror: [String]? = nil,
      _ property: @escaping @MainActor @Sendable (_ fixed: Bool) -> EffectProperty<R>
    ) {
      self.name = name
      self.ideal = ideal
      self.mirror = mirror
      self.check = { fixed, settings in
        let result = await property(fixed).check(settings, reportFailure: { _ in })
        return Outcome(
          failed: result.verdict == .failed, schedule: result.counterexample?.schedule,
          examples: result.examples, shrinkRuns: result.shrinkRuns, message: result.message)
      }
    }
  }

  /// What one check of a problem found.
  struct Outcome: Sendable {
    let failed: Bool
    let schedule: [String]?
    let examples: Int
    let shrinkRuns: Int
    let message: String?
  }

  static let all: [Problem] = [
    Problem(
      "stale answer overwrites",
      ideal: [
        "send .search(\"a\")", "send .search(\"b\")", "answer fetch call 1: .success(0)", "settle",
        "answer fetch call 0: .success(0)",
      ],
      mirror: [
        "send .search(\"b\")", "send .search(\"a\")", "answer fetch call 1: .success(0)", "settle",
        "answer fetch call 0: .success(0)",
      ], StaleSearch.property),
    Problem(
      "cancelInFlight forgotten",
      ideal: [
        "send .load", "send .load", "settle", "answer fetch call 0: .success(0)",
        "answer fetch call 0: .success(0)",
      ], DoubleLoad.property),
    Problem(
      "debounce lets two through",
      ideal: ["send .type(\"a\")", "send .type(\"b\")", "settle", "advance .milliseconds(300)"],
      mirror: ["send .type(\"b\")", "send .type(\"a\")", "settle", "advance .milliseconds(300)"],
      DebouncedSearch.property),
    Problem(
      "send after dismissal",
      ideal: ["send .open", "send .close", "settle", "answer fetch call 0: .success(0)"],
      DetailSheet.property),
    Problem(
      "timer not stopped",
      ideal: ["send .show", "settle", "send .hide", "advance .seconds(1)"], TickingScreen.property),
    Problem(
      "retry doubles requests",
      ideal: ["send .load", "answer fetch call 0: .failure(CorpusFailure())"],
      RetryingLoad.property),
    Problem(
      "lost update",
      ideal: [
        "send .tap", "send .tap", "settle", "answer save call 0: .success(0)",
        "answer save call 0: .success(0)",
      ], LikeButton.property),
    Problem(
      "merge for concatenate",
      ideal: ["send .save", "answer reload call 0: .success(0)"], SaveThenReload.property),
    Problem(
      "ready effects race",
      ideal: [
        "send .launch",
        "run ready effect 1 of 2 first: the `.run` at Bench/EffectCorpus+Ready.swift:31:37",
      ], ThemeSettings.property),
    Problem(
      "row effect outlives removal",
      ideal: ["send .add", "send .remind(1)", "send .remove(1)", "settle", "advance .seconds(1)"],
      ReminderList.property),
    Problem(
      "older save answers last",
      ideal: [
        "send .rename(\"a\")", "send .rename(\"b\")",
        "answer saveName call 1: .success(\"b\")",
        "answer saveName call 0: .failure(CorpusFailure())",
      ], OptimisticRename.property),
    Problem(
      "reset leaves a timer running",
      ideal: ["send .start", "send .reset", "advance .seconds(1)"], Stopwatch.property),
  ]
}
