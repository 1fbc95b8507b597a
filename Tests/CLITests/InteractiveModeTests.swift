import Foundation
import TestSupport
import Testing

/// End-to-end: the built `uniflow` binary on a pseudo-terminal, typed at like a person would.
@Suite("uniflow in interactive mode")
struct InteractiveModeTests {
  private func start(_ arguments: [String] = []) throws -> PseudoTerminal {
    try PseudoTerminal(
      UniflowBinary.url, ["--offline", "--time-zone", "UTC"] + arguments, environment: fixedNow)
  }

  @Test("a prompt, a command, its screen, and :quit exits 0")
  func promptCommandQuit() throws {
    let terminal = try start()
    try terminal.waitFor("uniflow> ")
    terminal.type("tomorrow\r")
    try terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
    terminal.type(":quit\r")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test("the up arrow brings back the last command, and editing keys work")
  func historyAndEditing() throws {
    let terminal = try start()
    try terminal.waitFor("uniflow> ")
    terminal.type("tomorrx\u{7F}ow\r")  // a typo fixed with backspace
    try terminal.waitFor("clock: 2026년 11월 30일")
    terminal.type("\u{1B}[A\r")  // up arrow, Return: tomorrow again
    try terminal.waitFor("clock: 2026년 12월 01일")
    terminal.type("moveDay 1\u{1B}[D\u{7F}\r")  // left once, delete the space before it
    try terminal.waitFor("unknown command 'moveDay1' (column 1) — did you mean 'moveDay'?")
    terminal.type("\u{4}")  // Ctrl-D on an empty line
    #expect(try terminal.waitForExit() == 0)
  }

  @Test("Ctrl-C cancels a reload in flight, and a second Ctrl-C leaves")
  func interruptCancelsThenExits() throws {
    let server = try LoopbackServer { _ in .silent }
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      UniflowBinary.url,
      [
        "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
        "--no-default-location",
      ],
      environment: fixedNow)
    try terminal.waitFor("uniflow> ")
    terminal.type("reload\r")
    try terminal.waitFor("clock: Loading..")
    terminal.type("\u{3}")
    try terminal.waitFor("clock: 2026년 11월 29일 03시 45분 · unavailable: cancelled")
    try terminal.waitFor("cancelled what was in flight")
    terminal.type("\u{3}")
    try terminal.waitFor("(press Ctrl-C again, or Ctrl-D, to leave)")
    terminal.type("\u{3}")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test("results that arrive while typing are printed above, and the typed text is kept")
  func asyncOutputKeepsTypedText() throws {
    let server = try LoopbackServer { _ in .json(Fixtures.data("worldclockapi_utc_now.json")) }
    defer { server.stop() }
    let terminal = try PseudoTerminal(
      UniflowBinary.url,
      [
        "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
        "--no-default-location",
      ],
      environment: fixedNowBeforeFixtures)
    try terminal.waitFor("uniflow> ")
    terminal.type("reload\r")
    let answered = try terminal.waitFor("clock: 2026년 11월 29일 03시 45분")
    terminal.type("tomo")
    try terminal.waitFor("uniflow> tomo", after: answered)
    terminal.type("rrow\r")
    try terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
    terminal.type(":q\r")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test(":undo and :history at the prompt; a bad line is an error, not an exit")
  func undoAtThePrompt() throws {
    let terminal = try start(["--no-default-location"])
    try terminal.waitFor("uniflow> ")
    terminal.type("tomorrow\r")
    let moved = try terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
    terminal.type(":undo\r")
    try terminal.waitFor("clock: 2026년 11월 29일 03시 45분", after: moved)
    terminal.type(":history\r")
    try terminal.waitFor("3  undo    .restored(…)")
    terminal.type("adopt rex 2030-01-01 pug\r")
    try terminal.waitFor("error: the birthday 2030-01-01 is after today")
    terminal.type(":quit\r")
    #expect(try terminal.waitForExit() == 0)
  }
}
