import PropertyTesting
import Store
import Testing

@testable import Bench
@testable import UniflowConsole

/// Two alarms set by one action for the same instant; the one set second must ring last.
struct TwoAlarms: Reducer {
  struct State: Equatable, Sendable {
    var isArmed = false
    var rang: [String] = []
  }
  enum Action: Equatable, Sendable {
    case arm
    case rang(String)
  }

  @Dependency(\.continuousClock) var clock

  static let secondLine = #line + 10
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .arm:
      state.isArmed = true
      return .merge(
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.rang("first"))
        },
        .run { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.rang("second"))
        })
    case .rang(let name):
      state.rang.append(name)
      return .none
    }
  }
}

/// One action starts `count` effects at once, each sending its number; another cancels every
/// one of them before any has started.
struct Fanout: Reducer {
  let count: Int

  struct State: Equatable, Sendable {
    var started = 0
    var heard: [Int] = []
  }
  enum Action: Equatable, Sendable {
    case fan
    case fanAndCancel
    case heard(Int)
  }

  enum CancelID { case fan }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fan, .fanAndCancel:
      state.started += count
      let effects = (0..<count).map { number in
        Effect<Action>.run { send in await send(.heard(number)) }.cancellable(id: CancelID.fan)
      }
      return action == .fan ? .merge(effects) : .merge(.merge(effects), .cancel(id: CancelID.fan))
    case .heard(let number):
      state.heard.append(number)
      return .none
    }
  }
}

@Suite("Effect properties draw which ready effect runs next")
@MainActor
struct ReadyEffectOrderTests {
  @Test(
    "sleepers due at the same instant wake in a drawn order, shrunk, printed as clock.wakeFirst")
  func sleepersDueTogether() async {
    let result = await EffectProperty(TwoAlarms(), initialState: TwoAlarms.State())
      .action("arm", when: { !$0.isArmed }) { _ in .just(.arm) }
      .eventually("the alarm set second rings last") { $0.rang.last ?? "second" == "second" }
      .check(.seed(1), reportFailure: { _ in })
    #expect(result.verdict == .failed)
    #expect(
      result.counterexample?.schedule == [
        "send .arm", "advance .seconds(1)",
        "run ready effect 1 of 2 first: the `.run` at BenchTests/ReadyEffectOrderTests.swift:"
          + "\(TwoAlarms.secondLine):14",
      ])
    #expect(
      result.message?.contains(
        "  clock.wakeFirst(\"BenchTests/ReadyEffectOrderTests.swift:\(TwoAlarms.secondLine):14\", "
          + "index: 1, of: 2)\n  await clock.advance(by: .seconds(1))\n") == true,
      "\(result.message ?? "")")
  }

  @Test("without drawn steps, effects started together run in the order they started")
  func simplestOrderIsStartOrder() async {
    let result = await ThemeSettings.property(fixed: false)
      .steps(0...0)
      .teardown { $0.isLaunched ? [] : [.launch] }
      .check(.seed(1), reportFailure: { _ in })
    #expect(result.verdict == .passed)
    #expect(result.examples == 100)
  }

  @Test("the planted ready-effect race replays from its token with the same schedule")
  func readyRaceReplays() async throws {
    let property = ThemeSettings.property(fixed: false)
    let found = await property.check(.seed(5), reportFailure: { _ in })
    let token = try #require(found.replayToken)
    let replayed = await property.check(.replay(token), reportFailure: { _ in })
    #expect(replayed.verdict == .failed)
    #expect(replayed.counterexample?.schedule == found.counterexample?.schedule)
    #expect(found.counterexample?.schedule.contains { $0.hasPrefix("run ready effect 1") } == true)
  }

  @Test("effects cancelled before they start never run, and are not drawn")
  func cancelledBeforeStart() async {
    let result = await EffectProperty(Fanout(count: 3), initialState: Fanout.State())
      .action("fanAndCancel") { _ in .just(.fanAndCancel) }
      .invariant("no cancelled effect is heard") { $0.heard.isEmpty }
      .check(.seed(1).examples(20), reportFailure: { _ in })
    #expect(result.verdict == .passed)
  }

  @Test("200 effects started at once, 100 times a normal two, each run once in a drawn order")
  func manyReadyEffects() async {
    let result = await EffectProperty(Fanout(count: 200), initialState: Fanout.State())
      .action("fan") { _ in .just(.fan) }
      .steps(1...1)
      .eventually("the effects ran in start order (false: to see the run)") {
        $0.heard == Array(0..<200)
      }
      .check(.seed(1).examples(1).shrinkLimit(runs: 1), reportFailure: { _ in })
    let run = result.counterexample
    #expect(run?.finalState?.heard.sorted() == Array(0..<200))
    // Each of the 199 draws that picked another than the first started is one recorded step.
    let drawn = run?.steps.filter { if case .runFirst = $0 { true } else { false } }.count ?? 0
    #expect(drawn > 100 && drawn <= 199)
  }
}
