import TestSupport
import Testing

@testable import Console

/// The table-driven grammar a `ConsoleApp` gets from its `commands`, through TallyApp.
@Suite("A command table")
struct CommandGrammarTests {
  let app = TallyApp()

  private func error(_ line: String) -> String? {
    do {
      _ = try app.command(line)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("parses each kind of argument into the action the table names")
  func parsesArguments() throws {
    #expect(try app.command("add 2") == .action(.add(2)))
    #expect(try app.command("  ADD  +7 ") == .action(.add(7)))
    #expect(try app.command("add -3") == .action(.add(-3)))
    #expect(try app.command("note two  words ") == .action(.note("two  words")))
    #expect(try app.command("clear") == .action(.reset))
    #expect(try app.command("") == .nothing)
    #expect(try app.command("# a comment") == .nothing)
  }

  @Test("gives every app the console's colon commands")
  func colonCommands() throws {
    #expect(try app.command(":back") == .back(1))
    #expect(try app.command(":forward 3") == .forward(3))
    #expect(try app.command(":goto 0") == .goto(0))
    #expect(try app.command(":diff") == .diff(nil))
    #expect(try app.command(":diff 4") == .diff(4))
    #expect(try app.command(":help add") == .help("add"))
    #expect(try app.command(":help history") == .help("history"))
    #expect(
      try app.command(":record my log.txt --force")
        == .record(RecordRequest(path: "my log.txt", force: true)))
    #expect(try app.command(":record s.log") == .record(RecordRequest(path: "s.log")))
    #expect(try app.command(":quit") == .quit)
  }

  @Test("an unknown command names the nearest one, or points at :help")
  func unknownCommand() {
    #expect(error("ad 2") == "unknown command 'ad' (column 1) — did you mean 'add'?")
    #expect(error("  :hstory") == "unknown command ':hstory' (column 3) — did you mean ':history'?")
    #expect(
      error("fly") == "unknown command 'fly' (column 1) — type :help for the list of commands")
    #expect(error(":help ntoe") == "no command 'ntoe' to explain (column 7) — did you mean 'note'?")
  }

  @Test("a bad argument is reported at its column with the usage line")
  func badArgument() {
    #expect(
      error("add x") == "'x' is not a whole number from -1000 to 1000 (column 5) — usage: add N")
    #expect(
      error("add  5000")
        == "'5000' is not a whole number from -1000 to 1000 (column 6) — usage: add N")
    #expect(error("add 99999999999999999999") != nil)
    #expect(error(":back 0") == "'0' is not a whole number from 1 (column 7) — usage: :back [N]")
    #expect(error("reset now") == "unexpected 'now' (column 7) — usage: reset")
    #expect(error("add 1 2") == "unexpected '2' (column 7) — usage: add N")
  }

  @Test("a missing argument is reported just after the command with the usage line")
  func missingArgument() {
    #expect(error("add") == "add needs N (column 5) — usage: add N")
    #expect(error("  note") == "note needs TEXT (column 8) — usage: note TEXT…")
    #expect(error(":goto") == ":goto needs SEQ (column 7) — usage: :goto SEQ")
  }

  @Test("a choice accepts any case and reads as spelled, and names its choices when wrong")
  func choices() throws {
    let grammar = CommandGrammar<Tally.Action>([
      ActionCommand(
        "pick", .choice("SIDE", ["left", "right"]), summary: "pick", example: "pick left"
      ) { .note($0.text("SIDE")) }
    ])
    #expect(try grammar.parse("pick LEFT") == .action(.note("left")))
    #expect(
      throws: CommandError(
        problem: "'up' is not one of left, right", column: 6, hint: "usage: pick left|right")
    ) {
      try grammar.parse("pick up")
    }
  }

  @Test(":help lists every command aligned, and explains one with its details and aliases")
  func help() {
    let lines = app.helpLines(topic: nil)
    #expect(lines.first == "add N                   add N to the total (e.g. add 2)")
    #expect(
      lines.contains(
        ":record FILE [--force]  record the session's actions to FILE (e.g. :record session.log)"))
    #expect(lines.count == 3 + 13)
    #expect(
      app.helpLines(topic: "add")
        == [
          "add N", "  add N to the total", "  N is a whole number from -1000 to 1000.",
          "  e.g. add 2",
        ])
    #expect(
      app.helpLines(topic: "reset") == ["reset", "  start again", "  also: clear", "  e.g. reset"])
    #expect(app.helpLines(topic: "undo").first == ":undo")
  }

  @Test("a table 100 times a normal one, and a line 100 times a normal one, parse in full")
  func scales() throws {
    let commands = (0..<300).map { index in
      ActionCommand<Tally.Action>(
        "add\(index)", .integer("N"), summary: "add", example: "add\(index) 1"
      ) {
        .add($0.integer("N") + index)
      }
    }
    let grammar = CommandGrammar(commands)
    #expect(try grammar.parse("add299 1") == .action(.add(300)))
    #expect(grammar.helpLines(topic: nil).count == 300 + 13)
    let text = Array(repeating: "milk", count: 300).joined(separator: " ")
    #expect(try app.command("note " + text) == .action(.note(text)))
    let extra = try #require(error("reset " + text))
    #expect(extra == "unexpected 'milk' (column 7) — usage: reset")
    #expect(
      error("add " + String(repeating: "9", count: 400))?.hasSuffix("(column 5) — usage: add N")
        == true)
  }
}
