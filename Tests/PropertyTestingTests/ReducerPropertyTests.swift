import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// A counter with a bug: `add` of more than 40 breaks the limit that `increment` respects.
struct PropertyTally: Reducer {
  struct State: Equatable, Sendable, Codable {
    var count = 0
    var requests = 0
    var answered = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case nothing
    case add(Int)
    case request
    case answer(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .nothing: break
    case .add(let amount): state.count += amount
    case .request:
      state.requests += 1
      state.answered = 0
    case .answer(let request): state.answered = request  // bug: a stale answer is not ignored
    }
    return .none
  }
}

@Suite("Reducer properties")
struct ReducerPropertyTests {
  let tally = ReducerProperty(PropertyTally(), initialState: PropertyTally.State())

  @Test("a broken invariant shrinks to the shortest sequence, printed as code that reproduces it")
  func shortestSequence() throws {
    let failures = FailureLog()
    let result =
      tally
      .action("increment") { _ in .just(.increment) }
      .action("decrement") { _ in .just(.decrement) }
      .action("nothing") { _ in .just(.nothing) }
      .invariant("count stays below 3") { $0.count < 3 }
      .steps(1...30)
      .check(.seed(5), reportFailure: failures.reporter)
    #expect(result.counterexample?.actions == [.increment, .increment, .increment])
    let message = try #require(failures.messages.first)
    #expect(
      message.hasPrefix(
        """
        Property failed: invariant "count stays below 3" does not hold after action 3 (.increment)

        Simplest failing sequence of actions, as code for a regression test (found after
        """))
    #expect(
      message.contains(
        """
          let reducer = PropertyTally()
          var state = PropertyTally.State(count: 0, requests: 0, answered: 0)
          for action: PropertyTally.Action in [
            .increment,
            .increment,
            .increment,
          ] {
            _ = reducer.reduce(into: &state, action: action)
          }
          // invariant "count stays below 3" does not hold after action 3 (.increment)
        """))
    // The printed code, pasted: it reproduces the failure.
    let reducer = PropertyTally()
    var state = PropertyTally.State(count: 0, requests: 0, answered: 0)
    for action: PropertyTally.Action in [
      .increment,
      .increment,
      .increment,
    ] {
      _ = reducer.reduce(into: &state, action: action)
    }
    #expect(state.count == 3)
  }

  @Test(
    "at full size, runs cover the whole steps range, their mean near its middle, for any width",
    arguments: [0...20, 0...50, 5...105])
  func runLengths(range: ClosedRange<Int>) throws {
    let property = tally.action("increment") { _ in .just(.increment) }.steps(range)
    var random = SplitMix64(seed: 9)
    var lengths: [Int] = []
    for _ in 0..<300 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: random.next()), size: 100)
      lengths.append(try property.generateRun(draws).actions.count)
    }
    let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
    let middle = Double(range.lowerBound + range.upperBound) / 2
    let width = Double(range.upperBound - range.lowerBound)
    #expect(abs(mean - middle) < width * 0.15, "mean \(mean) for \(range)")
    #expect(lengths.allSatisfy(range.contains))
    #expect(lengths.max()! >= range.upperBound - Int(width / 10))
  }

  @Test(
    "a lock that opens after arm, enter(7), open among noise is found and shrunk to them",
    arguments: [20, 50, 100])
  func lock(steps: Int) {
    let result = ReducerProperty(Lock(), initialState: Lock.State())
      .action("tick") { _ in .just(.tick) }
      .action("arm") { _ in .just(.arm) }
      .action("enter") { _ in Gen.int(in: 0...9).map(Lock.Action.enter) }
      .action("open") { _ in .just(.open) }
      .invariant("the lock stays shut") { !$0.opened }
      .steps(0...steps)
      .check(.seed(UInt64(steps)), reportFailure: { _ in })
    #expect(result.counterexample?.actions == [.arm, .enter(7), .open])
  }

  @Test("fewer actions count as simpler than simpler actions")
  func fewerActionsFirst() {
    let result =
      tally
      .action("increment") { _ in .just(.increment) }
      .action("add") { _ in Gen.int(in: 0...100).map(PropertyTally.Action.add) }
      .invariant("count stays below 50") { $0.count < 50 }
      .steps(1...60)
      .check(.seed(2), reportFailure: { _ in })
    #expect(result.counterexample?.actions == [.add(50)])
  }

  @Test("actions that change nothing are cut first, then stretches that return to an earlier state")
  func loopsInRuns() {
    let states = [0, 1, 1, 2, 1, 0, 7]
    let steps = (0..<6).map { $0 * 2..<$0 * 2 + 2 }
    #expect(
      loops(in: states, steps: steps) == [
        2..<4,  // action 1: 1 → 1
        0..<10,  // actions 0…4: 0 → 0
        2..<8,  // actions 1…3: 1 → 1 (the stretch from state 1 to state 4)
        4..<8,  // actions 2…3: 1 → 1
      ])
  }

  @Test("an action that changed nothing, or a stretch that came back to a state, goes in one edit")
  func loopsCutInOneEdit() {
    let fuse = ReducerProperty(Fuse(), initialState: Fuse.State())
      .action("inc") { _ in .just(.inc) }
      .action("dec") { _ in .just(.dec) }
      .action("nothing") { _ in .just(.nothing) }
      .action("explode") { _ in .just(.explode) }
      .invariant("never explodes") { !$0.exploded }
    // A shrink limit of 1 leaves only the re-run that rules out flakiness: nothing is shrunk.
    let first = fuse.check(.seed(50).shrinkLimit(runs: 1), reportFailure: { _ in })
    #expect(first.counterexample?.actions == [.dec, .inc, .explode])
    let oneEdit = fuse.check(.seed(50).shrinkLimit(runs: 2), reportFailure: { _ in })
    #expect(oneEdit.counterexample?.actions == [.explode])
    let noOp = fuse.check(.seed(37).shrinkLimit(runs: 1), reportFailure: { _ in })
    #expect(noOp.counterexample?.actions == [.nothing, .explode])
    let noOpCut = fuse.check(.seed(37).shrinkLimit(runs: 2), reportFailure: { _ in })
    #expect(noOpCut.counterexample?.actions == [.explode])
  }

  @Test("an action may refer to what an earlier action created, and shrinking keeps it valid")
  func references() {
    let requests = References<Int>("requests")
    let failures = FailureLog()
    let result =
      tally
      .action("request", adding: requests, value: \.requests) { _ in .just(.request) }
      .action("answer", using: requests) { _, request in .just(.answer(request)) }
      .invariant("the answer is to the latest request") {
        $0.answered == 0 || $0.answered == $0.requests
      }
      .check(.seed(3), reportFailure: failures.reporter)
    #expect(result.counterexample?.actions == [.request, .request, .answer(1)])
    #expect(result.counterexample?.ruleNames == ["request", "request", "answer"])
    let valid =
      tally
      .action("request", adding: requests, value: \.requests) { _ in .just(.request) }
      .action("answer", using: requests) { _, request in .just(.answer(request)) }
      .invariant("answers refer to requests made") { $0.answered <= $0.requests }
      .check(.seed(3), reportFailure: failures.reporter)
    #expect(valid.passed)
    #expect(failures.messages.count == 1)
  }

  @Test("an action is sent only while its precondition holds")
  func preconditions() {
    let result =
      tally
      .action("increment") { _ in .just(.increment) }
      .action("decrement", when: { $0.count > 0 }) { _ in .just(.decrement) }
      .invariant("count never goes negative") { $0.count >= 0 }
      .check(.seed(4), reportFailure: { _ in })
    #expect(result.passed)
    #expect(result.examples == 100)
  }

  @Test("the determinism law catches a reducer that reads something besides its input")
  func determinismLaw() throws {
    let clock = Locked(0)
    let leaky = Reduce<PropertyTally.State, PropertyTally.Action> { state, _ in
      clock.withLock { $0 += 1 }
      state.count = clock.value
      return .none
    }
    let failures = FailureLog()
    ReducerProperty(leaky, initialState: PropertyTally.State())
      .action("increment") { _ in .just(.increment) }
      .laws(.deterministic)
      .check(.seed(1), reportFailure: failures.reporter)
    let message = try #require(failures.messages.first)
    #expect(
      message.hasPrefix(
        "Property failed: law \"deterministic\" does not hold at action 1 (.increment): reducing "
          + "the same state and action a second time gave a different state:"))
    #expect(message.contains("(first time: \u{2212}, second time: +)"))
    #expect(
      message.contains(
        "// `reducer` is the Reduce<PropertyTally.State, PropertyTally.Action> under test"))
  }

  @Test("the Codable law catches a state that does not survive JSON")
  func codableLaw() throws {
    let failures = FailureLog()
    let result = ReducerProperty(Forgetful(), initialState: Forgetful.State())
      .action("set") { _ in Gen.int(in: 0...9).map(Forgetful.Action.set) }
      .laws(.deterministic, .codableRoundTrip)
      .check(.seed(1), reportFailure: failures.reporter)
    #expect(result.counterexample?.actions == [.set(1)])
    #expect(
      failures.messages.first?.hasPrefix(
        "Property failed: law \"Codable round trip\" does not hold at action 1 (.set(1)): the "
          + "state decoded from its JSON differs from the state encoded:") == true)
  }

  @Test("a law over the whole run sees the initial state, every action and the final state")
  func wholeRunLaw() {
    let replayMatches = ReducerLaw<PropertyTally.State, PropertyTally.Action>(
      "replay matches",
      afterRun: { reduce, initial, actions, final in
        var replayed = initial
        for action in actions { reduce(&replayed, action) }
        return replayed == final ? nil : "the replay ended elsewhere"
      })
    let result =
      tally
      .action("increment") { _ in .just(.increment) }
      .action("add") { _ in Gen.int(in: -5...5).map(PropertyTally.Action.add) }
      .laws(replayMatches)
      .check(.seed(1), reportFailure: { _ in })
    #expect(result.passed)
  }

  @Test("the StoreTesting bridge reports a broken reducer property to Swift Testing")
  func bridge() {
    withKnownIssue {
      tally.action("increment") { _ in .just(.increment) }
        .invariant("count stays below 2") { $0.count < 2 }
        .check(.seed(1))
    }
  }
}

/// A fuse that blows when set off at zero.
struct Fuse: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var exploded = false
  }

  enum Action: Equatable, Sendable {
    case inc, dec, nothing, explode
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .inc: state.count += 1
    case .dec: state.count -= 1
    case .nothing: break
    case .explode: state.exploded = state.count == 0
    }
    return .none
  }
}

/// A reducer whose state forgets its value when encoded.
struct Forgetful: Reducer {
  struct State: Equatable, Sendable, Codable {
    var value = 0

    enum CodingKeys: CodingKey {}

    init() {}
    init(from decoder: any Decoder) throws {}
    func encode(to encoder: any Encoder) throws {
      _ = encoder.container(keyedBy: CodingKeys.self)
    }
  }

  enum Action: Equatable, Sendable {
    case set(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .set(let value) = action { state.value = value }
    return .none
  }
}

/// A lock that opens only after `arm`, `enter(7)` and `open`, in that order; `tick` is noise.
struct Lock: Reducer {
  struct State: Equatable, Sendable {
    var armed = false
    var code: Int?
    var opened = false
    var ticks = 0
  }

  enum Action: Equatable, Sendable {
    case tick, arm, open
    case enter(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .tick: state.ticks += 1
    case .arm:
      state.armed = true
      state.code = nil
    case .enter(let digit): if state.armed { state.code = digit }
    case .open: if state.armed, state.code == 7 { state.opened = true }
    }
    return .none
  }
}
