import Store
import StoreTesting
import TestSupport
import Testing

/// A feature whose effects answer in several ways, for the TestStore's timing rules.
private struct Steps: Reducer {
  enum Action: Equatable, Sendable {
    case start, pair, answer(Int), cancelMe, after, tap, late
  }
  var gate: Gate?
  var lateGate: Gate?
  var sentLate: Gate?

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state = 1
      return .run { send in
        await send(.answer(43))
        await send(.answer(42))
        // Work after the last send, with no await: the effect is still running when the
        // test's `receive` is resumed, and finished before the test runs again.
        var total = 0
        for step in 0..<10_000 { total &+= step }
        precondition(total > 0)
      }
    case .pair:
      return .merge(.send(.answer(43)), .send(.answer(42)))
    case .answer(let amount):
      state += amount
      return .none
    case .cancelMe:
      return .cancel(id: "self")
    case .tap:
      let gate = self.gate
      return .run { send in
        await send(.cancelMe)
        await gate?.wait()
        await send(.after)
      }
      .cancellable(id: "self")
    case .after:
      state = -1
      return .none
    case .late:
      let lateGate = self.lateGate
      let sentLate = self.sentLate
      return .run { send in
        Task {
          await lateGate?.wait()
          await send(.after)
          await sentLate?.open()
        }
      }
    }
  }
}

@MainActor
@Suite("TestStore reduces actions when they arrive")
struct TestStoreArrivalTests {
  @Test("an effect that sent its last action and returns without awaiting is never still running")
  func completionIsExact() async {
    for _ in 0..<50 {
      let failures = FailureLog()
      do {
        let store = TestStore(initialState: 0, reducer: Steps(), reportFailure: failures.reporter)
        await store.send(.start) { $0 = 1 }
        await store.receive(.answer(43)) { $0 = 44 }
        await store.receive(.answer(42)) { $0 = 86 }
        // No finish(): the store's end-of-test check runs as it goes away, right here.
      }
      #expect(failures.messages == [])
    }
  }

  @Test("non-exhaustively, actions not asserted are still reduced: 1, 44, 86")
  func nonExhaustiveAppliesSkippedActions() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Steps(), reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.start) { $0 = 1 }
    await store.receive(.answer(42)) { $0 = 86 }
    #expect(store.state == 86)
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("non-exhaustively, a send after unasserted actions starts from the state they produced")
  func nonExhaustiveSendSkipsReceived() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Steps(), reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.start) { $0 = 1 }
    await store.finish()
    await store.send(.answer(1)) { $0 = 87 }
    #expect(failures.messages == [])
  }

  @Test("skipReceivedActions moves the state on to what the skipped actions produced")
  func skipReceivedActionsApplies() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Steps(), reportFailure: failures.reporter)
    await store.send(.start) { $0 = 1 }
    await store.receive(.answer(43)) { $0 = 44 }
    #expect(store.state == 44)
    await store.skipReceivedActions()
    #expect(store.state == 86)
    await store.skipReceivedActions(strict: false)
    await store.finish()
    #expect(failures.messages == [])
    await store.skipReceivedActions()
    #expect(failures.messages == ["There were no received actions to skip."])
  }

  @Test("sending before asserting what arrived fails, naming the actions, as TCA words it")
  func mustHandleReceivedActions() async {
    let failures = FailureLog()
    let store = TestStore(initialState: 0, reducer: Steps(), reportFailure: failures.reporter)
    await store.send(.pair)
    await store.send(.answer(1)) { $0 = 86 }
    #expect(
      failures.messages == [
        """
        Must handle 2 received actions before sending an action:

        Unhandled actions:
          .answer(43)
          .answer(42)

        To fix, assert them with `receive` before this `send`, or call `skipReceivedActions()` \
        if they do not matter.
        """
      ])
  }

  @Test("an effect that cancels itself through an action stops: what it sends later is dropped")
  func effectCancelsItself() async {
    let gate = Gate()
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Steps(gate: gate), reportFailure: failures.reporter)
    await store.send(.tap)
    await store.receive(.cancelMe)
    await gate.open()
    await store.finish()
    #expect(store.state == 0)
    #expect(failures.messages == [])
  }

  @Test("an action sent after its effect finished is reported at the send and not delivered")
  func lateSendIsReported() async {
    let lateGate = Gate()
    let sentLate = Gate()
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Steps(lateGate: lateGate, sentLate: sentLate),
      reportFailure: failures.reporter)
    await store.send(.late)
    await store.finish()
    await lateGate.open()
    await sentLate.wait()
    #expect(store.state == 0)
    #expect(failures.messages.count == 1)
    let message = failures.messages.first ?? ""
    #expect(
      message.hasPrefix(
        "An effect sent .after after it finished, so the store did not deliver it (the effect is the `.run` at StoreTests/TestStoreArrivalTests.swift:"
      ))
    #expect(
      message.hasSuffix(
        "To fix, make the `run` closure await the work that calls `send` instead of handing `send` to an unstructured `Task`, so that the effect does not return while it still sends."
      ))
  }
}
