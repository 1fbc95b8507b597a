import Foundation
import Testing

@testable import CLI

@Suite("Command-line options")
struct OptionsTests {
  @Test("defaults: the REPL, online, the system's time zone, the system clock")
  func defaults() throws {
    let options = try Options.parse([])
    #expect(options.mode == .repl)
    #expect(options.offline == false)
    #expect(options.timeURL == nil)
    #expect(options.timeZone == .current)
  }

  @Test("every option is read, with a separate or an inline value")
  func parsesOptions() throws {
    let options = try Options.parse([
      "--offline", "--time-zone", "Asia/Seoul",
    ])
    #expect(options.offline)
    #expect(options.timeZone.identifier == "Asia/Seoul")
    let inline = try Options.parse(["--time-zone=UTC", "--time-url=http://127.0.0.1:1/now"])
    #expect(inline.timeZone.secondsFromGMT() == 0)
    #expect(inline.timeURL?.absoluteString == "http://127.0.0.1:1/now")
    #expect(try Options.parse(["--help"]).mode == .help)
    #expect(try Options.parse(["--version"]).mode == .version)
  }

  @Test(
    "a bad command line says what is wrong and how to fix it",
    arguments: [
      (["--bogus"], "unknown option '--bogus'"),
      (["--ofline"], "unknown option '--ofline'; did you mean --offline?"),
      (["--time-zone"], "--time-zone needs a value"),
      (
        ["--time-zone", "Mars/Olympus"],
        "unknown time zone 'Mars/Olympus'; use an IANA name such as Asia/Seoul or UTC"
      ),
      (["--time-url", "ftp://x"], "--time-url needs an http or https URL, got 'ftp://x'"),
      (
        ["--offline", "--time-url", "http://example.com/now"],
        "--time-url needs the network, but --offline forbids it; drop one of them"
      ),
    ])
  func errors(arguments: [String], message: String) {
    do {
      _ = try Options.parse(arguments)
      Issue.record("expected an error")
    } catch {
      #expect(error.message == message)
      #expect(error.description == "uniflow: \(message)\nRun 'uniflow --help' for usage.")
    }
  }
}

@Suite("Subcommands")
struct SubcommandTests {
  @Test("a word that is not a subcommand is refused, listing the subcommands")
  func unknownSubcommand() {
    #expect(
      throws: UsageError("unknown command 'frobnicate'; the commands are replay (see --help)")
    ) {
      try Options.parse(["frobnicate"])
    }
  }
}
