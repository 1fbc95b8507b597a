import ActionLog
import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("The dependency calls in the cause chain: :why shows what an effect asked before it sent")
struct CallCausesTests {
  private static let site = "ConsoleTests/EchoTwiceApp.swift:29"

  /// A session of `EchoTwiceApp` on a test clock that handles each of `lines`, letting the
  /// effects run a second after each, recording to `file` when given.
  private func session(
    _ lines: [String], recordingTo file: TemporaryFile? = nil
  ) async -> (ConsoleSession<EchoTwiceApp>, CapturingConsole) {
    let clock = TestClock()
    let console = CapturingConsole()
    let session = ConsoleSession(
      EchoTwiceApp(), initialState: EchoTwice.State(), horizon: 1_000,
      dependencies: { $0.continuousClock = clock }, console: console, isScript: false)
    if let file { #expect(session.startRecording(RecordRequest(path: file.path)) == nil) }
    await session.launch([])
    for (number, line) in lines.enumerated() {
      _ = await session.handle(line, number: number + 1)
      // Its effect runs until it sleeps or ends; a slow one sleeps five seconds.
      await clock.advance(by: .seconds(1))
      if !line.hasPrefix("slow") { await session.store.settle() }
    }
    return (session, console)
  }

  /// Records a session that types `ask hi` to `file`: the log's text.
  private func recordAskingHi(to file: TemporaryFile) async throws -> String {
    let (session, _) = await session(["ask hi"], recordingTo: file)
    session.finish()
    return try String(contentsOfFile: file.path, encoding: .utf8)
  }

  /// A new session that opens `file` and prints `:why seq`: its lines.
  private func whyAfterOpening(_ file: TemporaryFile, seq: Int) async -> [String] {
    let console = CapturingConsole()
    let session = ConsoleSession(
      EchoTwiceApp(), initialState: EchoTwice.State(), horizon: 1_000,
      dependencies: { $0.continuousClock = TestClock() }, console: console, isScript: false)
    #expect(session.openLog(file.path) == nil)
    let before = console.outputs.count
    _ = await session.handle(":why \(seq)", number: 1)
    return Array(console.outputs.dropFirst(before))
  }

  @Test(":why shows the effect's two calls in order, with their inputs and answers")
  func bothCalls() async {
    let (session, console) = await session(["ask hi"])
    _ = await session.handle(":why 2", number: 2)
    #expect(
      console.outputs.suffix(4) == [
        "2  effect 1 of 1 at \(Self.site)  .heard(\"HI HI!\")",
        "   called echo.echo(\"hi\") -> \"HI\"",
        "   called echo.echo(\"hi!\") -> \"HI!\"",
        "1  line 1  .ask(\"hi\")",
      ])
  }

  @Test("a cancelled effect's call is in no action's chain")
  func cancelledCall() async {
    let (session, console) = await session(["slow x", "ask a"])
    // Effect 1 asked for "x", then `ask a` cancelled it while it waited.
    #expect(session.effectEvents.map(\.kind) == [.start, .cancel, .start, .end])
    #expect(session.causes?.calls.all.map(\.call.effect) == [1, 2, 2])
    _ = await session.handle(":why 3", number: 3)
    #expect(
      console.outputs.suffix(4) == [
        "3  effect 2 of 2 at \(Self.site)  .heard(\"A A!\")",
        "   called echo.echo(\"a\") -> \"A\"",
        "   called echo.echo(\"a!\") -> \"A!\"",
        "2  line 2  .ask(\"a\")",
      ])
  }

  @Test("an effect's calls go to the action it sent next, not to earlier or later ones")
  func callsBetweenSends() {
    var calls = EffectCalls()
    func call(_ text: String, _ effect: Int?) -> LoggedCall {
      LoggedCall(
        name: "echo.echo", effect: effect, clock: nil, input: Array("\"\(text)\"".utf8),
        answer: .output(Array("\"\(text.uppercased())\"".utf8)))
    }
    calls.add(call("a", 1), after: 1)
    calls.add(call("b", 2), after: 1)
    calls.add(call("old", nil), after: 1)
    calls.sent(2, by: 1)
    calls.add(call("c", 1), after: 2)
    calls.sent(3, by: 1)
    calls.ended(2)
    calls.sent(4, by: 2)
    #expect(calls.calls(sentWith: 2).map(\.input) == [Array("\"a\"".utf8)])
    #expect(calls.calls(sentWith: 3).map(\.input) == [Array("\"c\"".utf8)])
    #expect(calls.calls(sentWith: 4).isEmpty)
    #expect(calls.all.count == 4)
  }

  @Test("the page's timeline draws a call at the effect it names, not at the next sender")
  func pageClaimsByEffect() {
    let events = [
      EffectEvent(.start, effect: 1, seq: 1, site: "A.swift:1"),
      EffectEvent(.start, effect: 2, seq: 1, site: "A.swift:2"),
    ]
    let causes: [(seq: Int, cause: ActionCause?)] = [
      (1, .typed(line: 1)), (2, .effect(EffectCause(effect: 2, parent: 1, site: "A.swift:2"))),
    ]
    func call(_ effect: Int?) -> PageEffects.Call {
      PageEffects.Call(
        LoggedCall(
          name: "echo.echo", effect: effect, clock: nil, input: Array("\"a\"".utf8),
          answer: .output(Array("\"A\"".utf8))), after: 1)
    }
    // Named by effect 1, which sent nothing; the older line, naming none, goes to the sender.
    let (effects, loose) = PageEffects.effects(
      events, causes: causes, calls: [call(1), call(nil), call(9)])
    #expect(
      effects.map { $0["calls"].map(\.text) } == [
        #"[{"name":"echo.echo","after":1,"effect":1,"input":"a","output":"A"}]"#,
        #"[{"name":"echo.echo","after":1,"input":"a","output":"A"}]"#,
      ])
    #expect(
      loose.map(\.text) == [#"{"name":"echo.echo","after":1,"effect":9,"input":"a","output":"A"}"#])
  }

  @Test("a thousand calls before one action, and 100,000 effects of one call each")
  func manyCalls() {
    var calls = EffectCalls()
    let one = LoggedCall(
      name: "echo.echo", effect: 1, clock: nil, input: Array("1".utf8), answer: .output([]))
    for _ in 0..<1_000 { calls.add(one, after: 0) }
    calls.sent(1, by: 1)
    #expect(calls.calls(sentWith: 1).count == 1_000)
    for effect in 2...100_001 {
      var call = one
      call.effect = effect
      calls.add(call, after: effect)
      calls.sent(effect + 1, by: effect)
    }
    #expect(calls.calls(sentWith: 100_002).count == 1)
    #expect(calls.all.count == 101_000)
  }

  @Test("a call's line is cut to 200 bytes of input and of answer, and says a failure")
  func callLine() {
    let long = "\"" + String(repeating: "é", count: 10_000) + "\""
    let call = LoggedCall(
      name: "echo.echo", effect: 1, clock: nil, input: Array("null".utf8),
      answer: .output(Array(long.utf8)))
    let line = CallText.line(call)
    #expect(line.hasPrefix("called echo.echo() -> \"éé"))
    #expect(line.hasSuffix("é… (20002 bytes)"))
    #expect(line.utf8.count < 260)
    let failed = LoggedCall(
      name: "echo.echo", clock: nil, input: Array("\"boom\"".utf8),
      answer: .failure("no echo for boom"))
    #expect(CallText.line(failed) == "called echo.echo(\"boom\") threw no echo for boom")
  }

  @Test("a log's call lines name their effect; it verifies, and :why after --open shows them")
  func recordedCalls() async throws {
    let file = TemporaryFile("calls.log")
    defer { file.remove() }
    let text = try await recordAskingHi(to: file)
    let calls = text.split(separator: "\n").filter { $0.hasPrefix("{\"call\"") }
    #expect(
      calls == [
        #"{"call":"echo.echo","effect":1,"clock":"0.000000","input":"hi","output":"HI"}"#,
        #"{"call":"echo.echo","effect":1,"clock":"0.000000","input":"hi!","output":"HI!"}"#,
      ])
    try verify(file)
    #expect(
      await whyAfterOpening(file, seq: 2) == [
        "2  effect 1 of 1 at \(Self.site)  .heard(\"HI HI!\")",
        "   called echo.echo(\"hi\") -> \"HI\"",
        "   called echo.echo(\"hi!\") -> \"HI!\"",
        "1  line 1  .ask(\"hi\")",
      ])
  }

  @Test("an older log, whose call lines name no effect, replays, verifies and :why works")
  func olderLog() async throws {
    let file = TemporaryFile("old-calls.log")
    defer { file.remove() }
    let text = try await recordAskingHi(to: file)
    let older = text.replacingOccurrences(of: #""effect":1,"clock""#, with: #""clock""#)
    #expect(older != text)
    try older.write(toFile: file.path, atomically: true, encoding: .utf8)
    try verify(file)
    #expect(
      await whyAfterOpening(file, seq: 2) == [
        "2  effect 1 of 1 at \(Self.site)  .heard(\"HI HI!\")",
        "1  line 1  .ask(\"hi\")",
      ])
  }

  @Test("a call line's effect must be a positive number, and only a log with causes has one")
  func badEffect() throws {
    for (records, line, message) in [
      (
        "clock,calls,causes", #"{"call":"echo.echo","effect":0,"input":"a","output":"A"}"#,
        "\"effect\" should be the number of the effect that made the call, as its effect "
          + "lines give it (1 or more), not 0"
      ),
      ("clock,calls", #"{"call":"echo.echo","effect":1,"input":"a","output":"A"}"#, "effect"),
    ] {
      let file = TemporaryFile("bad-effect.log")
      defer { file.remove() }
      let log =
        #"{"format":"uniflow-action-log","version":2,"records":"\#(records)","state":{"heard":[]}}"#
        + "\n" + line + "\n"
      try log.write(toFile: file.path, atomically: true, encoding: .utf8)
      #expect(throws: ActionLogError.self) { try verify(file) }
      do {
        try verify(file)
      } catch {
        #expect("\(error)".contains(message), "\(error)")
        #expect("\(error)".contains(":2:"), "\(error)")
      }
    }
  }

  @Test("the :why with calls docs/inspect.md shows is what the session prints")
  func documented() async throws {
    let document = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/inspect.md")
    let lines = try String(contentsOf: document, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let marker = lines.firstIndex(of: "<!-- session: echotwice -->"),
      let end = lines[(marker + 2)...].firstIndex(of: "```")
    else {
      Issue.record("docs/inspect.md has no block after <!-- session: echotwice -->")
      return
    }
    let typed = ConsoleDocSessionTests.typed(lines[marker + 2])
    let console = ConsoleDocSessionTests.OrderedConsole()
    let session = ConsoleSession(
      EchoTwiceApp(), initialState: EchoTwice.State(), horizon: 100, dependencies: { _ in },
      console: console, isScript: true)
    await session.launch([])
    await session.run(
      AsyncStream { continuation in
        for line in typed { continuation.yield(line) }
        continuation.finish()
      })
    #expect(typed == ["ask hi", ":why 2"])
    #expect(console.lines == Array(lines[(marker + 3)..<end]))
  }

  private func verify(_ file: TemporaryFile) throws {
    let replay: LogReplay<EchoTwice.State, EchoTwice.Action> = try EchoTwiceApp().actionLogCoding
      .codec
      .replay(LogInput(path: file.path), app: "echotwice", check: { _ in })
    _ = try replay.run(until: nil, verify: true, apply: { _, _ in }, step: { _ in })
  }
}
