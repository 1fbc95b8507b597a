import Effects
import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("Command-line options")
struct OptionsTests {
  @Test("defaults: the REPL, online, the system's time zone, the system clock")
  func defaults() throws {
    let options = try UniflowArguments.repl([])
    #expect(try UniflowArguments.console([]).mode == .repl)
    #expect(options.offline == false)
    #expect(options.timeURL == nil)
    #expect(options.timeZone == .current)
    #expect(options.geocoderURL == nil)
    #expect(options.weatherURL == nil)
    #expect(options.weatherbitKey == nil)  // Open-Meteo
  }

  @Test("geocoder and weather options: URLs, the provider, Weatherbit's key from the environment")
  func parsesWeatherOptions() throws {
    let options = try UniflowArguments.repl(
      [
        "--geocoder-url", "http://127.0.0.1:1/v1/search", "--weather-url=https://example.com/w",
        "--weather-provider", "weatherbit",
      ], environment: ["WEATHERBIT_API_KEY": "fake-key-for-tests"])
    #expect(options.geocoderURL?.absoluteString == "http://127.0.0.1:1/v1/search")
    #expect(options.weatherURL?.absoluteString == "https://example.com/w")
    #expect(options.weatherbitKey == APIKey("fake-key-for-tests"))
    #expect(try UniflowArguments.repl(["--weather-provider", "open-meteo"]).weatherbitKey == nil)
    #expect(
      try UniflowArguments.console(["--weather-provider", "weatherbit", "--help"]).mode
        == .help)
  }

  @Test("the Weatherbit key never shows when the options are printed or dumped")
  func keyNeverShows() throws {
    let options = try UniflowArguments.repl(
      ["--weather-provider", "weatherbit"],
      environment: ["WEATHERBIT_API_KEY": "fake-key-for-tests"])
    var dumped = ""
    dump(options, to: &dumped)
    for text in [String(describing: options), String(reflecting: options), dumped] {
      #expect(!text.contains("fake-key-for-tests"))
      #expect(text.contains("weatherbit"))
    }
  }

  @Test("every option is read, with a separate or an inline value")
  func parsesOptions() throws {
    let options = try UniflowArguments.repl([
      "--offline", "--time-zone", "Asia/Seoul",
    ])
    #expect(options.offline)
    #expect(options.timeZone.identifier == "Asia/Seoul")
    let inline = try UniflowArguments.repl(["--time-zone=UTC", "--time-url=http://127.0.0.1:1/now"])
    #expect(inline.timeZone.secondsFromGMT() == 0)
    #expect(inline.timeURL?.absoluteString == "http://127.0.0.1:1/now")
    #expect(try UniflowArguments.console(["--help"]).mode == .help)
    #expect(try UniflowArguments.console(["--version"]).mode == .version)
    #expect(try UniflowArguments.repl(["--http-timeout", "600"]).httpTimeout == 600)
    #expect(try UniflowArguments.repl(["--http-timeout=0.5"]).httpTimeout == 0.5)
    #expect(try UniflowArguments.repl([]).httpTimeout == nil)
  }

  @Test("--help names every option the REPL, replay and shrink take, and each of uniflow's own")
  func helpNamesEveryOption() {
    let help = Options.usage
    let shrink = ["--until", "--screen", "--output", "--force", "--max-replays", "--timeout"]
    let names =
      REPLOptions.names + ReplayRequest.names + shrink + UniflowApp().options.map(\.name)
    for name in Set(names) {
      let named = help.ranges(of: name).contains { range in
        range.upperBound == help.endIndex
          || !(help[range.upperBound].isLetter || help[range.upperBound] == "-")
      }
      #expect(named, "--help leaves out \(name)")
    }
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
      (
        ["--geocoder-url", "http://example.com/v1/search", "--offline"],
        "--geocoder-url needs the network, but --offline forbids it; drop one of them"
      ),
      (
        ["--offline", "--weather-url=http://example.com/"],
        "--weather-url needs the network, but --offline forbids it; drop one of them"
      ),
      (
        ["--offline", "--weather-provider", "open-meteo"],
        "--weather-provider needs the network, but --offline forbids it; drop one of them"
      ),
      (
        ["--geocoder-url", "example.com"],
        "--geocoder-url needs an http or https URL, got 'example.com'"
      ),
      (["--weather-url"], "--weather-url needs a value"),
      (["--open"], "--open needs a value"),
      (["--history"], "--history needs a value"),
      // A flag takes no value: `--offline=no` is not read as `--offline`.
      (["--offline=no"], "unknown option '--offline=no'; did you mean --offline?"),
      (
        ["--http-timeout", "soon"],
        "--http-timeout needs a number of seconds above 0 and at most 86400, got 'soon'"
      ),
      (
        ["--http-timeout=0"],
        "--http-timeout needs a number of seconds above 0 and at most 86400, got '0'"
      ),
      (
        ["--offline", "--http-timeout", "9"],
        "--http-timeout needs the network, but --offline forbids it; drop one of them"
      ),
      (
        ["--weather-provider", "accuweather"],
        "unknown weather provider 'accuweather'; use open-meteo or weatherbit"
      ),
      (
        ["--weather-provider", "weatherbit"],
        "--weather-provider weatherbit needs an API key in the environment variable "
          + "WEATHERBIT_API_KEY; set it (export WEATHERBIT_API_KEY=…) or use "
          + "--weather-provider open-meteo"
      ),
      (
        ["--weather-providr", "weatherbit"],
        "unknown option '--weather-providr'; did you mean --weather-provider?"
      ),
    ])
  func errors(arguments: [String], message: String) {
    do {
      _ = try UniflowArguments.repl(arguments, environment: ["WEATHERBIT_API_KEY": "  "])
      Issue.record("expected an error")
    } catch {
      #expect(error.message == message)
      #expect(
        error.rendered(program: "uniflow").unescaped
          == "uniflow: \(message)\nRun 'uniflow --help' for usage.\n")
    }
  }
}

@Suite("Subcommands")
struct SubcommandTests {
  @Test("a word that is not a subcommand is refused, listing the subcommands")
  func unknownSubcommand() async throws {
    let result = try await UniflowBinary.run(["frobnicate"], input: "")
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "uniflow: unknown command 'frobnicate'; the commands are replay, shrink, bench "
        + "(see --help)\nRun 'uniflow --help' for usage.\n")
    #expect(result.stdout.isEmpty)
  }
}
