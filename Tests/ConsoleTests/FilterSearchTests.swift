import ActionLog
import Foundation
import Testing

@testable import Console
@testable import TestSupport

@MainActor
@Suite("--only and --hide over action names, :find and :changed over state paths")
struct FilterSearchTests {
  private func session(_ console: CapturingConsole, horizon: Int = 1_000)
    -> ConsoleSession<TallyApp>
  {
    ConsoleSession(
      TallyApp(), initialState: Tally.State(), horizon: horizon, dependencies: { _ in },
      console: console, isScript: true)
  }

  @Test(
    "an action's name is its case path, from Swift or a log's summary",
    arguments: [
      (".episodes(.element(id: 1, action: .progress(42)))", "episodes.element.progress"),
      (".add(2)", "add"), (".reset", "reset"),
      (".player(.speedChanged(.fast))", "player.speedChanged.fast"),
      (#".added(title: "a .b(c")"#, "added"),
      (".moved(from: 1, to: .top)", "moved.top"),
      ("clock.moveDay days=1", "clock.moveDay"), ("launched", "launched"),
    ])
  func names(text: String, name: String) {
    #expect(ActionFilter.name(ofText: text) == name)
  }

  @Test(
    "a pattern matches a name's leading segments, * one segment and ** any number",
    arguments: [
      ("episodes.*.progress", "episodes.element.progress", true),
      ("episodes.*.progress", "episodes.element.downloadTapped", false),
      ("episodes", "episodes.element.progress", true),
      ("**.progress", "episodes.element.progress", true),
      ("**.progress", "add", false), ("clock", "clock.moveDay", true),
      ("clock.moveDay", "clock", false), ("*", "anything.at.all", true),
    ])
  func patterns(pattern: String, name: String, matches: Bool) {
    #expect(ActionFilter(only: [pattern], hide: []).shows(name: name) == matches)
    #expect(ActionFilter(only: [], hide: [pattern]).shows(name: name) == !matches)
  }

  @Test("a pattern of 100 stars against a name of 100 segments answers in P·S² steps")
  func largePattern() {
    let name = Array(repeating: "a", count: 100).joined(separator: ".")
    let pattern = Array(repeating: "**", count: 100).joined(separator: ".") + ".b"
    #expect(!ActionFilter(only: [pattern], hide: []).shows(name: name))
  }

  @Test(":history --only and --hide list the matching actions, the same numbers kept")
  func filteredHistory() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    for line in ["add 2", "note hi", "add 3", ":history --only add", ":history --hide 'add'"] {
      _ = await session.handle(line, number: 1)
    }
    #expect(
      console.outputs.suffix(3) == [
        "  1  typed   line 1    .add(2)", "> 3  typed   line 1    .add(3)",
        "  2  typed   line 1    .note(\"hi\")",
      ])
  }

  @Test(":history with a flag it does not know, or no pattern, names the column")
  func badFilter() throws {
    #expect(throws: CommandError.self) { try TallyApp().command(":history --onli add") }
    do {
      _ = try TallyApp().command(":history --only")
      Issue.record("a flag without its pattern is an error")
    } catch {
      #expect(error.problem == "--only needs a pattern")
      #expect(error.column == 10)
    }
  }

  @Test(":changed lists every action that changed the path, old -> new; :find the values")
  func changedAndFind() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    for line in ["add 2", "note hi", "add 3", ":changed total", ":find total=5", ":find notes[0]"] {
      _ = await session.handle(line, number: 1)
    }
    #expect(
      console.outputs.suffix(5) == [
        "1  .add(2)  0 -> 2", "3  .add(3)  2 -> 5",
        "3  .add(3)  5",
        "2  .note(\"hi\")  \"hi\"", "3  .add(3)  \"hi\"",
      ])
  }

  @Test(":changed of a path that is not in the state says no action changed it")
  func changedNothing() async {
    let console = CapturingConsole()
    let session = session(console)
    await session.launch([])
    _ = await session.handle("add 1", number: 1)
    _ = await session.handle(":changed nothing.here", number: 2)
    _ = await session.handle(":find total=", number: 3)
    #expect(
      console.outputs.suffix(2) == ["no action changed nothing.here", "no state has total = "])
  }

  @Test(":find with a path that cannot be read points at the column")
  func badPath() throws {
    do {
      _ = try TallyApp().command(":find notes[x")
      Issue.record("a bad path is an error")
    } catch {
      #expect(error.problem == "the '[' is not closed")
      #expect(error.column == 12)
    }
  }

  /// Bound: one reduction and one read of the path per action (StateSearch). 100 times a
  /// usual session of 1,000 actions.
  @Test(":changed over 100,000 actions finds each change, in one pass over the history")
  func changedAtScale() async throws {
    let console = CapturingConsole()
    let session = session(console, horizon: 200_000)
    await session.launch([])
    for index in 0..<100_000 {
      session.history.beginTypedCommand()
      session.store.send(.add(index % 10 == 0 ? 1 : 0))
    }
    let changes = StateSearch.changes(at: try StatePath("total"), in: session.history)
    #expect(changes.count == 10_000)
    #expect(changes.last == StateSearch.Change(seq: 99_991, old: "9999", new: "10000"))
  }
}
