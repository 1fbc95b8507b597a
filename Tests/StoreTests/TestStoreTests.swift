import Store
import StoreTesting
import TestSupport
import Testing

@MainActor
@Suite("TestStore")
struct TestStoreTests {
  @Test("a test that asserts every change, action and effect passes quietly")
  func exhaustivePass() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.startDelayed(id: "a")) { $0.log = ["start a"] }
    await store.receive(.finished("a")) { $0.log.append("finished a") }
    await store.finish()
    #expect(failures.messages.isEmpty)
  }

  @Test("a wrong expectation fails with a readable diff of expected and actual state")
  func failingAssertionShowsDiff() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    await store.send(.increment) { $0.count = 2 }
    #expect(
      failures.messages == [
        """
        A state change does not match expectation:

          Counter.State(
        \u{2212}   count: 2,
        +   count: 1,
            log: []
          )

        (Expected: \u{2212}, Actual: +)
        """
      ])
  }

  @Test("an unasserted state change fails")
  func unassertedChangeFails() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    await store.send(.note("hello"))
    #expect(failures.messages.count == 1)
    #expect(failures.messages.first?.contains("+   log: [\"hello\"]") == true)
  }

  @Test("a closure that expects a change when nothing changed fails")
  func expectedChangeThatDidNotHappen() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: 0, reducer: Reduce<Int, Int> { _, _ in .none },
      reportFailure: failures.reporter)
    await store.send(1) { $0 = 0 }
    #expect(
      failures.messages.first?.hasPrefix("Expected state to change, but no change occurred") == true
    )
  }

  @Test("an action received but never asserted fails at finish")
  func unreceivedActionFails() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    await store.send(.startDelayed(id: "a")) { $0.log = ["start a"] }
    await store.finish()
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first?.hasPrefix("The store received 1 unexpected action after this one")
        == true)
    #expect(failures.messages.first?.contains(".finished(\"a\")") == true)
  }

  @Test("receiving a different action than expected fails with a diff of the two")
  func wrongReceivedAction() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    await store.send(.startDelayed(id: "a")) { $0.log = ["start a"] }
    await store.receive(.finished("b")) { $0.log.append("finished a") }
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first
        == "Received unexpected action:\n\n\u{2212} .finished(\"b\")\n+ .finished(\"a\")\n\n(Expected: \u{2212}, Received: +)"
    )
  }

  @Test("an effect still running at the end fails, saying how to fix it")
  func runningEffectAtFinishFails() async {
    let failures = FailureLog()
    let gate = Gate()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(gate: gate), reportFailure: failures.reporter)
    store.timeout = .milliseconds(50)
    await store.send(.startDelayed(id: "a")) { $0.log = ["start a"] }
    let line = #line + 1
    await store.finish()
    #expect(failures.messages.count == 1)
    #expect(
      failures.messages.first?.hasPrefix(
        "Expected effects to finish, but this one is still running after `finish()` at "
          + "StoreTests/TestStoreTests.swift:\(line):23 waited 0.05 seconds. (The effect is the "
          + "`.run` at StoreTests/Support.swift:37:"
      ) == true, "\(failures.messages)")
    #expect(failures.messages.first?.contains("To fix,") == true)
    await gate.open()
  }

  @Test("a dependency the test did not provide fails the test, naming the dependency")
  func unimplementedDependencyFailsLoudly() async {
    let failures = FailureLog()
    struct Fetching: Reducer {
      func reduce(into state: inout String, action: String) -> Effect<String> {
        state = action
        guard action == "fetch" else { return .none }
        return .run { send in
          do {
            throw unimplementedDependency("WeatherClient.current")
          } catch {
            await send("failed")
          }
        }
      }
    }
    let store = TestStore(initialState: "", reducer: Fetching(), reportFailure: failures.reporter)
    await store.send("fetch") { $0 = "fetch" }
    await store.receive("failed") { $0 = "failed" }
    await store.finish()
    #expect(
      failures.messages == [
        "Unimplemented dependency 'WeatherClient.current' was called. To fix, override it for "
          + "this test: `TestStore(…, withDependencies: { $0… = … })`, or `withDependencies { … "
          + "} operation: { … }` around the code that calls it."
      ])
  }

  @Test("non-exhaustive mode checks only what the test asserts")
  func nonExhaustive() async {
    let failures = FailureLog()
    let store = TestStore(
      initialState: Counter.State(), reducer: Counter(), reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.note("ignored"))
    await store.send(.increment) { $0.count = 1 }
    await store.send(.startDelayed(id: "a"))
    await store.finish()
    #expect(failures.messages.isEmpty)
    await store.send(.increment) { $0.count = 5 }
    #expect(failures.messages.count == 1)
  }

  @Test("the StoreTesting bridge builds a test store that reports to the running framework")
  func bridgeInitialiser() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
    #expect(store.state.count == 1)
  }
}
