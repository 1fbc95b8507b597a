import Features
import Store
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("REPL command grammar")
struct CommandParserTests {
  @Test(
    "each clock command becomes its action, whatever the case of the command word",
    arguments: [
      ("reload", AppAction.clock(.reload)), ("NOW", .clock(.reload)), ("Reload", .clock(.reload)),
      ("moveDay -1", .clock(.moveDay(-1))), ("MOVEDAY +3", .clock(.moveDay(3))),
      ("  moveday   36525  ", .clock(.moveDay(36_525))), ("yesterday", .clock(.moveDay(-1))),
      ("Tomorrow", .clock(.moveDay(1))),
    ])
  func clockCommands(line: String, action: AppAction) throws {
    #expect(try UniflowApp().command(line) == .action(action))
  }

  @Test("meta commands, blank lines and comments")
  func metaCommands() throws {
    #expect(try UniflowApp().command(":help") == .help(nil))
    #expect(try UniflowApp().command(":HELP moveDay") == .help("moveDay"))
    #expect(try UniflowApp().command(":help state") == .help("state"))
    #expect(try UniflowApp().command(":state") == .state)
    #expect(try UniflowApp().command(":quit") == .quit)
    #expect(try UniflowApp().command(":q") == .quit)
    #expect(try UniflowApp().command("") == .nothing)
    #expect(try UniflowApp().command("   \t ") == .nothing)
    #expect(try UniflowApp().command("# a comment") == .nothing)
  }

  @Test(
    "a bad line says what is wrong, the column, and the nearest command",
    arguments: [
      ("reloda", "unknown command 'reloda' (column 1) — did you mean 'reload'?"),
      ("  moveDya 3", "unknown command 'moveDya' (column 3) — did you mean 'moveDay'?"),
      ("xyzzy", "unknown command 'xyzzy' (column 1) — type :help for the list of commands"),
      ("moveDay", "moveDay needs a number of days (column 9) — e.g. moveDay -1"),
      ("moveDay x", "'x' is not a whole number of days (column 9) — e.g. moveDay -1"),
      ("moveDay 1.5", "'1.5' is not a whole number of days (column 9) — e.g. moveDay -1"),
      (
        "moveDay 36526",
        "moveDay 36526 is more than 100 years (column 9) — use a number from -36525 to 36525"
      ),
      (
        "moveDay 99999999999999999999",
        "'99999999999999999999' is out of range (column 9) — e.g. moveDay -1"
      ),
      ("moveDay 1 2", "unexpected '2' (column 11) — usage: moveDay N"),
      ("reload now", "unexpected 'now' (column 8) — usage: reload | now"),
      (":help nothing", "no command 'nothing' to explain (column 7)"),
    ])
  func errors(line: String, message: String) {
    #expect(throws: CommandError.self) { try UniflowApp().command(line) }
    do {
      _ = try UniflowApp().command(line)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("control characters and long words are shown escaped and shortened")
  func unsafeInputIsEscaped() {
    do {
      _ = try UniflowApp().command("\u{7}beep")
      Issue.record("expected an error")
    } catch {
      #expect(error.problem == "unknown command '\\u{7}beep'")
    }
    do {
      _ = try UniflowApp().command(String(repeating: "a", count: 1000))
      Issue.record("expected an error")
    } catch {
      #expect(error.problem == "unknown command '\(String(repeating: "a", count: 40))…'")
    }
  }

  @Test("help lists every command with an example, and explains one")
  func help() {
    let app = UniflowApp()
    let all = app.helpLines(topic: nil)
    #expect(all.first == "Commands (command words are case-insensitive):")
    for command in app.commands {
      #expect(
        all.contains { $0.contains(command.usage) && $0.contains("(e.g. \(command.example))") })
    }
    #expect(
      all.contains("  :quit                             leave (Ctrl-D does too)  (e.g. :quit)"))
    let one = app.helpLines(topic: "MOVEDAY")
    #expect(one.first == "moveDay N")
    #expect(one.last == "  example: moveDay -1")
    #expect(app.helpLines(topic: ":help").last == "  example: :help moveDay")
  }

  @Test("typo distance counts a swap of neighbours as one edit")
  func editDistance() {
    #expect(Suggestion.editDistance("reload", "reload") == 0)
    #expect(Suggestion.editDistance("reolad", "reload") == 1)
    #expect(Suggestion.editDistance("", "abc") == 3)
    #expect(CommandGrammar(UniflowApp().commands).suggestion(for: "tomorow") == "tomorrow")
  }
}
