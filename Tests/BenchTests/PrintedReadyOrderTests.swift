import PropertyTesting
import Store
import StoreTesting
import Testing

@testable import Bench

/// The ready-effects race a second after launch: the clock wakes the effect whose action starts
/// the two theme effects, so their order is drawn during a clock move.
struct DelayedThemes: Reducer {
  struct State: Equatable, Sendable { var theme = "" }
  enum Action: Equatable, Sendable {
    case launch, apply
    case applied(String)
  }

  @Dependency(\.continuousClock) var clock

  static let darkLine = #line + 11
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .launch:
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        await send(.apply)
      }
    case .apply:
      return .merge(
        .run { send in await send(.applied("light")) },
        .run { send in await send(.applied("dark")) })
    case .applied(let theme):
      state.theme = theme
      return .none
    }
  }
}

/// The `TestStore` test the ready-effects race of the corpus (`ThemeSettings`) prints, and the
/// same text compiled: it runs the effects in the order the property drew, and fails the same
/// way.
@Suite("The test an effect property prints reproduces the effect order it drew")
@MainActor
struct PrintedReadyOrderTests {
  /// The body of the test printed for the planted race, from seed 1.
  static let printed = """
      let clock = TestClock()
      let store = TestStore(initialState: ThemeSettings.State(isLaunched: false, saved: "dark", theme: ""), reducer: ThemeSettings(fixed: false)) {
        $0.continuousClock = clock
      }
      store.exhaustivity = .off
      store.effectStarts = .held
      await store.send(.launch)
      await store.runFirst("Bench/EffectCorpus+Ready.swift:31:37", index: 1, of: 2)
      await store.skipReceivedActions(strict: false)
      // "a launched screen shows the saved theme" does not hold once every effect has settled
    """

  @Test("the planted ready-effect race prints a test that starts the drawn effect first")
  func printsRunFirst() async {
    let result = await ThemeSettings.property(fixed: false).check(.seed(1), reportFailure: { _ in })
    #expect(result.message?.contains(Self.printed) == true, "\(result.message ?? "")")
  }

  // PrintedCorpusTests checks that the corpus' property prints this test:
  // printed: ready effects race
  // snippet: printed-ready-order
  @Test("the saved theme's effect runs first, and the default theme overwrites it")
  func defaultOverwritesSaved() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: ThemeSettings.State(isLaunched: false, saved: "dark", theme: ""),
      reducer: ThemeSettings(fixed: false)
    ) {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    store.effectStarts = .held
    await store.send(.launch)
    await store.runFirst("Bench/EffectCorpus+Ready.swift:31:37", index: 1, of: 2)
    await store.skipReceivedActions(strict: false)
    // "a launched screen shows the saved theme" does not hold once every effect has settled
    #expect(store.state.theme == "light")  // the bug, reproduced; once fixed, "dark"
  }
  // snippet: end

  /// The printed test's store, on the buggy reducer or its correct twin.
  func store(fixed: Bool) -> TestStore<ThemeSettings.State, ThemeSettings.Action> {
    let store = TestStore(
      initialState: ThemeSettings.State(isLaunched: false, saved: "dark", theme: ""),
      reducer: ThemeSettings(fixed: fixed)
    ) {
      $0.continuousClock = TestClock()
    }
    store.exhaustivity = .off
    store.effectStarts = .held
    return store
  }

  /// The body of the test printed for the race during a clock move, from seed 1.
  static var printedDuringMove: String {
    let effect = "BenchTests/PrintedReadyOrderTests.swift:\(DelayedThemes.darkLine):14"
    return """
        store.effectStarts = .held
        await store.send(.launch)
        clock.runFirst("\(effect)", index: 1, of: 2)
        await clock.advance(by: .seconds(1))
        await store.skipReceivedActions(strict: false)
        // "the theme applied last shows" does not hold once every effect has settled
      """
  }

  @Test("an order drawn during a clock move prints clock.runFirst before the advance")
  func orderDuringMovePrintsPlan() async {
    let result = await EffectProperty(DelayedThemes(), initialState: DelayedThemes.State())
      .action("launch", when: { $0.theme.isEmpty }) { _ in .just(.launch) }
      .eventually("the theme applied last shows") { $0.theme != "light" }
      .check(.seed(1), reportFailure: { _ in })
    let effect =
      "the `.run` at BenchTests/PrintedReadyOrderTests.swift:\(DelayedThemes.darkLine):14"
    #expect(
      result.counterexample?.schedule == [
        "send .launch", "advance .seconds(1)", "run ready effect 1 of 2 first: \(effect)",
      ])
    let message = result.message ?? ""
    #expect(message.contains(Self.printedDuringMove), "\(message)")
    #expect(!message.contains("// here the run"))
  }

  // snippet: printed-order-during-move
  @Test("the printed test of a race during a clock move, compiled, applies the dark theme first")
  func darkFirstDuringMove() async {
    let clock = TestClock()
    let store = TestStore(initialState: DelayedThemes.State(theme: ""), reducer: DelayedThemes()) {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    store.effectStarts = .held
    await store.send(.launch)
    clock.runFirst(
      "BenchTests/PrintedReadyOrderTests.swift:\(DelayedThemes.darkLine):14", index: 1, of: 2)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions(strict: false)
    // "the theme applied last shows" does not hold once every effect has settled
    #expect(store.state.theme == "light")  // the failure, reproduced
  }
  // snippet: end

  @Test("without clock.runFirst, the effects held during the move run in start order")
  func startOrderDuringMove() async {
    let clock = TestClock()
    let store = TestStore(initialState: DelayedThemes.State(), reducer: DelayedThemes()) {
      $0.continuousClock = clock
    }
    store.effectStarts = .held
    await store.send(.launch)
    await clock.advance(by: .seconds(1))  // exhaustive: the theme actions are received
    await store.receive(.apply)
    await store.receive(.applied("light")) { $0.theme = "light" }
    await store.receive(.applied("dark")) { $0.theme = "dark" }
    await store.finish()
  }

  @Test("the printed test of two alarms due together, compiled, rings the second one first")
  func alarmsInDrawnOrder() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TwoAlarms.State(isArmed: false, rang: []), reducer: TwoAlarms()
    ) {
      $0.continuousClock = clock
    }
    store.exhaustivity = .off
    await store.send(.arm)
    clock.wakeFirst(
      "BenchTests/ReadyEffectOrderTests.swift:\(TwoAlarms.secondLine):14", index: 1, of: 2)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions(strict: false)
    // "the alarm set second rings last" does not hold once every effect has settled
    #expect(store.state.rang == ["second", "first"])
  }

  @Test("a wakeFirst no advance can follow fails at its line, saying what it looked for")
  func wakeFirstUnused() async {
    let clock = TestClock()
    await withKnownIssue {
      clock.wakeFirst("Alarms.swift:21", index: 1, of: 2)
      await clock.advance(by: .seconds(1))
    } matching: { issue in
      String(describing: issue).contains(
        "wakeFirst(\"Alarms.swift:21\", index: 1, of: 2) found no 2 sleepers due at the same "
          + "instant, the one at index 1 written at Alarms.swift:21, in the advance to +1.0 "
          + "seconds. To fix, advance to the instant they are due together, after sending the "
          + "actions whose effects sleep.")
    }
  }

  @Test("the printed test, run on the correct twin, shows the saved theme")
  func fixedTwinShowsSaved() async {
    let store = store(fixed: true)
    await store.send(.launch)
    // `concatenate` starts the saved theme's effect only once the default's has ended: one
    // effect is held at a time, and it is the default's.
    await store.runFirst("Bench/EffectCorpus+Ready.swift:30", index: 0, of: 1)
    await store.skipReceivedActions(strict: false)
    #expect(store.state.theme == "dark")
  }

  @Test("without runFirst, the effects run in the order they started, and the race is hidden")
  func startOrderHidesRace() async {
    let store = store(fixed: false)
    await store.send(.launch)
    await store.skipReceivedActions(strict: false)
    #expect(store.state.theme == "dark")
  }
}
