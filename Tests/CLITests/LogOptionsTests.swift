import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("Record and replay on the command line")
struct LogOptionsTests {
  @Test("--record FILE and --force, in either order")
  func recordOptions() throws {
    #expect(
      try UniflowArguments.console(["--record", "s.log"]).record
        == RecordRequest(path: "s.log"))
    #expect(
      try UniflowArguments.console(["--force", "--record=s.log"]).record
        == RecordRequest(path: "s.log", force: true))
    #expect(
      try UniflowArguments.console(["--record", "s.log", "--force"]).record
        == RecordRequest(path: "s.log", force: true))
  }

  @Test("replay LOG with its options")
  func replayOptions() throws {
    #expect(
      try UniflowArguments.replay(["s.log"]) == ReplayRequest(path: "s.log"))
    #expect(
      try UniflowArguments.replay(["--trace", "s.log", "--until", "12", "--verify", "--offline"])
        == ReplayRequest(path: "s.log", trace: true, until: 12, verify: true))
    #expect(
      try UniflowArguments.replay(["--until=3", "s.log"]) == ReplayRequest(path: "s.log", until: 3))
    #expect(try UniflowArguments.replay(["--help"]) == nil)
  }

  @Test(
    "a bad record or replay command line says what is wrong",
    arguments: [
      (["--force"], "--force goes with --record FILE: it lets the recording overwrite FILE"),
      (["--record"], "--record needs a value"),
      (["replay"], "replay needs the log to replay: uniflow replay FILE"),
      (["replay", "a.log", "b.log"], "replay takes one log, but got 'a.log' and 'b.log'"),
      (["replay", "a.log", "--until"], "--until needs the seq of an action, e.g. --until 12"),
      (
        ["replay", "a.log", "--until", "0"],
        "--until needs a seq of 1 or more (a line's \"seq\"), got '0'"
      ),
      (
        ["replay", "a.log", "--trcae"], "unknown option '--trcae' for replay; did you mean --trace?"
      ),
      (
        ["frobnicate"],
        "unknown command 'frobnicate'; the commands are replay, shrink, bench (see --help)"
      ),
    ])
  func errors(arguments: [String], message: String) async throws {
    let result = try await UniflowBinary.run(arguments, input: "")
    #expect(result.status == 2)
    #expect(result.stderr == "uniflow: \(message)\nRun 'uniflow --help' for usage.\n")
    #expect(result.stdout.isEmpty)
  }

  @Test(":record FILE [--force] and :stop")
  func replCommands() throws {
    #expect(try UniflowApp().command(":record s.log") == .record(RecordRequest(path: "s.log")))
    #expect(
      try UniflowApp().command(":RECORD  my session.log  --force")
        == .record(RecordRequest(path: "my session.log", force: true)))
    #expect(try UniflowApp().command(":stop") == .stop)
    #expect(
      throws: CommandError(
        problem: ":record needs a file to record to", column: 9, hint: "e.g. :record session.log")
    ) {
      try UniflowApp().command(":record")
    }
    #expect(throws: CommandError(problem: "unexpected 'now'", column: 7, hint: "usage: :stop")) {
      try UniflowApp().command(":stop now")
    }
  }
}
