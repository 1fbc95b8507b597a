import ActionLog
import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("Why each action happened: causes in the session, the log, :why and the traces")
struct CausesTests {
  /// A session of `EchoApp` on a test clock that says each of `texts` and lets its effect
  /// answer, recording to `file` when given.
  private func session(
    saying texts: [String], recordingTo file: TemporaryFile? = nil
  ) async -> (ConsoleSession<EchoApp>, CapturingConsole) {
    let clock = TestClock()
    let console = CapturingConsole()
    let session = ConsoleSession(
      EchoApp(), initialState: Echo.State(), horizon: 1_000,
      dependencies: { $0.continuousClock = clock }, console: console, isScript: false)
    if let file { #expect(session.startRecording(RecordRequest(path: file.path)) == nil) }
    await session.launch([])
    for (number, text) in texts.enumerated() {
      _ = await session.handle("say \(text)", number: number + 1)
      await clock.advance(by: .seconds(1))
      await session.store.settle()
    }
    return (session, console)
  }

  @Test("each action knows its typed line, or the effect that sent it, its site and its parent")
  func sessionCauses() async {
    let (session, _) = await session(saying: ["hi", "yo"])
    #expect(session.history.cause(1) == .typed(line: 1))
    guard case .effect(let effect)? = session.history.cause(2) else {
      Issue.record(
        "seq 2 should come from an effect: \(String(describing: session.history.cause(2)))")
      return
    }
    #expect(effect.parent == 1)
    #expect(effect.site == "ConsoleTests/EchoApp.swift:30")
    #expect(session.history.cause(3) == .typed(line: 2))
    #expect(session.effectEvents.map(\.kind) == [.start, .end, .start, .end])
    #expect(session.effectEvents.map(\.seq) == [1, 2, 3, 4])
  }

  @Test(":why prints the chain back to the typed line, and :history has a cause column")
  func why() async {
    let (session, console) = await session(saying: ["hi"])
    _ = await session.handle(":why 2", number: 2)
    _ = await session.handle(":history", number: 3)
    #expect(
      console.outputs.suffix(5) == [
        "2  effect 1 of 1 at ConsoleTests/EchoApp.swift:30  .heard(\"HI\")",
        "   called echo.echo(\"hi\") -> \"HI\"",
        "1  line 1  .say(\"hi\")",
        "  1  typed   line 1    .say(\"hi\")",
        "> 2  effect  of 1      .heard(\"HI\")",
      ])
  }

  @Test(":why of a seq that is not there says so, with the session's size")
  func whyOutOfRange() async {
    let (session, console) = await session(saying: ["hi"])
    _ = await session.handle(":why 9", number: 2)
    #expect(console.errors.last?.contains("no seq 9: the session has 2 actions") == true)
  }

  @Test("a recording holds the causes and effect lines, and its replay gives them back")
  func recordedCauses() async throws {
    let file = TemporaryFile("causes.log")
    defer { file.remove() }
    let (session, _) = await session(saying: ["hi", "boom"], recordingTo: file)
    session.finish()
    var causes: [ActionCause?] = []
    let replay: LogReplay<Echo.State, Echo.Action> = try EchoApp().actionLogCoding.codec.replay(
      LogInput(path: file.path), app: "echo", check: { _ in })
    let result = try replay.run(
      until: nil, verify: true, apply: { _, _ in }, step: { causes.append($0.cause) })
    #expect(
      causes == [
        .typed(line: 1),
        .effect(EffectCause(effect: 1, parent: 1, site: "ConsoleTests/EchoApp.swift:30")),
        .typed(line: 2),
        .effect(EffectCause(effect: 2, parent: 3, site: "ConsoleTests/EchoApp.swift:30")),
      ])
    #expect(
      result.effects == [
        EffectEvent(
          .start, effect: 1, seq: 1, site: "ConsoleTests/EchoApp.swift:30", clock: .zero),
        EffectEvent(.end, effect: 1, seq: 2, clock: .milliseconds(300)),
        EffectEvent(
          .start, effect: 2, seq: 3, site: "ConsoleTests/EchoApp.swift:30", clock: .seconds(1)),
        EffectEvent(.end, effect: 2, seq: 4, clock: .milliseconds(1300)),
      ])
  }

  @Test("a cancelled effect's line says so, at the action that cancelled it")
  func cancelledEffect() async {
    let (session, _) = await session(saying: [])
    session.history.beginTypedCommand()
    session.causes?.typedLine = 1
    session.store.send(.say("slow"))
    session.causes?.typedLine = nil
    session.store.cancelAllEffects()
    #expect(session.effectEvents.map(\.kind) == [.start, .cancel])
    #expect(session.effectEvents.last?.seq == 1)
  }

  @Test("the cause's text reads back as the same cause, and anything else is refused")
  func causeText() {
    let causes: [ActionCause] = [
      .typed(line: 3), .sent, .travel,
      .effect(EffectCause(effect: 4, parent: 12, site: "Features/Search.swift:42")),
      .effect(EffectCause(effect: 0, parent: 7, site: nil)),
      .effect(EffectCause(effect: 5, parent: nil, site: "A B/C.swift:1")),
    ]
    for cause in causes { #expect(ActionCause(text: cause.text) == cause, "\(cause.text)") }
    for text in ["", "line", "line 0", "line -1", "effect", "effect x", "effect 1 of", "typed 3"] {
      #expect(ActionCause(text: text) == nil, "\(text)")
    }
  }
}
