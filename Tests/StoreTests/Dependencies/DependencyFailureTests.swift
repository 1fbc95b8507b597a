import Store
import StoreTesting
import Testing

/// Reads `\.greeting`, whose key has no test value.
struct Greeter: Reducer {
  @Dependency(\.greeting) var greeting  // the line the failure names

  func reduce(into state: inout String, action: Bool) -> Effect<Bool> {
    state = greeting
    return .none
  }
}

/// Sleeps on `\.continuousClock` in an effect.
struct Sleeper: Reducer {
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Int, action: Int) -> Effect<Int> {
    state = action
    guard action == 0 else { return .none }
    return .run { send in  // the line the failure names
      do {
        try await clock.sleep(for: .seconds(1))
      } catch {
        await send(1)
      }
    }
  }
}

@MainActor
@Suite("Dependencies a test did not give")
struct DependencyFailureTests {
  @Test("a dependency with no test value fails the test at its @Dependency line, naming it")
  func missingTestValue() async {
    let sites = FailureSites()
    let store = TestStore(initialState: "", reducer: Greeter(), reportFailure: sites.reporter)
    await store.send(true) { $0 = "live hello" }
    #expect(
      sites.failures.map(\.message) == [
        "The dependency GreetingKey (read by the @Dependency at "
          + "StoreTests/DependencyFailureTests.swift:7:14) has no test value, but a test read it, "
          + "so it got its live value. To fix, override it in this test — `TestStore(…, "
          + "withDependencies: { $0… = … })` — or give GreetingKey a `static let testValue`."
      ])
    #expect(sites.failures.first?.fileID == "StoreTests/DependencyFailureTests.swift")
    #expect(sites.failures.first?.line == 7)
  }

  @Test("an overridden dependency with no test value does not fail")
  func missingTestValueOverridden() async {
    let sites = FailureSites()
    let store = TestStore(
      initialState: "", reducer: Greeter(), withDependencies: { $0.greeting = "hi" },
      reportFailure: sites.reporter)
    await store.send(true) { $0 = "hi" }
    #expect(sites.failures.isEmpty)
  }

  @Test("the clock's test value fails the test by name, at the .run that slept on it")
  func unimplementedClock() async {
    let sites = FailureSites()
    let store = TestStore(initialState: -1, reducer: Sleeper(), reportFailure: sites.reporter)
    await store.send(0) { $0 = 0 }
    await store.receive(1) { $0 = 1 }
    #expect(
      sites.failures.map(\.message) == [
        "Unimplemented dependency '\\.continuousClock.sleep' was called. To fix, override it for "
          + "this test: `TestStore(…, withDependencies: { $0.continuousClock = TestClock() })`, or "
          + "`withDependencies { … } operation: { … }` around the code that calls it."
      ])
    #expect(sites.failures.first?.fileID == "StoreTests/DependencyFailureTests.swift")
    #expect(sites.failures.first?.line == 22)
  }

  @Test("a dependency's test value is only used by a test store: a store gets the live value")
  func liveOutsideTests() async {
    let store = Store(initialState: "", reducer: Greeter())
    store.send(true)
    #expect(store.state == "live hello")
  }

  @Test("a dependency named by its key path is fixed by overriding that key, with a test's value")
  func overrideNamedByKeyPath() {
    func fix(_ name: String) -> String {
      let text = unimplementedDependency(name).description
      let start = text.range(of: "withDependencies: { ")!.upperBound
      return String(text[start...].prefix { $0 != "}" }).trimmingCharacters(in: .whitespaces)
    }
    #expect(fix("\\.continuousClock.sleep") == "$0.continuousClock = TestClock()")
    #expect(fix("\\.date") == "$0.date.now = Date(…)")
    #expect(fix("\\.uuid") == "$0.uuid = .incrementing")
    #expect(fix("\\.searchClient.search") == "$0.searchClient = …")
    #expect(fix("TimeClient.now") == "$0… = …")
  }

  @Test("no library message says 'environment'")
  func noEnvironmentWording() {
    let message = unimplementedDependency("TimeClient.now").description
    #expect(!message.contains("environment"))
    #expect(message.hasPrefix("Unimplemented dependency 'TimeClient.now' was called. To fix,"))
  }
}
