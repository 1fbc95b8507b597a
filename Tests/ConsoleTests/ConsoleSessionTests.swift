import ActionLog
import Foundation
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("The console's REPL session, for an app it knows nothing of")
struct ConsoleSessionTests {
  private func session(_ console: CapturingConsole) -> ConsoleSession<TallyApp> {
    ConsoleSession(
      TallyApp(), initialState: Tally.State(), horizon: 100, dependencies: { _ in },
      console: console, isScript: true)
  }

  private func lines(_ text: String) -> AsyncStream<String> {
    AsyncStream { continuation in
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        continuation.yield(String(line))
      }
      continuation.finish()
    }
  }

  /// `uniflow replay --verify` of `file` for `TallyApp`: its exit status and the screens printed.
  private func verifiedReplay(of file: TemporaryFile) -> (status: Int32, outputs: [String]) {
    let replay = CapturingConsole()
    let status = ConsoleReplay(TallyApp()).run(
      ReplayRequest(path: file.path, verify: true), console: replay)
    return (status, replay.outputs)
  }

  @Test("typed lines become actions, and the screens they change print after each")
  func linesToScreens() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add 2\nnote hi\nadd 3"))
    #expect(
      console.outputs == ["total: 0", "notes: ", "total: 2", "notes: hi", "total: 5"])
    #expect(!session.hadErrors)
  }

  @Test("the app's refusals and grammar errors print with the line number, and nothing is sent")
  func refusalsAndErrors() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add -1\nfly"))
    #expect(
      console.errors == [
        "line 1: add takes no negative number",
        "line 2: unknown command 'fly' (column 1) — type :help for the list of commands",
      ])
    #expect(session.store.state.total == 0)
    #expect(session.hadErrors)
  }

  @Test(":history and :diff list the app's actions and their state changes")
  func historyAndDiff() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add 2\n:history\n:diff"))
    #expect(console.outputs.contains("> 1  typed   line 1    .add(2)"))
    #expect(console.outputs.contains("#1 typed .add(2)"))
    #expect(console.outputs.contains { $0.hasPrefix("+") && $0.contains("total: 2") })
  }

  @Test(":back, :forward, :goto and :undo travel in an app without a restoring action")
  func travelWithoutRestoring() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add 2\nadd 3\n:back"))
    #expect(session.store.state.total == 2)
    #expect(console.outputs.suffix(2) == ["total: 2", "at seq 1 of 2"])
    await session.run(lines(":forward"))
    #expect(session.store.state.total == 5)
    await session.run(lines(":goto 0"))
    #expect(session.store.state.total == 0)
    await session.run(lines(":goto 2\nnote x\n:undo"))
    #expect(session.store.state == Tally.State(total: 5))
    #expect(console.errors.isEmpty)
    #expect(session.history.count == 3)
  }

  @Test(
    "an action after travelling back in an app without a restoring action drops the states ahead")
  func continueAfterTravelWithoutRestoring() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add 2\nadd 3\n:back\nnote y\n:history\n:back"))
    #expect(session.store.state == Tally.State(total: 2))
    #expect(session.history.count == 2)
    #expect(session.history.entry(2).action == .note("y"))
    #expect(session.history.state(at: 2) == Tally.State(total: 2, notes: ["y"]))
  }

  @Test(
    "travel while recording in an app without a restoring action is refused, saying how to fix it")
  func travelWhileRecordingWithoutRestoring() async {
    let file = TemporaryFile()
    defer { file.remove() }
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines(":record \(file.path)\nadd 2\n:back"))
    #expect(
      console.errors == [
        "error: tally cannot travel while recording to \(file.path): its ConsoleApp has no "
          + "restoring(_:) action, so the log could not replay the travel; :stop first, then "
          + "travel and :record again (the new log starts from the state shown)"
      ])
    #expect(session.store.state.total == 2)
  }

  @Test(
    "a recording begun after travel in an app without a restoring action replays to the screens shown"
  )
  func recordAfterTravelWithoutRestoring() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines("add 2\nadd 3\n:back\n:record \(file.path)\nnote z\n:stop"))
    #expect(console.errors.isEmpty)
    let replay = verifiedReplay(of: file)
    #expect(replay.status == 0)
    #expect(replay.outputs == ["total: 2", "notes: z"])
  }

  @Test(":record writes a log the console's replay verifies")
  func recordThenReplay() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    await session.run(lines(":record \(file.path)\nadd 2\nnote x\n:stop"))
    #expect(console.outputs.last == "stopped recording: 2 actions in \(file.path)")
    #expect(file.lines().first?.contains(#""app":"tally 1.0.0""#) == true)
    let replay = verifiedReplay(of: file)
    #expect(replay.status == 0)
    #expect(replay.outputs == ["total: 2", "notes: x"])
  }
}
