import Store
import StoreTesting
import Testing

/// Checks `property` from `seed` and expects it to fail with exactly the schedule `ideal`.
@MainActor
func expectFound<R>(
  _ property: EffectProperty<R>, ideal: [String], seed: UInt64 = 1,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let result = await property.check(.seed(seed), reportFailure: { _ in })
  #expect(result.verdict == .failed, sourceLocation: sourceLocation)
  #expect(result.counterexample?.schedule == ideal, sourceLocation: sourceLocation)
  if result.counterexample?.schedule != ideal { print(result.message ?? "passed") }
}

/// Checks `property` from `seed` and expects every run to pass.
@MainActor
func expectPasses<R>(
  _ property: EffectProperty<R>, seed: UInt64 = 1, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let result = await property.check(.seed(seed), reportFailure: { _ in })
  #expect(result.verdict == .passed, "\(result.message ?? "")", sourceLocation: sourceLocation)
  #expect(result.examples == 100, sourceLocation: sourceLocation)
}

@Suite("Effect properties find the classic races and pass the correct twins")
@MainActor
struct EffectCorpusTests {
  @Test("a stale answer that overwrites a newer search: two searches, the second answered first")
  func staleSearch() async {
    await expectFound(
      StaleSearch.property(fixed: false),
      ideal: [
        "send .search(\"a\")", "send .search(\"b\")", "answer fetch call 1: .success(0)", "settle",
        "answer fetch call 0: .success(0)",
      ])
    await expectPasses(StaleSearch.property(fixed: true))
  }

  @Test("a forgotten cancelInFlight: two loads, both answered")
  func doubleLoad() async {
    await expectFound(
      DoubleLoad.property(fixed: false),
      ideal: [
        "send .load", "send .load", "settle", "answer fetch call 0: .success(0)",
        "answer fetch call 0: .success(0)",
      ])
    await expectPasses(DoubleLoad.property(fixed: true))
  }

  @Test("a debounce that lets two searches through: two keystrokes, then the clock moves")
  func debounce() async {
    // The ideal types "a" then "b"; from this seed the shrinker stops at the mirror image, which
    // only a pass that trades values between two steps would turn round.
    await expectFound(
      DebouncedSearch.property(fixed: false),
      ideal: ["send .type(\"b\")", "send .type(\"a\")", "settle", "advance .milliseconds(300)"])
    await expectPasses(DebouncedSearch.property(fixed: true))
  }

  @Test("an effect that still sends after its sheet closed: open, close, answer")
  func sendAfterDismissal() async {
    await expectFound(
      DetailSheet.property(fixed: false),
      ideal: ["send .open", "send .close", "settle", "answer fetch call 0: .success(0)"])
    await expectPasses(DetailSheet.property(fixed: true))
  }

  @Test("a timer not stopped when its screen hides: show, hide, one second")
  func timerNotStopped() async {
    await expectFound(
      TickingScreen.property(fixed: false),
      ideal: ["send .show", "settle", "send .hide", "advance .seconds(1)"])
    await expectPasses(TickingScreen.property(fixed: true))
  }

  @Test("a retry that doubles requests: one load whose request fails")
  func doubledRetry() async {
    await expectFound(
      RetryingLoad.property(fixed: false),
      ideal: ["send .load", "answer fetch call 0: .failure(CorpusFailure())"])
    await expectPasses(RetryingLoad.property(fixed: true))
  }

  @Test("a lost update across two effects: two taps, both saved")
  func lostUpdate() async {
    await expectFound(
      LikeButton.property(fixed: false),
      ideal: [
        "send .tap", "send .tap", "settle", "answer save call 0: .success(0)",
        "answer save call 0: .success(0)",
      ])
    await expectPasses(LikeButton.property(fixed: true))
  }

  @Test("a merge where a concatenation was meant: save, the reload answers first")
  func mergeInsteadOfConcatenate() async {
    await expectFound(
      SaveThenReload.property(fixed: false),
      ideal: ["send .save", "answer reload call 0: .success(0)"])
    await expectPasses(SaveThenReload.property(fixed: true))
  }
}
