import ActionLog
import Foundation
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("The console's replay and shrink, for an app it knows nothing of")
struct ConsoleReplayTests {
  @Test("replaying another app's log prints that app's final screens")
  func replayPrintsScreens() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(2), .note("hi"), .add(3)], app: "tally 1.0.0", to: file)
    let console = CapturingConsole()
    let status = ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path), console: console)
    #expect(status == 0)
    #expect(console.outputs == ["total: 5", "notes: hi"])
    #expect(console.errors.isEmpty)
  }

  @Test("--verify and --diff work for any app: the state changes print as −/+ lines")
  func verifyAndDiff() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(2), .reset], app: "tally 1.0.0", to: file)
    let verify = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path, verify: true), console: verify)
        == 0)
    #expect(verify.errors.first?.hasPrefix("tally: verified: the replay reproduces") == true)
    let diff = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path, diff: true), console: diff) == 0)
    #expect(diff.outputs.first == "#1 sent add amount=2")
    #expect(diff.outputs.contains { $0.hasPrefix("\u{2212}") && $0.contains("total: 0") })
    #expect(diff.outputs.contains { $0.hasPrefix("+") && $0.contains("total: 2") })
    #expect(diff.outputs.suffix(2) == ["total: 0", "notes: "])
  }

  @Test("a log written by another app is refused with one message naming both apps")
  func otherAppRefused() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(1)], app: "uniflow 0.2.0", to: file)
    let console = CapturingConsole()
    let status = ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path), console: console)
    #expect(status == 2)
    #expect(console.outputs.isEmpty)
    #expect(
      console.errors == [
        "tally: \(file.path):1: the log was written by uniflow 0.2.0, not by tally 1.0.0 (its "
          + "header's \"app\"); replay it with uniflow's own console: uniflow replay \(file.path)"
      ])
  }

  /// Replays a tally log in which `original` was replaced by `edited`: the exit status, and the
  /// errors with the log's path written as LOG.
  func replayEdited(_ original: String, to edited: String) throws -> (Int32, [String]) {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(1)], app: "tally 1.0.0", to: file)
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    try file.write(text.replacingOccurrences(of: original, with: edited))
    let console = CapturingConsole()
    let status = ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path), console: console)
    return (status, console.errors.map { $0.replacingOccurrences(of: file.path, with: "LOG") })
  }

  @Test("a state the app's type cannot read is reported naming the app, not uniflow")
  func badStateNamesTheApp() throws {
    let (status, errors) = try replayEdited(#""notes":[]"#, to: #""notez":[]"#)
    #expect(status == 2)
    #expect(
      errors == [
        "tally: LOG:1: the header's state does not fit this tally's state (notes is missing); "
          + "was the log written by another version?"
      ])
  }

  @Test("a log format version the app cannot read is reported naming the app, not uniflow")
  func unsupportedVersionNamesTheApp() throws {
    let (status, errors) = try replayEdited(#""version":1,"#, to: #""version":9,"#)
    #expect(status == 2)
    #expect(
      errors == [
        "tally: LOG:1: log format version 9 is not supported; this tally reads versions 1 and 2"
      ]
    )
  }

  @Test("an action the app does not know is reported naming the app, not uniflow")
  func unknownActionNamesTheApp() throws {
    let (status, errors) = try replayEdited(#""action":"add""#, to: #""action":"bogus""#)
    #expect(status == 2)
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix(#"tally: LOG:2:"#) == true)
    #expect(errors.first?.contains(#"unknown action "bogus"; this tally knows add"#) == true)
    // A name that holds the words the message is built from is quoted as it is.
    let (_, tricky) = try replayEdited(#""action":"add""#, to: #""action":"this program ""#)
    #expect(
      tricky.first?.contains(#"unknown action "this program "; this tally knows add"#) == true)
  }

  @Test("a log of another version of the same app replays")
  func otherVersionReplays() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(4)], app: "tally 0.9.0", to: file)
    let console = CapturingConsole()
    #expect(ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path), console: console) == 0)
    #expect(console.outputs.first == "total: 4")
  }

  @Test("--emit-test for an app that registers no dependencies writes a test of its actions")
  func emitTestWithoutEmission() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(1), .note("hi")], app: "tally 1.0.0", to: file)
    let console = CapturingConsole()
    let status = ConsoleReplay(TallyApp()).run(
      ReplayRequest(path: file.path, emitTest: ""), console: console)
    #expect(status == 0)
    #expect(console.errors == [])
    let source = console.outputs.joined(separator: "\n")
    #expect(source.contains("reducer: reducer.effectsAnswered(by: effects)"))
    #expect(source.contains("await store.send(.add(1)) {\n    $0.total = 1\n  }"))
    #expect(source.contains(#"await store.send(.note("hi")) {"#))
  }

  @Test("shrink cuts any app's log to the one action that shows the symptom")
  func shrinkFindsTheAction() throws {
    let file = TemporaryFile()
    let output = TemporaryFile()
    defer {
      file.remove()
      output.remove()
    }
    let actions: [Tally.Action] = Array(repeating: .add(1), count: 8) + [.note("boom"), .add(2)]
    try recordTally(actions, app: "tally 1.0.0", to: file)
    let console = CapturingConsole()
    let status = ConsoleShrink(TallyApp()).run(
      ShrinkRequest(path: file.path, pattern: "boom", screen: "notes", output: output.path),
      console: console)
    #expect(status == 0)
    #expect(console.outputs.first?.hasPrefix("10 actions → 1 action in ") == true)
    #expect(console.outputs.last == "notes: boom")
    let replay = CapturingConsole()
    #expect(ConsoleReplay(TallyApp()).run(ReplayRequest(path: output.path), console: replay) == 0)
    #expect(replay.outputs == ["total: 0", "notes: boom"])
  }

  @Test("a replay of 100 times a normal log reduces every action once")
  func replayScales() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally(Array(repeating: .add(1), count: 2_000), app: "tally 1.0.0", to: file)
    let console = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(ReplayRequest(path: file.path, verify: true), console: console)
        == 0)
    #expect(console.outputs.first == "total: 2000")
  }
}

/// An app that writes its emitted test whole, in memory: the form before the streaming one.
private struct InMemoryTestTally: ConsoleApp {
  var name: String { "tally" }
  var version: String { "1.0.0" }
  var reducer: Tally { Tally() }
  func screens(of state: Tally.State) -> [ConsoleScreen] {
    [ConsoleScreen("total", "\(state.total)")]
  }
  func testSource(logName: String, startState: Tally.State, steps: [ReplayStep<Tally.Action>])
    -> String?
  { "// \(steps.count) steps of \(logName)" }
}

@MainActor
@Suite("An app's own emitted test")
struct InMemoryEmittedTestTests {
  @Test("an app that writes its test in memory still has it written, with every step")
  func inMemoryFormHonoured() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    try recordTally([.add(1), .add(2), .note("x")], app: "tally 1.0.0", to: file)
    let console = CapturingConsole()
    let status = ConsoleReplay(InMemoryTestTally()).run(
      ReplayRequest(path: file.path, emitTest: ""), console: console)
    #expect(status == 0)
    let name = URL(fileURLWithPath: file.path).lastPathComponent
    #expect(console.outputs == ["// 3 steps of \(name)"])
  }
}
