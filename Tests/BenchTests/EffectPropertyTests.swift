import PropertyTesting
import Store
import Testing

@testable import Bench

/// An effect that waits on a stream nobody feeds: something no property controls.
struct Stuck: Reducer {
  struct State: Equatable, Sendable { var started = 0 }
  enum Action: Equatable, Sendable {
    case start
    case done
  }

  static let runLine = #line + 6
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.started += 1
      let (stream, _) = AsyncStream<Int>.makeStream()
      return .run { send in
        for await _ in stream {}
        await send(.done)
      }
    case .done: return .none
    }
  }
}

/// Counts what effects answer, to check long runs.
struct Echo: Reducer {
  struct State: Equatable, Sendable {
    var sent = 0
    var answered = 0
  }
  enum Action: Equatable, Sendable {
    case ask
    case answered(Int)
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ask:
      state.sent += 1
      return .run { [corpus] send in await send(.answered(try await corpus.fetch("echo"))) }
    case .answered:
      state.answered += 1
      return .none
    }
  }
}

@Suite("Effect properties")
@MainActor
struct EffectPropertyTests {
  @Test("an effect waiting for something the property does not control fails naming its line")
  func blockedEffect() async {
    let result = await EffectProperty(Stuck(), initialState: Stuck.State())
      .action("start") { _ in .just(.start) }
      .limits(blockedAfter: .milliseconds(20))
      .check(.examples(3), reportFailure: { _ in })
    #expect(result.verdict == .failed)
    #expect(result.counterexample?.schedule == ["send .start"])
    let message = result.message ?? ""
    #expect(message.contains("EffectPropertyTests.swift:\(Stuck.runLine):"))
    #expect(
      message.contains(
        "waits for something this property does not control (after 0.02 seconds it had "
          + "neither called an answered dependency, slept on \\.continuousClock nor finished). "
          + "To fix, declare the dependency it awaits with .answering(_:values:install:)"))
  }

  @Test("the same seed gives the same search, the same shrunk schedule and the same report")
  func sameSeedSameReport() async {
    let first = await StaleSearch.property(fixed: false).check(.seed(42), reportFailure: { _ in })
    let second = await StaleSearch.property(fixed: false).check(.seed(42), reportFailure: { _ in })
    #expect(first.verdict == .failed)
    #expect(first.message == second.message)
    #expect(first.replayToken == second.replayToken)
    #expect(first.shrinkRuns == second.shrinkRuns)
    #expect(first.counterexample?.schedule == second.counterexample?.schedule)
  }

  @Test("a replay token runs the shrunk schedule again, and it fails the same way")
  func replayToken() async throws {
    let property = StaleSearch.property(fixed: false)
    let found = await property.check(.seed(3), reportFailure: { _ in })
    let token = try #require(found.replayToken)
    let replayed = await property.check(.replay(token), reportFailure: { _ in })
    #expect(replayed.verdict == .failed)
    #expect(replayed.counterexample?.schedule == found.counterexample?.schedule)
  }

  @Test("the failure report prints the schedule as a TestStore test, and reports to the caller")
  func report() async {
    var reported: [String] = []
    let result = await DetailSheet.property(fixed: false).check(.seed(1)) { failure in
      MainActor.assumeIsolated { reported.append(failure.message) }
    }
    #expect(reported == [result.message ?? ""])
    #expect(
      result.message?.contains(
        """
          store.exhaustivity = .off
          await store.send(.open)
          await store.send(.close)
          // every effect settles:
          await fetch.answer(call: 0, .success(0))
          await store.skipReceivedActions(strict: false)
          // invariant "a closed sheet shows nothing" does not hold after the store reduced \
        .loaded(0) (sent by an effect) while the effects settled
        """) == true)
  }

  @Test("a run of 2,000 steps, 100 times a normal one, answers and settles every call")
  func longRun() async {
    let result = await EffectProperty(Echo(), initialState: Echo.State())
      .action("ask") { _ in .just(.ask) }
      .answering("fetch", values: Gen.int(in: 0...9)) { dependencies, call in
        dependencies.corpus.fetch = { _ in try await call() }
      }
      .steps(2000...2000)
      .eventually("nothing was asked (false: to see the run)") { $0.sent == 0 }
      .check(.examples(1).shrinkLimit(runs: 1), reportFailure: { _ in })
    let run = result.counterexample
    #expect(run?.drawnSteps == 2000)
    #expect(run?.finalState?.answered == run?.finalState?.sent)
    #expect((run?.finalState?.sent ?? 0) > 100)
    let answers = run?.steps.filter { if case .answer = $0 { true } else { false } }.count
    #expect(answers == run?.finalState?.sent)
  }
}
