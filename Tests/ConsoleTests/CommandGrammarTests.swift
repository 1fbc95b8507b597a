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

  @Test("a missing argument is reported just after the command, with an example")
  func missingArgument() {
    #expect(error("add") == "add needs N (column 5) — e.g. add 2")
    #expect(error("  note") == "note needs TEXT (column 8) — e.g. note hello")
    #expect(
      error(":goto")
        == ":goto needs the seq of an action (:history lists them) (column 7) — e.g. :goto 2")
    #expect(
      error(":record") == ":record needs a file to record to (column 9) — e.g. :record session.log")
  }

  @Test("too few words are reported before a bad one, and every missing argument is named")
  func countsFirst() throws {
    let grammar = CommandGrammar<Tally.Action>([
      ActionCommand(
        "pair", CommandArgument.integer("A").described("a first number"),
        CommandArgument.integer("B").described("a second number"), summary: "pair",
        example: "pair 1 2"
      ) { .add($0.integer("A") + $0.integer("B")) }
    ])
    #expect(
      throws: CommandError(
        problem: "pair needs a first number and a second number", column: 6, hint: "e.g. pair 1 2")
    ) {
      try grammar.parse("pair")
    }
    #expect(
      throws: CommandError(problem: "pair needs a second number", column: 8, hint: "e.g. pair 1 2")
    ) {
      try grammar.parse("pair x")
    }
    #expect(throws: CommandError(problem: "unexpected '3'", column: 10, hint: "usage: pair A B")) {
      try grammar.parse("pair x 2 3")
    }
    #expect(try grammar.parse("pair 1 2") == .action(.add(3)))
  }

  @Test("a custom argument reads its word, or the rest of the line from just after the command")
  func customArguments() throws {
    let grammar = CommandGrammar<Tally.Action>([
      ActionCommand(
        "twice",
        .custom("N") { input throws(CommandError) in
          guard let value = Int(input.text) else {
            throw CommandError(
              problem: "'\(input.text)' is no number", column: input.column,
              hint: "e.g. \(input.example)")
          }
          return 2 * value
        }, summary: "twice", example: "twice 2"
      ) { .add($0.value("N")) },
      ActionCommand(
        "say",
        .custom("TEXT", rest: true) { input throws(CommandError) in
          "[\(input.text)]@\(input.column)"
        },
        summary: "say", example: "say hi"
      ) { .note($0.value("TEXT")) },
    ])
    #expect(try grammar.parse("twice 21") == .action(.add(42)))
    #expect(throws: CommandError(problem: "'x' is no number", column: 7, hint: "e.g. twice 2")) {
      try grammar.parse("twice x")
    }
    #expect(try grammar.parse("say  a  b ") == .action(.note("[  a  b ]@4")))
    #expect(try grammar.parse("say") == .action(.note("[]@4")))
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

  @Test(":help lists every command aligned, and explains one with its details")
  func help() {
    let lines = app.helpLines(topic: nil)
    #expect(lines.first == "Commands (command words are case-insensitive):")
    #expect(lines[1] == "  add N                   add N to the total  (e.g. add 2)")
    #expect(
      lines.contains(
        "  :record FILE [--force]  record every action from now on to FILE, an action log  "
          + "(e.g. :record session.log)"))
    #expect(lines.last == "Lines starting with # are comments. :help COMMAND explains one command.")
    #expect(lines.count == 2 + 3 + 18)
    #expect(
      app.helpLines(topic: "add")
        == [
          "add N", "  add N to the total", "  N is a whole number from -1000 to 1000.",
          "  example: add 2",
        ])
    #expect(app.helpLines(topic: "reset") == ["reset", "  start again", "  example: reset"])
    #expect(app.helpLines(topic: "undo").first == ":undo")
    #expect(app.helpLines(topic: ":state")[1] == "  print the whole State as JSON")
    #expect(app.helpLines(topic: ":stop").last == "  example: :stop")
    #expect(app.helpLines(topic: ":stop")[2].hasSuffix("Leaving tally does the same."))
  }

  @Test(":help :view names the app's screens where the session knows them")
  func viewHelpNamesScreens() {
    #expect(app.helpLines(topic: ":view")[2] == "  Prints every screen as it is now.")
    let named = HelpContext.$screens.withValue(["total", "notes", "last"]) {
      app.helpLines(topic: ":view")
    }
    #expect(named[2] == "  Prints the total, notes and last screens as they are now.")
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
    #expect(grammar.helpLines(topic: nil).count == 2 + 300 + 18)
    let text = Array(repeating: "milk", count: 300).joined(separator: " ")
    #expect(try app.command("note " + text) == .action(.note(text)))
    let extra = try #require(error("reset " + text))
    #expect(extra == "unexpected 'milk' (column 7) — usage: reset")
    #expect(
      error("add " + String(repeating: "9", count: 400))?.hasSuffix("(column 5) — usage: add N")
        == true)
  }
}
