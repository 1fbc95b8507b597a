import Store
import StoreTesting
import TestSupport
import Testing

/// A feature whose effects become ready in each way a test can make them: started, answered by
/// an `Answers`, woken by a test clock.
private struct Relay: Reducer {
  enum Action: Equatable, Sendable {
    case start, first, second, third, ask, answered(Int), nap, woke
  }
  var answers = Answers<Int>()
  var clock = TestClock()

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { send in await send(.first) }
    case .first:
      state += 1
      return .run { send in await send(.second) }
    case .second:
      state += 1
      return .run { send in await send(.third) }
    case .third:
      state += 1
      return .none
    case .ask:
      let answers = self.answers
      return .run { send in await send(.answered(try await answers.next())) }
    case .answered(let value):
      state = value
      return .none
    case .nap:
      let clock = self.clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.woke)
      }
    case .woke:
      state = -1
      return .none
    }
  }
}

@MainActor
@Suite("TestStore lets effects that are ready send before it checks")
struct TestStoreReadyEffectsTests {
  @Test("skipReceivedActions right after a send skips what the send's effect sent at once")
  func skipAfterImmediateEffect() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Relay(), reportFailure: failures.reporter)
    await store.send(.start)
    await store.skipReceivedActions()
    #expect(store.state == 3)
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("a chain of effects, each sending the next, is received in order")
  func chainIsReceived() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Relay(), reportFailure: failures.reporter)
    await store.send(.start)
    await store.receive(.first) { $0 = 1 }
    await store.receive(.second) { $0 = 2 }
    await store.receive(.third) { $0 = 3 }
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("a call answered just before skipReceivedActions sends its answer first")
  func answeredThenSkip() async {
    let failures = FailureLog()
    let relay = Relay()
    let store = TestStore(initialState: 0, reducer: relay, reportFailure: failures.reporter)
    await store.send(.ask)
    await relay.answers.answer(.success(7))
    await store.skipReceivedActions()
    #expect(store.state == 7)
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("an effect woken by a test clock sends before skipReceivedActions decides")
  func wokenThenSkip() async {
    let failures = FailureLog()
    let relay = Relay()
    let store = TestStore(initialState: 0, reducer: relay, reportFailure: failures.reporter)
    await store.send(.nap)
    await relay.clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state == -1)
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("advance does not wait for an effect parked on an Answers call")
  func advanceIgnoresAnswers() async {
    let failures = FailureLog()
    let relay = Relay()
    let store = TestStore(initialState: 0, reducer: relay, reportFailure: failures.reporter)
    await store.send(.ask)
    await store.send(.nap)
    await relay.clock.advance(by: .seconds(1))
    await store.receive(.woke) { $0 = -1 }
    #expect(relay.answers.waitingCalls == 1)
    await relay.answers.answer(.success(5))
    await store.receive(.answered(5)) { $0 = 5 }
    await store.finish()
    #expect(failures.messages == [])
    // Were the effect waiting for its answer counted as busy, the advance would have stopped
    // waiting for it only after `settleTimeout`, presuming it blocked.
    #expect(relay.clock.presumedBlockedCount == 0)
  }

  /// `true` adds 1 and sends `false` at once; `false` adds 10.
  static let firstSendsSecond = Reduce<Int, Bool> { state, isFirst in
    state += isFirst ? 1 : 10
    return isFirst ? .send(false) : .none
  }

  @Test("a received action a failing send went past stays receivable, with its own states")
  func overtakenActionStaysReceivable() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Self.firstSendsSecond, reportFailure: failures.reporter)
    await store.send(true) { $0 = 1 }
    // `false` (1 → 11) is unhandled: this send fails, and starts from 11.
    await store.send(true) { $0 = 12 }
    #expect(failures.messages.count == 1)
    #expect(failures.messages.first?.hasPrefix("Must handle 1 received action") == true)
    await store.receive(false) { $0 = 11 }
    #expect(store.state == 12)
    await store.receive(false) { $0 = 22 }
    #expect(store.state == 22)
    await store.finish()
    #expect(failures.messages.count == 1)
  }

  @Test("a second failing send over the same overtaken action starts from the first send's state")
  func sendOverOvertakenAgain() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state += action
        return action == 1 ? .send(10) : .none
      }, reportFailure: failures.reporter)
    await store.send(1) { $0 = 1 }
    await store.send(100) { $0 += 100 }  // from 11: the unhandled 10 was reduced first
    await store.send(100) { $0 += 100 }  // from 111, not from what 10 left
    #expect(store.state == 211)
    await store.receive(10) { $0 = 11 }
    #expect(store.state == 211)
    #expect(failures.messages.count == 2)
    #expect(failures.messages.allSatisfy { $0.hasPrefix("Must handle 1 received action") })
  }

  @Test("skipReceivedActions after a failing send keeps the send's state")
  func skipAfterOvertaking() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Self.firstSendsSecond, reportFailure: failures.reporter)
    await store.send(true) { $0 = 1 }
    await store.send(true) { $0 = 12 }
    await store.receive(false) { $0 = 11 }
    await store.skipReceivedActions()
    #expect(store.state == 22)
    #expect(failures.messages.count == 1)
  }

  @Test("100 chained effects are all received: the wait is bounded by turns, not time")
  func hundredfoldChain() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, step in
        state = step
        return step < 300 ? .run { send in await send(step + 1) } : .none
      }, reportFailure: failures.reporter)
    await store.send(0)
    await store.skipReceivedActions()
    #expect(store.state == 300)
    await store.finish()
    #expect(failures.messages == [])
  }
}
