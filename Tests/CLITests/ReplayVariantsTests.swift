import ActionLog
import AppLog
import Features
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// `uniflow replay LOG --diff` and `--skip SEQ,…`, on logs recorded inside the process.
@MainActor
@Suite("Replay with --diff and --skip")
struct ReplayVariantsTests {
  /// Records `lines` typed in a session offline in Seoul, launched at `fixtureNow`.
  private func record(_ lines: [String], to log: TemporaryFile) async {
    var options = Options()
    options.timeZone = TimeZone(identifier: "Asia/Seoul")!
    options.showsDefaultLocation = false
    let session = Session(
      options: options, dependencies: { $0.time = .constant(fixtureNow) },
      console: RecordingConsole(), isScript: true)
    #expect(session.startRecording(RecordRequest(path: log.path)) == nil)
    await session.launch(at: fixtureNow)
    for (index, line) in lines.enumerated() { _ = await session.handle(line, number: index + 1) }
    session.finish()
  }

  private func replay(_ arguments: [String]) throws -> (Int32, RecordingConsole) {
    guard let request = try UniflowArguments.replay(arguments) else {
      throw ArgumentError("not a replay")
    }
    let console = RecordingConsole()
    return (ConsoleReplay(UniflowApp()).run(request, console: console), console)
  }

  @Test("--diff prints every action with the lines of the state it changed, then the screens")
  func diffEveryAction() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(["tomorrow", "dog poodle"], to: log)
    let (status, console) = try replay([log.path, "--diff"])
    #expect(status == 0)
    let headers = console.outputs.filter { $0.hasPrefix("#") }
    #expect(
      headers == [
        #"#1 sent - launched at="2026-11-29T03:45:12Z""#, "#2 sent line 1 clock.moveDay days=1",
        #"#3 sent line 2 dog.show name="poodle""#,
      ])
    let afterMove = try #require(
      console.outputs.firstIndex(of: "#2 sent line 1 clock.moveDay days=1"))
    #expect(
      Array(console.outputs[afterMove...].prefix(11)) == [
        "#2 sent line 1 clock.moveDay days=1", "  …", "    clock: ClockState(",
        "      timeZone: TimeZone(\"Asia/Seoul\"),", "      anchor: 2026-11-29T03:45:12Z,",
        "\u{2212}     dayOffset: 0,", "+     dayOffset: 1,", "      isLoading: false,",
        "      failure: nil,", "      request: 0", "  …",
      ])
    #expect(
      console.outputs.suffix(5) == [
        #"#3 sent line 2 dog.show name="poodle""#, "(no change)", "clock: 2026년 11월 30일 12시 45분",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)",
      ])
  }

  @Test("--skip replays as if the actions never happened; every subset gives the fold without it")
  func skipAnySubset() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(
      ["tomorrow", "moveDay 5", "reload", "adopt rex 2020-02-29 pug", "moveDay -3"], to: log)
    var actions: [AppAction] = []
    let reader = try ActionLogReader<AppAction>(path: log.path)
    while let entry = try reader.next() {
      if case .action(_, _, let action) = entry { actions.append(action) }
    }
    let reducer = AppReducer()
    for mask in 1..<(1 << actions.count) {
      await Task.yield()
      let skipped = (1...actions.count).filter { mask & (1 << ($0 - 1)) != 0 }
      var expected = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
      for (index, action) in actions.enumerated() where !skipped.contains(index + 1) {
        _ = reducer.reduce(into: &expected, action: action)
      }
      let list = skipped.map(String.init).joined(separator: ",")
      let (status, console) = try replay([log.path, "--skip", list])
      #expect(status == 0)
      #expect(
        console.outputs == AppView(state: expected).screens.map(\.rendered), "--skip \(list)")
    }
  }

  @Test("--skip with --diff says how the final state differs from the full replay's")
  func skipWithDiff() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(["tomorrow", "dog poodle"], to: log)
    let (_, moved) = try replay([log.path, "--skip", "2", "--diff"])
    #expect(moved.outputs.first == "clock: 2026년 11월 29일 12시 45분")
    #expect(
      moved.outputs.contains("without seq 2, the final state differs from the full replay's:"))
    #expect(moved.outputs.contains("\u{2212}     dayOffset: 1,"))
    #expect(moved.outputs.contains("+     dayOffset: 0,"))
    let (_, same) = try replay([log.path, "--skip=3", "--diff"])
    #expect(same.outputs.last == "without seq 3, the final state is the full replay's")
  }

  @Test("--verify with --diff or --emit-test still verifies, and says so")
  func verifyWithVariants() async throws {
    let log = TemporaryFile()
    let file = TemporaryFile("Emitted.swift")
    defer {
      log.remove()
      file.remove()
    }
    await record(["tomorrow", "moveDay 3"], to: log)
    for options in [["--diff"], ["--emit-test", file.path]] {
      let (agreed, console) = try replay([log.path, "--verify"] + options)
      #expect(agreed == 0, "\(options)")
      #expect(console.errors.last?.hasPrefix("uniflow: verified: the replay reproduces") == true)
    }
    // The checkpoint says the clock was moved 5 days, not 4: the replay does not agree, though
    // it reproduces every action's fingerprint — the log contradicts itself.
    var lines = log.lines()
    lines[lines.count - 1] = lines[lines.count - 1].replacingOccurrences(
      of: #""dayOffset":4"#, with: #""dayOffset":5"#)
    try log.write(lines.joined(separator: "\n") + "\n")
    for options in [["--diff"], ["--emit-test", file.path]] {
      let (parted, console) = try replay([log.path, "--verify"] + options)
      #expect(parted == 1, "\(options)")
      #expect(console.errors.last?.contains("the log contradicts itself at seq 3") == true)
    }
  }

  @Test("--diff, --skip and --emit-test warn of a last line cut off, as a plain replay does")
  func tornLogWarns() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(["tomorrow", "moveDay 3"], to: log)
    let text = try log.read()
    try log.write(String(text.dropLast(20)))
    for options in [["--diff"], ["--skip", "2"], ["--emit-test"]] {
      let (status, console) = try replay([log.path] + options)
      #expect(status == 0, "\(options)")
      #expect(
        console.errors.contains { $0.contains("the last line is cut off") }, "\(options)")
    }
  }

  @Test("--trace with --skip prints each action and the screens it changed, and what it skipped")
  func traceWithSkip() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(["tomorrow", "dog poodle", "moveDay 3"], to: log)
    let (status, console) = try replay([log.path, "--trace", "--skip", "2"])
    #expect(status == 0)
    #expect(
      console.outputs == [
        #"#1 sent - launched at="2026-11-29T03:45:12Z""#, "clock: 2026년 11월 29일 12시 45분",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg", "#2 skipped",
        #"#3 sent line 2 dog.show name="poodle""#, "#4 sent line 3 clock.moveDay days=3",
        "clock: 2026년 12월 02일 12시 45분", "clock: 2026년 12월 02일 12시 45분",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)",
      ])
  }

  @Test("--skip of an action the log does not have, or with --verify, is refused with one line")
  func refusals() async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    await record(["tomorrow"], to: log)
    let (status, console) = try replay([log.path, "--skip", "2,9,12"])
    #expect(status == 2)
    #expect(console.errors == ["uniflow: \(log.path): --skip 9, 12: the log's actions are seq 1…2"])
    #expect(console.outputs.isEmpty)
    for (arguments, message) in [
      (
        ["--skip", "1", "--verify"],
        "--verify checks the log's own session, and --skip replays another: use one or the other"
      ),
      (
        ["--skip", "0"],
        "--skip needs seqs of 1 or more separated by commas (e.g. --skip 3,7), got '0'"
      ),
      (
        ["--skip", "3,,4"],
        "--skip needs seqs of 1 or more separated by commas (e.g. --skip 3,7), got '3,,4'"
      ),
      (["--skip"], "--skip needs the seqs of actions, e.g. --skip 3 or --skip 3,7"),
    ] {
      #expect(throws: ArgumentError(message)) {
        try UniflowArguments.replay([log.path] + arguments)
      }
    }
  }
}
