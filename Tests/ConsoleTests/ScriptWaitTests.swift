import Store
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

/// A timer that ticks three times on the app's clock, then ends.
struct ScriptTicker: Reducer {
  struct State: Codable, Equatable, Sendable { var ticks = 0 }
  enum Action: Codable, Equatable, Sendable { case start, tick, noop }

  @Dependency(\.continuousClock) var clock

  static let timerLine: UInt = #line + 4
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .run { [clock] send in
        var ticks = 0
        for await _ in clock.timer(interval: .seconds(1)) {
          await send(.tick)
          ticks += 1
          if ticks == 3 { return }
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .noop:
      return .none
    }
  }
}

@MainActor
@Suite("Script mode says what it waits for")
struct ScriptWaitTests {
  let effects = TestClock()
  let waits = TestClock()
  let console = CapturingConsole()

  func session() -> ConsoleSession<ReducerConsoleApp<ScriptTicker>> {
    let session = ConsoleSession(
      ReducerConsoleApp(ScriptTicker(), name: "ticker", version: "1.0"),
      initialState: ScriptTicker.State(),
      horizon: 10, dependencies: { [effects] in $0.continuousClock = effects }, console: console,
      isScript: true)
    session.scriptWait = ScriptWait(after: .seconds(10), clock: waits)
    return session
  }

  @Test("a line whose effects run past the wait gets one line saying which, and is waited for")
  func longEffectIsNamed() async {
    let session = session()
    await session.launch([])
    let line = Task { await session.handle(".start", number: 1) }
    while waits.sleepingCount == 0 || effects.sleepingCount == 0 { await Task.yield() }
    #expect(console.errors == [])
    await waits.advance(by: .seconds(10))
    // The woken notice runs on the main actor once this test lets it.
    for _ in 0..<10_000 where console.errors.isEmpty { await Task.yield() }
    #expect(
      console.errors == [
        "line 1: still waiting after 10.0 seconds for 1 effect to end before reading line 2: "
          + "the `.run` at ConsoleTests/ScriptWaitTests.swift:\(ScriptTicker.timerLine):19. Script "
          + "mode reads a line once the effects of the line before have ended; one that does not "
          + "end on its own (a timer a later line would stop) keeps it waiting: give it an end, "
          + "or run the app at a terminal, where the prompt does not wait (docs/console.md)"
      ])
    await effects.advance(by: .seconds(3))
    _ = await line.value
    #expect(session.store.state.ticks == 3)
    #expect(!session.hadErrors)
    #expect(console.errors.count == 1)
  }

  @Test("a line whose effects end within the wait, or that starts none, says nothing")
  func shortEffectIsQuiet() async {
    let session = session()
    await session.launch([])
    _ = await session.handle(".noop", number: 1)
    #expect(waits.sleepingCount == 0)
    let line = Task { await session.handle(".start", number: 2) }
    while waits.sleepingCount == 0 || effects.sleepingCount == 0 { await Task.yield() }
    await effects.advance(by: .seconds(3))
    _ = await line.value
    #expect(waits.sleepingCount == 0)  // the notice was cancelled with the wait
    await waits.advance(by: .seconds(10))
    for _ in 0..<100 { await Task.yield() }
    #expect(console.errors == [])
    #expect(session.store.state.ticks == 3)
  }

  @Test("a session says nothing of a long wait unless asked, as when stderr is not a terminal")
  func quietByDefault() async {
    let session = ConsoleSession(
      ReducerConsoleApp(ScriptTicker(), name: "ticker", version: "1.0"),
      initialState: ScriptTicker.State(),
      horizon: 10, dependencies: { [effects] in $0.continuousClock = effects }, console: console,
      isScript: true)
    #expect(session.scriptWait == nil)
    await session.launch([])
    let line = Task { await session.handle(".start", number: 1) }
    while effects.sleepingCount == 0 { await Task.yield() }
    await effects.advance(by: .seconds(3))
    _ = await line.value
    #expect(session.store.state.ticks == 3)
    #expect(waits.sleepingCount == 0)
    #expect(console.errors == [])
  }
}
