import StoreTesting
import TestSupport
import Testing

@testable import Store

/// A store whose reducer reads the store it belongs to: the misuse exclusivity would catch.
@MainActor
private final class SelfReading {
  var store: Store<Int, Int>?

  init() {
    store = Store(initialState: 0) { [unowned self] (state: inout Int, action: Int) in
      state += action + (self.store?.state ?? 0)
      return .none
    }
  }
}

@MainActor
@Suite("Misuse is reported")
struct MisuseTests {
  @Test("the re-entrant read message says what happened and how to fix it")
  func reentrantReadMessage() async {
    let result = await #expect(
      processExitsWith: .failure, observing: [\.standardErrorContent]
    ) {
      await MainActor.run {
        let reading = SelfReading()
        reading.store?.send(1)
      }
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "The store's state was read while its reducer was running, e.g. by a reducer that "
          + "captured the store. A reducer sees the state only through its `inout` argument. "
          + "To fix, read the state from that argument, or send an action and read the state "
          + "when an observer is told of it."))
  }

  @Test("outside tests, a late send is one line of misuse report and is not delivered")
  func lateSendOnAStore() async {
    let lateGate = Gate()
    let sentLate = Gate()
    let store = Store(initialState: [String]()) {
      (state: inout [String], action: String) -> Effect<String> in
      state.append(action)
      guard action == "start" else { return .none }
      return .run { send in
        Task {
          await lateGate.wait()
          await send("late")
          await sentLate.open()
        }
      }
    }
    var reports: [TestFailure] = []
    store.executor.reportMisuse = { reports.append($0) }
    await store.send("start").finish()
    await lateGate.open()
    await sentLate.wait()
    #expect(store.state == ["start"])
    #expect(reports.count == 1)
    #expect(reports.first?.fileID == "StoreTests/MisuseTests.swift")
    #expect(reports.first?.message.contains("\n") == false)
    #expect(
      reports.first?.message.hasPrefix(
        "An effect sent \"late\" after it finished, so the store did not deliver it") == true)
  }

  @Test("an error a run effect throws and nobody handles is reported; cancellation is not")
  func unhandledError() async {
    struct Failure: Error {}
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state = action
        switch action {
        case 1: return .run { _ in throw Failure() }
        case 2: return .run { _ in throw CancellationError() }
        case 3:
          return .run { _ in
            throw Failure()
          } catch: { _, send in
            await send(4)
          }
        default: return .none
        }
      }, reportFailure: failures.reporter)
    await store.send(1) { $0 = 1 }
    await store.send(2) { $0 = 2 }
    await store.send(3) { $0 = 3 }
    await store.receive(4) { $0 = 4 }
    await store.finish()
    #expect(
      failures.messages == [
        "An effect threw an error it did not handle: Failure(). To fix, catch it inside the "
          + "`run` closure, or pass `catch:` to `.run` to turn it into an action."
      ])
  }

  @Test("a run effect's body starts on the main actor")
  func runStartsOnMainActor() async {
    let store = TestStore(
      initialState: false,
      reducer: Reduce<Bool, Bool> { state, action in
        state = action
        return action
          ? .none
          : .run { send in
            MainActor.assertIsolated("effects start on the main actor")
            await send(true)
          }
      })
    await store.send(false)
    await store.receive(true) { $0 = true }
  }
}
