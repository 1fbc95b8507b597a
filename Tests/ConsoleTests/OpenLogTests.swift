import ActionLog
import Foundation
import StoreTesting
import Testing

@testable import Console
@testable import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

@MainActor
@Suite(":open LOG and --open LOG: a recorded session to travel, ask and go on from")
struct OpenLogTests {
  private func session(_ console: CapturingConsole) -> ConsoleSession<TallyApp> {
    ConsoleSession(
      TallyApp(), initialState: Tally.State(), horizon: 1_000, dependencies: { _ in },
      console: console, isScript: true)
  }

  /// A log of `lines` typed into a fresh session.
  private func record(_ lines: [String], to file: TemporaryFile) async {
    let session = session(CapturingConsole())
    #expect(session.startRecording(RecordRequest(path: file.path)) == nil)
    await session.launch([])
    for (number, line) in lines.enumerated() { _ = await session.handle(line, number: number + 1) }
    session.finish()
  }

  @Test(":open replays the log, lands at its end with its history, and goes on live")
  func openAndGoOn() async {
    let log = TemporaryFile("tally.log")
    defer { log.remove() }
    await record(["add 2", "note hi", "add 3"], to: log)
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    _ = await session.handle("add 100", number: 1)
    _ = await session.handle(":open \(log.path)", number: 2)
    #expect(session.store.state.total == 5)
    #expect(session.history.count == 3)
    #expect(console.outputs.contains("opened \(log.path): 3 actions, at seq 3"))
    _ = await session.handle(":why 3", number: 3)
    _ = await session.handle("add 1", number: 4)
    _ = await session.handle(":changed total", number: 5)
    _ = await session.handle(":back 2", number: 6)
    #expect(session.store.state.total == 2)
    #expect(console.outputs.contains("3  line 3  .add(3)"))
    #expect(console.outputs.contains("total: 6"))
    #expect(
      console.outputs.contains("1  .add(2)  0 -> 2")
        && console.outputs.contains("4  .add(1)  5 -> 6"))
    #expect(console.errors.isEmpty)
  }

  @Test("--open with --record writes a new log that begins with the opened one's actions")
  func recordFromOpened() async throws {
    let log = TemporaryFile("old.log")
    let new = TemporaryFile("new.log")
    defer {
      log.remove()
      new.remove()
    }
    await record(["add 2", "note hi"], to: log)
    let session = session(CapturingConsole())
    #expect(session.openLog(log.path, record: RecordRequest(path: new.path)) == nil)
    _ = await session.handle("add 40", number: 1)
    session.finish()
    let lines = try new.read().split(separator: "\n").map(String.init)
    #expect(lines.filter { $0.hasPrefix(#"{"seq""#) }.count == 3)
    let replay = CapturingConsole()
    #expect(
      ConsoleReplay(TallyApp()).run(ReplayRequest(path: new.path, verify: true), console: replay)
        == 0)
    #expect(replay.outputs.first == "total: 42")
  }

  @Test("--open never records over the log it opened")
  func neverOverwritesTheInput() async throws {
    let log = TemporaryFile("same.log")
    defer { log.remove() }
    await record(["add 2"], to: log)
    let before = try log.read()
    let session = session(CapturingConsole())
    let problem = session.openLog(log.path, record: RecordRequest(path: log.path, force: true))
    #expect(problem?.contains("is a file this command reads") == true)
    #expect(try log.read() == before)
  }

  @Test(
    "a log that cannot be opened is one line naming the file, line and column, and the fix",
    arguments: [
      ("", "the file is empty; it is not a uniflow action log"),
      (
        #"{"format":"uniflow-action-log","version":1,"app":"todos 1.0.0","state":{"total":0,"notes":[]}}"#
          + "\n", "the log was written by todos 1.0.0, not by tally 1.0.0"
      ),
      (
        #"{"format":"uniflow-action-log","version":1,"state":{"total":0,"notes":[]}}"# + "\n"
          + #"{"seq":1,"src":"sent","action":"add","amout":2}"# + "\n",
        ":2:"
      ),
    ])
  func badLogs(text: String, expected: String) throws {
    let log = TemporaryFile("bad.log")
    defer { log.remove() }
    try log.write(text)
    let session = session(CapturingConsole())
    let problem = try #require(session.openLog(log.path))
    #expect(problem.hasPrefix(log.path), "\(problem)")
    #expect(problem.contains(expected), "\(problem)")
  }

  @Test("a missing log says so, and how to make one")
  func missing() {
    let session = session(CapturingConsole())
    #expect(
      session.openLog("/nonexistent/none.log")
        == "/nonexistent/none.log: no such file; give the path of a log written by --record or "
        + ":record")
  }

  @Test("a log read from a pipe is read once, and opens as a file does")
  func pipe() async throws {
    let log = TemporaryFile("piped.log")
    defer { log.remove() }
    await record(["add 7"], to: log)
    // A pipe whose write end is open before the log is opened, as `--open <(zcat s.log.gz)`
    // gives one: the reader waits for its data and its end, never for a writer.
    var ends: [Int32] = [0, 0]
    #expect(Glibc.pipe(&ends) == 0)
    defer { close(ends[0]) }
    let text = try log.read()
    let writeEnd = ends[1]
    let writer = Thread {
      let handle = FileHandle(fileDescriptor: writeEnd, closeOnDealloc: true)
      handle.write(Data(text.utf8))
      try? handle.close()
    }
    writer.start()
    let session = session(CapturingConsole())
    #expect(session.openLog("/proc/self/fd/\(ends[0])") == nil)
    #expect(session.store.state.total == 7)
  }
}
