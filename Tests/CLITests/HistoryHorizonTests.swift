import Features
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// The REPL's history stays bounded: compact entries, and `--history N` dropping the oldest.
@MainActor
@Suite("The REPL history's bounds")
struct HistoryHorizonTests {
  private func session(history: Int = SessionHistory.defaultHorizon) -> (
    Session, RecordingConsole
  ) {
    var options = Options()
    options.timeZone = .gmt
    options.showsDefaultLocation = false
    let console = RecordingConsole()
    let session = Session(
      options: options, horizon: history, dependencies: { _ in }, console: console,
      isScript: true)
    return (session, console)
  }

  /// Sends `count` typed commands from a small vocabulary, as the REPL does for typed lines.
  private func type(_ count: Int, into session: Session) {
    let vocabulary: [AppAction] = [.clock(.moveDay(1)), .clock(.moveDay(-1)), .dog(.show(nil))]
    for index in 0..<count {
      session.history.beginTypedCommand()
      session.store.send(vocabulary[index % vocabulary.count])
    }
  }

  @Test("the history holds 8 bytes per action and one copy of each recent action, at any length")
  func compactEntries() {
    var perAction: [Double] = []
    for count in [200, 2_000, 20_000] {
      let session = Session(
        options: Options(), dependencies: { _ in }, console: RecordingConsole(),
        isScript: true)
      type(count, into: session)
      #expect(session.history.count == count)
      perAction.append(Double(session.history.actionBytes) / Double(count))
    }
    // 8 bytes an entry (its source, slot and cause), and the 3 distinct actions' copies shared
    // by all: flat at 10 and 100 times more actions.
    #expect(perAction[0] <= 12, "\(perAction)")
    #expect(perAction[1] <= 8.5 && perAction[2] <= 8.5, "\(perAction)")
    #expect(perAction[2] <= perAction[1] && perAction[1] <= perAction[0], "\(perAction)")
  }

  @Test("--history N keeps at most N actions and a tenth more, however long the session")
  func horizonDropsTheOldest() async {
    let (session, console) = self.session(history: 100)
    type(1_000, into: session)
    let kept = session.history.count - session.history.firstPosition
    #expect(kept >= 100 && kept <= 110)
    #expect(session.history.count == 1_000)
    // The states kept are the ones a full history has.
    let (full, _) = self.session()
    type(1_000, into: full)
    for position in [session.history.firstPosition, 950, 999] {
      #expect(session.history.state(at: position) == full.history.state(at: position))
    }
    _ = await session.handle(":goto 5", number: 1)
    let first = session.history.firstPosition
    #expect(
      console.errors == [
        "line 1: seq 5 is no longer kept: the oldest state kept is seq \(first), the history "
          + "keeps the last 100 actions (start uniflow with --history N to keep more)"
      ])
    console.clear()
    _ = await session.handle(":back 100000", number: 2)
    #expect(console.outputs.last == "at seq \(first) of 1000")
    _ = await session.handle(":back", number: 3)
    #expect(
      console.errors == [
        "line 3: already at the oldest state kept (seq \(first)): the history keeps the last "
          + "100 actions (start uniflow with --history N to keep more)"
      ])
    console.clear()
    _ = await session.handle(":history", number: 4)
    #expect(
      console.outputs.first
        == "> \(String(repeating: " ", count: 4))  (seq 1…\(first) dropped: the history keeps "
        + "the last 100 actions, --history)")
    #expect(console.outputs.count == 1_000 - first + 1)
  }

  @Test("--history takes a number of actions from 1")
  func historyOption() throws {
    #expect(try UniflowArguments.console(["--history", "50"]).history == 50)
    #expect(
      throws: ArgumentError("--history needs a number of actions from 1 to 100000000, got '0'")
    ) { try UniflowArguments.repl(["--history=0"]) }
  }

  @Test("--help and shrink --help describe --history, --max-replays and --timeout")
  func helpTexts() throws {
    let usage = Options.usage.split(separator: "\n").map(String.init)
    #expect(
      usage.contains(
        "  --history N               keep the last N actions for :back, :goto, :undo and :diff"))
    #expect(
      usage.contains(
        "                            (default: 1000000); older states are dropped"))
    #expect(usage.contains("                     [--max-replays N] [--timeout SECONDS]"))
    let shrink = ShrinkRequest.usage(
      program: "uniflow", screens: AppView.screenNames,
      example: try #require(UniflowApp().shrinkExample).helpSymptom
    ).split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      Array(shrink.suffix(6)) == [
        "REGEX is matched in time linear in the line (no backtracking): literals, ., [a-z], [^…],",
        "\\w \\d \\s \\b, ^ $, (…), (?:…), |, * + ? {m,n}. Backreferences and lookaround are refused.",
        "",
        "The search stops early after --max-replays replays (default 20000), after",
        "--timeout seconds (default 300) or at Ctrl-C, and still writes the smallest",
        "log found so far, saying that it may not be 1-minimal.",
      ])
  }

  @Test(":history --json writes the list in pieces, byte for byte one JSON line")
  func historyJSONStreams() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--time-zone", "UTC", "--no-default-location", "--json"],
      input: "tomorrow\n:history\n", environment: fixedNow)
    #expect(
      result.lines.last
        == "{\"history\":[{\"action\":\".launched(at: 2026-11-29T03:45:12Z)\",\"cause\":\"sent\","
        + "\"seq\":1,\"source\":\"launch\"},{\"action\":\".clock(.moveDay(1))\",\"cause\":\"line 1\","
        + "\"current\":true,\"seq\":2,\"source\":\"typed\"}]}")
    let long = try await UniflowBinary.run(
      ["--offline", "--time-zone", "UTC", "--no-default-location", "--json"],
      input: String(repeating: "tomorrow\n", count: 1_500) + ":history\n", environment: fixedNow)
    let line = try #require(long.lines.last)
    #expect(line.utf8.count > 65_536)  // more than one piece
    let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    #expect((object?["history"] as? [Any])?.count == 1_501)
  }
}
