import PropertyTesting
import Store
import Testing

@testable import Bench

/// What a printed test says when the property cannot write part of it, and what a timer left
/// running prints.
@Suite("A printed test says what the property left out, and folds repeated clock moves")
@MainActor
struct PrintedGapsTests {
  @Test("a reducer holding a closure, given no code, prints a placeholder and says what to give")
  func reducerWithoutCode() async {
    let property = EffectProperty(
      OptimisticRename(fixed: false) { !$0.isEmpty }, initialState: .init()
    )
    .action("rename") { _ in Gen.element(of: ["a", "b", "c"]).map(OptimisticRename.Action.rename) }
    .answering(
      "saveName", values: { (call: AnsweredCall<String>) in .just(call.input) },
      failures: CorpusAnswers.failures
    ) { dependencies, call in
      dependencies.corpus.saveName = { name in try await call(name) }
    }
    .invariant("never failed") { before, action, _ in
      guard case .failed = action else { return true }
      return !before.latestSaved
    }
    .steps(1...40)
    let message = await property.check(.seed(1), reportFailure: { _ in }).message ?? ""
    #expect(
      message.contains(
        "  // The reducer holds a value with no Swift form (a closure): give it with "
          + ".code(reducer: \"…\") on the property so that this test compiles.\n"),
      "\(message)")
    #expect(message.contains("reducer: <OptimisticRename>) {"))
    #expect(message.contains("    // install saveName: calls return `saveName.next()`"))
  }

  @Test("settings made by .dependencies without code are named as missing from the printed test")
  func dependenciesWithoutCode() async {
    let property = EffectProperty(Stopwatch(fixed: false), initialState: Stopwatch.State())
      .code(initialState: "Stopwatch.State()")
      .dependencies { $0.tickInterval = .seconds(1) }
      .action("start", when: { !$0.isRunning }) { _ in .just(.start) }
      .action("stop", when: { $0.isRunning }) { _ in .just(.stop) }
      .action("reset") { _ in .just(.reset) }
      .teardown { $0.isRunning ? [.stop] : [] }
      .invariant("each tick is the next second") { $0.strayTicks == 0 }
    let message = await property.check(.seed(1), reportFailure: { _ in }).message ?? ""
    #expect(
      message.contains(
        "    // and what the property's .dependencies { … } sets: give it as "
          + ".dependencies(code: \"…\") { … } so that this test reproduces the failure\n"
          + "    $0.continuousClock = clock\n"),
      "\(message)")
  }

  @Test("a timer the user stops needs a teardown: the failure without one says so")
  func timerNeedsTeardown() async {
    let property = EffectProperty(Stopwatch(fixed: true), initialState: Stopwatch.State())
      .code(initialState: "Stopwatch.State()")
      .dependencies(code: "$0.tickInterval = .seconds(1)") { $0.tickInterval = .seconds(1) }
      .action("start", when: { !$0.isRunning }) { _ in .just(.start) }
      .action("stop", when: { $0.isRunning }) { _ in .just(.stop) }
      .invariant("each tick is the next second") { $0.strayTicks == 0 }
    let result = await property.check(.seed(1), reportFailure: { _ in })
    let message = result.message ?? ""
    #expect(result.counterexample?.drawnSteps == 1)  // send .start: the timer was never stopped
    #expect(
      message.contains(
        "the effects never settle: after 100 answers and clock moves, the `.run` at "
          + "Bench/EffectCorpus+Races.swift:"),
      "\(message)")
    #expect(
      message.contains(
        "still runs. An effect that runs until the user stops it (a timer, a stopwatch, a "
          + "poll) needs the actions that stop it sent at the end of each run: add .teardown { "
          + "state in state.isRunning ? [.stop] : [] } (with your feature's condition and "
          + "action). If the feature should have stopped it by itself, that is the bug: cancel "
          + "it where the feature ends. If it does end, later, raise .limits(settleSteps:)."))
    // The hundred clock moves of the settling print as one loop.
    #expect(message.contains("  for _ in 1...100 { await clock.advance(by: .seconds(1)) }\n"))
    let stopped = await property.teardown { $0.isRunning ? [.stop] : [] }
      .check(.seed(1), reportFailure: { _ in })
    #expect(stopped.verdict == .passed, "\(stopped.message ?? "")")
  }
}
