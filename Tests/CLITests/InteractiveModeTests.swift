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
  func promptCommandQuit() async throws {
    try await withProcessSlot {
      let terminal = try start()
      try await terminal.waitFor("uniflow> ")
      terminal.type("tomorrow\r")
      try await terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
      terminal.type(":quit\r")
      #expect(try await terminal.waitForExit() == 0, "the terminal shows:\n\(terminal.output)")
    }
  }

  @Test("the up arrow brings back the last command, and editing keys work")
  func historyAndEditing() async throws {
    try await withProcessSlot {
      let terminal = try start()
      try await terminal.waitFor("uniflow> ")
      terminal.type("tomorrx\u{7F}ow\r")  // a typo fixed with backspace
      try await terminal.waitFor("clock: 2026년 11월 30일")
      terminal.type("\u{1B}[A\r")  // up arrow, Return: tomorrow again
      try await terminal.waitFor("clock: 2026년 12월 01일")
      terminal.type("moveDay 1\u{1B}[D\u{7F}\r")  // left once, delete the space before it
      try await terminal.waitFor("unknown command 'moveDay1' (column 1) — did you mean 'moveDay'?")
      terminal.type("\u{4}")  // Ctrl-D on an empty line
      #expect(try await terminal.waitForExit() == 0, "the terminal shows:\n\(terminal.output)")
    }
  }

  @Test("Ctrl-C cancels a reload in flight, and a second Ctrl-C leaves")
  func interruptCancelsThenExits() async throws {
    try await withProcessSlot {
      let server = try LoopbackServer { _ in .silent }
      defer { server.stop() }
      let terminal = try PseudoTerminal(
        UniflowBinary.url,
        [
          "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
          "--http-timeout", "600", "--no-default-location",
        ],
        environment: fixedNow)
      try await terminal.waitFor("uniflow> ")
      terminal.type("reload\r")
      try await terminal.waitFor("clock: Loading..")
      terminal.type("\u{3}")
      try await terminal.waitFor("clock: 2026년 11월 29일 03시 45분 · unavailable: cancelled")
      try await terminal.waitFor("cancelled what was in flight")
      terminal.type("\u{3}")
      try await terminal.waitFor("(press Ctrl-C again, or Ctrl-D, to leave)")
      terminal.type("\u{3}")
      #expect(try await terminal.waitForExit() == 0, "the terminal shows:\n\(terminal.output)")
    }
  }

  @Test("results that arrive while typing are printed above, and the typed text is kept")
  func asyncOutputKeepsTypedText() async throws {
    try await withProcessSlot {
      let server = try LoopbackServer { _ in .json(Fixtures.data("worldclockapi_utc_now.json")) }
      defer { server.stop() }
      let terminal = try PseudoTerminal(
        UniflowBinary.url,
        [
          "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
          "--no-default-location", "--http-timeout", "600",
        ],
        environment: fixedNowBeforeFixtures)
      try await terminal.waitFor("uniflow> ")
      terminal.type("reload\r")
      let answered = try await terminal.waitFor("clock: 2026년 11월 29일 03시 45분")
      terminal.type("tomo")
      try await terminal.waitFor("uniflow> tomo", after: answered)
      terminal.type("rrow\r")
      try await terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
      terminal.type(":q\r")
      #expect(try await terminal.waitForExit() == 0, "the terminal shows:\n\(terminal.output)")
    }
  }

  @Test(":undo and :history at the prompt; a bad line is an error, not an exit")
  func undoAtThePrompt() async throws {
    try await withProcessSlot {
      let terminal = try start(["--no-default-location"])
      try await terminal.waitFor("uniflow> ")
      terminal.type("tomorrow\r")
      let moved = try await terminal.waitFor("clock: 2026년 11월 30일 03시 45분")
      terminal.type(":undo\r")
      try await terminal.waitFor("clock: 2026년 11월 29일 03시 45분", after: moved)
      terminal.type(":history\r")
      try await terminal.waitFor("> 1  launch  -         .launched(at: 2026-11-29T03:45:12Z)")
      terminal.type("adopt rex 2030-01-01 pug\r")
      try await terminal.waitFor("error: the birthday 2030-01-01 is after today")
      terminal.type(":quit\r")
      #expect(try await terminal.waitForExit() == 0, "the terminal shows:\n\(terminal.output)")
    }
  }

  @Test(
    "SIGTERM, SIGHUP or SIGQUIT ends the REPL by that signal with the terminal restored, echo on",
    arguments: [SIGTERM, SIGHUP, SIGQUIT])
  func signalRestoresTheTerminal(signal: Int32) async throws {
    try await withProcessSlot {
      let terminal = try start()
      let before = terminal.initialSettings
      try await terminal.waitFor("uniflow> ")
      // Raw mode now: no echo, no line editing by the terminal.
      #expect(try terminal.settings().c_lflag & tcflag_t(ECHO | ICANON) == 0)
      terminal.send(signal: signal)
      #expect(try await terminal.waitForExit() == 128 + signal)
      let after = try terminal.settings()
      #expect(after.c_lflag & tcflag_t(ECHO) != 0, "echo is off: the terminal was left raw")
      #expect(after.c_lflag == before.c_lflag)
      #expect(after.c_iflag == before.c_iflag)
    }
  }
}

/// The prompt line writes what changed, not the whole line again after every key.
@Suite("uniflow in interactive mode: long lines")
struct LongLineTests {
  /// Pastes `count` characters (a command that will be refused, then a marker) and counts the
  /// bytes uniflow writes until the marker shows.
  func bytesEchoed(pasting count: Int) async throws -> Int {
    try await withProcessSlot {
      let terminal = try PseudoTerminal(
        UniflowBinary.url, ["--offline", "--time-zone", "UTC", "--no-default-location"],
        environment: fixedNow)
      try await terminal.waitFor("uniflow> ")
      let before = terminal.bytesWritten
      let paste = "changeLocation " + String(repeating: "x", count: count - 23) + "ENDPASTE"
      try await terminal.paste(paste)
      try await terminal.waitFor("ENDPASTE")
      let echoed = terminal.bytesWritten - before
      terminal.type("\u{15}:quit\r")  // Ctrl-U drops the pasted line
      #expect(try await terminal.waitForExit() == 0)
      return echoed
    }
  }

  @Test("a 20,000-character paste is echoed in bytes linear in its length, not quadratic")
  func pasteEchoIsLinear() async throws {
    // However the paste arrives — in a few large reads or key by key — each character is
    // written at most once, and a row (80 columns) redrawn at most once every half a row of
    // characters as the line scrolls: under 4 bytes a character, a bound linear in the length.
    // Redrawing the whole line after each key wrote 200 MB for 20,000 characters.
    for count in [2_000, 20_000] {
      let bytes = try await bytesEchoed(pasting: count)
      #expect(bytes < 4 * count + 200, "\(bytes) bytes for \(count) characters")
    }
  }

  @Test("pasted escape sequences are echoed escaped, never acted on")
  func pastedEscapesAreShownEscaped() async throws {
    try await withProcessSlot {
      let terminal = try PseudoTerminal(
        UniflowBinary.url, ["--offline", "--time-zone", "UTC", "--no-default-location"],
        environment: fixedNow)
      try await terminal.waitFor("uniflow> ")
      let start = terminal.output.endIndex
      terminal.type("dog \u{9B}31m\u{202E}x\r")
      try await terminal.waitFor("no dog named", after: start)
      try await terminal.waitFor("uniflow> ", after: start)
      let shown = String(terminal.output[start...])
      #expect(shown.contains("dog \\u{9b}31m\\u{202e}x"), "\(shown.debugDescription)")
      #expect(!shown.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E })
      terminal.type(":quit\r")
      #expect(try await terminal.waitForExit() == 0)
    }
  }

}
