import Store
import Testing

@testable import Console
@testable import TestSupport

/// `TallyApp` with `--start N`, whose `prepare(_:)` checks it against the environment's
/// `TALLY_LIMIT` and launches by noting where it started.
private struct LimitedTally: ConsoleApp {
  var name: String { "tally" }
  var version: String { "1.0.0" }
  var reducer: Tally { Tally() }

  func screens(of state: Tally.State) -> [ConsoleScreen] { TallyApp().screens(of: state) }

  var options: [ConsoleOption<Tally.State>] {
    [
      ConsoleOption("--start", argument: "N", help: "the total to start from") { text, state, _ in
        state.total = Int(text) ?? 0
      }
    ]
  }

  var shrinkExample: ShrinkExample? {
    ShrinkExample(screen: "notes", symptom: "'notes: .*loud'", helpSymptom: "'notes: loud'")
  }

  func prepare(_ start: inout ConsoleStart<Tally.State, Tally.Action>) throws(ConsoleOptionError) {
    guard let limit = start.environment["TALLY_LIMIT"] else { return }
    guard let limit = Int(limit) else {
      throw ConsoleOptionError("TALLY_LIMIT='\(limit)' is not a whole number; unset it or fix it")
    }
    guard start.state.total <= limit else {
      throw ConsoleOptionError("--start \(start.state.total) is above TALLY_LIMIT (\(limit))")
    }
    if start.runsREPL { start.launch = [.note("started at \(start.state.total)")] }
  }
}

@MainActor
@Suite("An app's start: its options checked together with the environment")
struct ConsoleStartTests {
  private func start(
    _ given: [GivenOption], environment: [String: String], runsREPL: Bool = true
  ) throws(ArgumentError) -> ConsoleStart<Tally.State, Tally.Action> {
    try ConsoleMain.prepare(
      LimitedTally(), initialState: Tally.State(total: 1), launch: [.add(1)], given: given,
      environment: environment, runsREPL: runsREPL, dependencies: { _ in })
  }

  @Test("prepare sees the options given, after their own apply, and the environment")
  func preparesAfterApply() throws {
    let start = try start(
      [GivenOption(name: "--start", value: "5")], environment: ["TALLY_LIMIT": "9"])
    #expect(start.options.map(\.name) == ["--start"])
    #expect(start.options.map(\.value) == ["5"])
    #expect(start.state == Tally.State(total: 5))
    #expect(start.launch == [.note("started at 5")])
    // Without the variable, main's launch stands.
    #expect(try self.start([], environment: [:]).launch == [.add(1)])
  }

  @Test("what prepare refuses is a command-line error in its own words")
  func refusals() {
    #expect(throws: ArgumentError("--start 12 is above TALLY_LIMIT (9)")) {
      try start([GivenOption(name: "--start", value: "12")], environment: ["TALLY_LIMIT": "9"])
    }
    #expect(
      throws: ArgumentError("TALLY_LIMIT='many' is not a whole number; unset it or fix it")
    ) { try start([], environment: ["TALLY_LIMIT": "many"], runsREPL: false) }
  }

  @Test("before a command that is not the REPL, the options' apply is skipped, prepare is not")
  func notTheREPL() throws {
    let start = try start(
      [GivenOption(name: "--start", value: "50")], environment: ["TALLY_LIMIT": "9"],
      runsREPL: false)
    #expect(start.runsREPL == false)
    #expect(start.state == Tally.State(total: 1))
    #expect(start.launch == [.add(1)])
  }

  @Test("shrink's errors quote the app's example, or one made of the first screen's name")
  func shrinkExamples() {
    #expect(throws: ArgumentError("--until needs a value, e.g. --until 'notes: .*loud'")) {
      try ConsoleMain.shrinkRequest(
        ["s.log", "--until"], app: LimitedTally(), screens: ["total", "notes"])
    }
    #expect(throws: ArgumentError("--until needs a value, e.g. --until 'total: .*'")) {
      try ConsoleMain.shrinkRequest(
        ["s.log", "--until"], app: TallyApp(), screens: ["total", "notes"])
    }
    #expect(
      LimitedTally().shrinkExample?.helpSymptom == "'notes: loud'"
        && ShrinkExample(screen: "a", symptom: "'a: x'").helpSymptom == "'a: x'")
  }
}
