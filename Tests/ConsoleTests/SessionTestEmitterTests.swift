import ActionLog
import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("Recording what an emitted test needs, and emitting it, for any app")
struct SessionTestEmitterTests {
  /// Records `say` of each of `texts` on `EchoApp` into `file`, on a test clock: each one
  /// waits its 300 ms, then the next is said `gap` later.
  private func record(_ texts: [String], to file: TemporaryFile, gap: Duration = .seconds(1))
    async -> CapturingConsole
  {
    let clock = TestClock()
    let console = CapturingConsole()
    let session = ConsoleSession(
      EchoApp(), initialState: Echo.State(), horizon: 10,
      dependencies: { $0.continuousClock = clock }, console: console, isScript: false)
    #expect(session.startRecording(RecordRequest(path: file.path)) == nil)
    await session.launch([])
    for (number, text) in texts.enumerated() {
      _ = await session.handle("say \(text)", number: number + 1)
      await clock.advance(by: gap)
      await session.store.settle()
    }
    session.finish()
    return console
  }

  @Test("a recording logs each action's time on the app's clock and each call with its answer")
  func recordsClockAndCalls() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = await record(["hi", "boom"], to: file)
    let lines = try file.read().split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix(
        #"{"format":"uniflow-action-log","version":2,"records":"clock,calls,causes","#
          + #""app":"echo 1.0.0","#)
        == true)
    #expect(
      Array(lines.dropFirst().dropLast()) == [
        // Each effect's start and end, with the action that started it and its call site.
        #"{"effect":1,"start":1,"site":"ConsoleTests/EchoApp.swift:30","clock":"0.000000"}"#,
        #"{"seq":1,"src":"sent","action":"say","text":"hi","cause":"line 1","clock":"0.000000"}"#,
        #"{"call":"echo.echo","effect":1,"clock":"0.300000","input":"hi","output":"HI"}"#,
        #"{"seq":2,"src":"effect","action":"heard","text":"HI","#
          + #""cause":"effect 1 of 1 at ConsoleTests/EchoApp.swift:30","clock":"0.300000"}"#,
        #"{"effect":1,"end":2,"clock":"0.300000"}"#,
        #"{"effect":2,"start":3,"site":"ConsoleTests/EchoApp.swift:30","clock":"1.000000"}"#,
        #"{"seq":3,"src":"sent","action":"say","text":"boom","cause":"line 2","clock":"1.000000"}"#,
        #"{"call":"echo.echo","effect":2,"clock":"1.300000","input":"boom","failure":"no echo for boom"}"#,
        #"{"seq":4,"src":"effect","action":"failed","message":"no echo for boom","#
          + #""cause":"effect 2 of 3 at ConsoleTests/EchoApp.swift:30","clock":"1.300000"}"#,
        #"{"effect":2,"end":4,"clock":"1.300000"}"#,
      ])
    #expect(lines.last?.hasPrefix(#"{"checkpoint":4,"state":"#) == true)
  }

  @Test("a version-2 log replays and verifies, its traces showing no clock")
  func version2Replays() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    _ = await record(["hi"], to: file)
    let verify = CapturingConsole()
    let status = ConsoleReplay(EchoApp()).run(
      ReplayRequest(path: file.path, verify: true), console: verify)
    #expect(status == 0)
    #expect(verify.outputs == ["heard: HI"])
    #expect(verify.errors.first?.hasPrefix("echo: verified: the replay reproduces") == true)
    let trace = CapturingConsole()
    #expect(
      ConsoleReplay(EchoApp()).run(ReplayRequest(path: file.path, trace: true), console: trace)
        == 0)
    // The cause column: the line typed, the action whose effect sent it.
    #expect(
      trace.outputs.prefix(2) == [
        "#1 sent line 1 say text=\"hi\"", "#2 effect of 1 heard text=\"HI\"",
      ])
  }

  @Test("the emitted test advances the clock, answers each call where logged, sends and receives")
  func emitsTheSession() async throws {
    let file = TemporaryFile("echo.log")
    defer { file.remove() }
    _ = await record(["hi", "boom"], to: file)
    let console = CapturingConsole()
    let status = ConsoleReplay(EchoApp()).run(
      ReplayRequest(path: file.path, emitTest: ""), console: console)
    #expect(status == 0)
    #expect(console.errors.isEmpty)
    let body = Array(console.outputs.drop { !$0.hasPrefix("  let clock") })
    #expect(
      body == [
        "  let clock = TestClock()",
        "  let calls = LoggedCalls()",
        "  let store = TestStore(",
        ##"    initialState: try logValue(#"{"failures":[],"heard":[]}"#),"##,
        "    reducer: reducer",
        "  ) {",
        "    $0.continuousClock = clock",
        #"    $0.echo = calls.answering(\.echo, named: "echo")"#,
        "  }",
        "",
        #"  // #1 sent say text="hi""#,
        #"  await store.send(.say("hi"))"#,
        "  await clock.advance(to: TestClock.Instant(offset: .microseconds(300000)))",
        ##"  await calls.answer("echo.echo", input: #""hi""#, output: #""HI""#)"##,
        "",
        #"  // #2 effect heard text="HI""#,
        #"  await store.receive(.heard("HI")) {"#,
        #"    $0.heard.append("HI")"#,
        "  }",
        "",
        #"  // #3 sent say text="boom""#,
        "  await clock.advance(to: TestClock.Instant(offset: .microseconds(1000000)))",
        #"  await store.send(.say("boom"))"#,
        "  await clock.advance(to: TestClock.Instant(offset: .microseconds(1300000)))",
        ##"  await calls.answer("echo.echo", input: #""boom""#, failure: "no echo for boom")"##,
        "",
        #"  // #4 effect failed message="no echo for boom""#,
        #"  await store.receive(.failed("no echo for boom")) {"#,
        #"    $0.failures.append("no echo for boom")"#,
        "  }",
        "",
        "  // The session ended here: the console cancelled what was still running.",
        "  store.cancelAllEffects()",
        "  await store.finish()",
        "}",
      ])
  }

  @Test("emitting a log 100 times the usual size writes lines in proportion, not more")
  func emitsLinearly() async throws {
    let file = TemporaryFile("long.log")
    defer { file.remove() }
    let texts = (0..<300).map { "t\($0)" }  // 100 × a usual session of 3
    _ = await record(texts, to: file, gap: .milliseconds(400))
    let console = CapturingConsole()
    #expect(
      ConsoleReplay(EchoApp()).run(ReplayRequest(path: file.path, emitTest: ""), console: console)
        == 0)
    #expect(console.outputs.count { $0.hasPrefix("  await store.send(") } == 300)
    #expect(console.outputs.count { $0.hasPrefix("  await store.receive(") } == 300)
    #expect(console.outputs.count { $0.hasPrefix("  await calls.answer(") } == 300)
    // Each step: a blank, a comment, at most two advances, its action and its change.
    #expect(console.outputs.count < 40 + 300 * 12)
  }

  @Test(
    "a log without times (a shrunk one) is a test that gives its effects' actions as logged")
  func version1LogGivesEffectsAsLogged() throws {
    let file = TemporaryFile("old.log")
    defer { file.remove() }
    try file.write(
      #"{"format":"uniflow-action-log","version":1,"app":"echo 1.0.0","state":{"failures":[],"heard":[]}}"#
        + "\n" + #"{"seq":1,"src":"sent","action":"say","text":"hi"}"# + "\n"
        + #"{"seq":2,"src":"effect","action":"heard","text":"HI"}"# + "\n")
    let console = CapturingConsole()
    let status = ConsoleReplay(EchoApp()).run(
      ReplayRequest(path: file.path, emitTest: ""), console: console)
    #expect(status == 0)
    #expect(console.errors == [])
    #expect(console.outputs.contains("@testable import ConsoleTests"))
    #expect(console.outputs.contains("    reducer: reducer.effectsAnswered(by: effects)"))
    #expect(console.outputs.contains(#"  await effects.answer(.success(.heard("HI")))"#))
    #expect(console.outputs.contains { $0.hasPrefix(#"  await store.receive(.heard("HI"))"#) })
  }

  @Test("an effect's action whose cause shrink cut away is sent, saying why")
  func orphanEffectActionIsSent() throws {
    let file = TemporaryFile("small.log")
    defer { file.remove() }
    try file.write(
      #"{"format":"uniflow-action-log","version":1,"app":"echo 1.0.0","state":{"failures":[],"heard":[]}}"#
        + "\n" + #"{"seq":1,"src":"effect","action":"heard","text":"HI"}"# + "\n")
    let console = CapturingConsole()
    #expect(
      ConsoleReplay(EchoApp()).run(ReplayRequest(path: file.path, emitTest: ""), console: console)
        == 0)
    #expect(
      console.outputs.contains(
        "  // No effect of this test's is running to send it (the recording began later, or "
          + "shrink cut the action that started it): sent."))
    #expect(console.outputs.contains { $0.hasPrefix(#"  await store.send(.heard("HI"))"#) })
  }

}
