import Store
import Testing

@testable import Console
@testable import TestSupport

/// A dependency only the options below set: what the REPL's store would see.
private struct Greeting: DependencyKey {
  static let liveValue = "hello"
  static let testValue = "hello"
}

/// `TallyApp` with options of its own: `--start N` (the state), `--greeting TEXT` (a
/// dependency) and the flag `--loud`.
private struct OptionedTally: ConsoleApp {
  var name: String { "tally" }
  var version: String { "1.0.0" }
  var reducer: Tally { Tally() }

  func screens(of state: Tally.State) -> [ConsoleScreen] {
    TallyApp().screens(of: state)
  }

  var options: [ConsoleOption<Tally.State>] {
    [
      ConsoleOption("--start", argument: "N", help: "the total to start from") { text, state, _ in
        guard let total = Int(text) else {
          throw ConsoleOptionError("'\(text)' is not a whole number")
        }
        state.total = total
      },
      ConsoleOption("--greeting", argument: "TEXT", help: "what to say") { text, _, values in
        values[Greeting.self] = text
      },
      ConsoleOption(flag: "--loud", help: "greet in capitals") { state, values in
        values[Greeting.self] = values[Greeting.self].uppercased()
        state.notes.append("loud")
      },
    ]
  }
}

@MainActor
@Suite("An app's own command-line options")
struct ConsoleOptionTests {
  private let names = ["--start": true, "--greeting": true, "--loud": false]

  @Test("the app's options are parsed with the console's, in order, with or without '='")
  func parsing() throws {
    let options = try REPLOptions.parse(
      ["--start", "3", "--json", "--greeting=hi", "--loud", "--start=4"], appOptions: names)
    #expect(options.json)
    #expect(
      options.given == [
        GivenOption(name: "--start", value: "3"), GivenOption(name: "--greeting", value: "hi"),
        GivenOption(name: "--loud", value: nil), GivenOption(name: "--start", value: "4"),
      ])
  }

  @Test("an option missing its value, or misspelt, says so and points to the nearest name")
  func parseErrors() {
    #expect(throws: ArgumentError("--start needs a value")) {
      try REPLOptions.parse(["--start"], appOptions: names)
    }
    #expect(throws: ArgumentError("unknown option '--strat'; did you mean --start?")) {
      try REPLOptions.parse(["--strat", "2"], appOptions: names)
    }
    // Without the app's options, its names are unknown.
    #expect(throws: ArgumentError.self) { try REPLOptions.parse(["--loud"]) }
  }

  @Test("the options given set up the initial state and the dependencies, after main's own")
  func prepare() throws {
    let given = [
      GivenOption(name: "--greeting", value: "hi"), GivenOption(name: "--loud", value: nil),
      GivenOption(name: "--start", value: "7"),
    ]
    let start = try ConsoleMain.prepare(
      OptionedTally(), initialState: Tally.State(total: 1), given: given,
      dependencies: { $0[Greeting.self] = "from main" })
    #expect(start.state == Tally.State(total: 7, notes: ["loud"]))
    #expect(start.dependencies[Greeting.self] == "HI")

    let none = try ConsoleMain.prepare(
      OptionedTally(), initialState: Tally.State(total: 1), given: [],
      dependencies: { $0[Greeting.self] = "from main" })
    #expect(none.state == Tally.State(total: 1))
    #expect(none.dependencies[Greeting.self] == "from main")
  }

  @Test("a hundred times the options given parse and apply a hundred times as often, in order")
  func hundredfold() throws {
    let arguments = (1...300).flatMap { ["--start", "\($0)", "--loud"] }
    let options = try REPLOptions.parse(arguments, appOptions: names)
    #expect(options.given.count == 600)
    let start = try ConsoleMain.prepare(
      OptionedTally(), initialState: Tally.State(), given: options.given, dependencies: { _ in })
    #expect(start.state.total == 300)
    #expect(start.state.notes.count == 300)
  }

  @Test("a value an option refuses is a command-line error naming the option")
  func refusedValue() {
    #expect(throws: ArgumentError("--start: 'x' is not a whole number")) {
      try ConsoleMain.prepare(
        OptionedTally(), initialState: Tally.State(),
        given: [GivenOption(name: "--start", value: "x")], dependencies: { _ in })
    }
    #expect(
      ArgumentError("--start: 'x' is not a whole number").rendered(program: "tally").escaped
        == "tally: --start: 'x' is not a whole number\nRun 'tally --help' for usage.\n")
  }

  @Test("--help lists the app's options on the REPL's line and one line each below")
  func usage() throws {
    let text = ConsoleMain.usage(OptionedTally(), screens: ["total", "notes"]).escaped
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[1]
        == "  tally [--json] [--record FILE [--force]] [--history N] [--open LOG] [--start N] "
        + "[--greeting TEXT] [--loud]")
    let options = try #require(lines.firstIndex(of: "Options of the app (the REPL only):"))
    #expect(
      Array(lines[(options + 1)...(options + 3)]) == [
        "  --start N               the total to start from",
        "  --greeting TEXT         what to say",
        "  --loud                  greet in capitals",
      ])
    // An app without options prints the usage it always did.
    #expect(!ConsoleMain.usage(TallyApp(), screens: []).escaped.contains("Options of"))
  }

  @Test("a session started from the prepared state shows it at launch")
  func sessionStartsThere() async throws {
    let start = try ConsoleMain.prepare(
      OptionedTally(), initialState: Tally.State(),
      given: [GivenOption(name: "--start", value: "5")], dependencies: { _ in })
    let console = CapturingConsole()
    let session = ConsoleSession(
      OptionedTally(), initialState: start.state, horizon: 10,
      dependencies: { $0 = start.dependencies }, console: console, isScript: true)
    await session.launch([])
    #expect(console.outputs == ["total: 5", "notes: "])
  }
}
