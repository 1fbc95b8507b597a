import Console
import Effects
import Foundation
import Store

/// The command line, parsed.
package struct Options: Equatable, Sendable {
  package enum Mode: Equatable, Sendable {
    case repl
    case help
    case version
    /// `uniflow replay LOG …`
    case replay(ReplayRequest)
    /// `uniflow bench …`: runs `uniflow-bench` with these arguments.
    case bench([String])
    /// `uniflow shrink LOG …`
    case shrink(ShrinkRequest)
  }

  package var mode: Mode = .repl

  /// The options of a bare `uniflow` (the REPL, online, in the system's zone), in `mode`.
  package init(mode: Mode = .repl) {
    self.mode = mode
  }
  /// `--offline`: no network at all.
  var offline = false
  /// `--time-zone ID`: the zone the clock shows and moves in; without it, `TZ` as the C library
  /// reads it (``SystemTimeZone``).
  package var timeZone: TimeZone = .current
  /// `--time-url URL`: fetch the time from this API instead of the system clock.
  var timeURL: URL?
  /// `--geocoder-url URL`: geocode with this Open-Meteo-style search API instead of the gazetteer.
  var geocoderURL: URL?
  /// `--weather-url URL`: the weather provider's endpoint instead of its public one.
  var weatherURL: URL?
  /// `--weather-provider open-meteo|weatherbit`; Weatherbit carries its key from the environment.
  var weatherProvider: WeatherProvider = .openMeteo
  /// `--http-timeout SECONDS`: how long one request may take before it fails.
  var httpTimeout: Double?

  /// Where the weather comes from.
  enum WeatherProvider: Equatable, Sendable {
    case openMeteo
    /// The key is from `WEATHERBIT_API_KEY`; it prints as `APIKey(redacted)`.
    case weatherbit(APIKey)
  }

  /// The environment variable the Weatherbit key is read from.
  static let weatherbitKeyVariable = "WEATHERBIT_API_KEY"
  /// False with `--no-default-location`: the weather screen starts empty instead of showing
  /// `Anchorage, AK`.
  package var showsDefaultLocation = true
  /// The console's own options: `--json`, `--record FILE [--force]`, `--open LOG`, `--history N`.
  package var console = REPLOptions()

  static let version = Version.name

  static let usage: TerminalText = """
    Uniflow: a clock, a dog and the weather, driven by one unidirectional store.

    Usage:
      uniflow [options]         the REPL: interactive on a terminal, script mode when stdin is not
      uniflow replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…]
                                re-apply a recorded log with effects off; print the final screens
      uniflow shrink LOG --until REGEX [--screen NAME] --output OUT [--force]
                         [--max-replays N] [--timeout SECONDS]
                                cut a log down to the fewest actions whose replay still shows a
                                screen line matching REGEX
      uniflow bench [--json] [--only SECTION,…] [--actions N]
                                measure the store, the log, start-up and shrinking: runs
                                uniflow-bench, built beside uniflow (release build)
      uniflow --help | --version

    Options:
      --offline                 no network at all: time from the system clock, places from the
                                bundled gazetteer, weather unavailable
      --time-zone ID            the clock's time zone: an IANA name, or an offset east of UTC
                                such as +09:00 (default: the system's, from TZ)
      --time-url URL            fetch the time from a worldclockapi, worldtimeapi or timeapi.io URL
      --geocoder-url URL        look places up with an Open-Meteo-style search API at URL
                                (default: the bundled GeoNames gazetteer, no network)
      --weather-url URL         the weather provider's endpoint (default: its public API)
      --weather-provider NAME   open-meteo (default, no key) or weatherbit (key from the
                                environment variable WEATHERBIT_API_KEY)
      --http-timeout SECONDS    how long a request may take before it fails (default: \(Int(HTTPClient.defaultTimeout)))
      --no-default-location     start the weather screen empty instead of on Anchorage, AK
      --json                    screens, errors and results as JSON objects, one a line
      --record FILE             record every action to FILE, an action log (see docs/action-log.md)
      --force                   with --record: overwrite FILE if it exists
      --history N               keep the last N actions for :back, :goto, :undo and :diff
                                (default: \(SessionHistory.defaultHorizon)); older states are dropped
      --open LOG                start from LOG's session, replayed with effects off (see
                                docs/inspect.md); with --record, the new log starts with it
      --only PATTERN            print the screens' changes only after the actions whose names
                                match (clock.*, **.progress); --hide PATTERN: not after those

    Replay options:
      --trace                   print each action and the screens it changed
      --until SEQ               stop after the action numbered SEQ
      --verify                  compare with the states the log recorded; exit 1 if they differ
      --diff                    print each action with what it changed in the state (-/+ lines)
      --skip SEQ,…              replay as if those actions never happened; with --diff, show
                                how the final state differs from the full replay's
      --only PATTERN            with --trace or --diff: print only the actions whose names
                                match (clock.*, **.progress); --hide PATTERN leaves them out
      --html FILE               write the session as one HTML page to FILE, to open in a browser
                                (see docs/inspect.md); --force replaces FILE if it exists

    In the REPL, type :help for the commands. Script mode reads commands from stdin, one a line,
    lets each line's effects finish before the next, and exits 1 if any line failed.
    """

  /// Parses `arguments` (without the program name): the subcommands, then the console's REPL
  /// options (``REPLOptions``: `--json`, `--record`, `--history`, `--open`, `--help`…) with
  /// uniflow's own (``appOptions``) checked here.
  package static func parse(_ arguments: [String], environment: [String: String] = [:])
    throws(UsageError)
    -> Options
  {
    if let first = arguments.first, !first.hasPrefix("-") {
      switch first {
      case "replay": return try ReplayRequest.parse(Array(arguments.dropFirst()))
      case "shrink": return try ShrinkRequest.parse(Array(arguments.dropFirst()))
      case "bench":
        return Options(mode: .bench(Array(arguments.dropFirst())))
      default: break
      }
      throw UsageError(
        "unknown command '\(first)'; the commands are \(commands.joined(separator: ", ")) "
          + "(see --help)")
    }
    let console: REPLOptions
    do {
      console = try REPLOptions.parse(arguments, appOptions: appOptions)
    } catch {
      throw UsageError(error)
    }
    var options = Options()
    switch console.mode {
    case .repl: break
    case .help: options.mode = .help
    case .version: options.mode = .version
    }
    options.console = console
    var providerName: String?
    var zoneGiven = false
    for given in console.given {
      let (name, value) = (given.name, given.value ?? "")
      switch name {
      case "--offline": options.offline = true
      case "--no-default-location": options.showsDefaultLocation = false
      case "--time-zone":
        do {
          options.timeZone = try SystemTimeZone.zone(fromOption: value)
        } catch {
          throw UsageError(error.message)
        }
        zoneGiven = true
      case "--time-url": options.timeURL = try httpURL(value, option: name)
      case "--geocoder-url": options.geocoderURL = try httpURL(value, option: name)
      case "--weather-url": options.weatherURL = try httpURL(value, option: name)
      case "--weather-provider": providerName = value
      default: options.httpTimeout = try seconds(value, option: name)  // --http-timeout
      }
    }
    let networkOptions = [
      ("--time-url", options.timeURL != nil), ("--geocoder-url", options.geocoderURL != nil),
      ("--weather-url", options.weatherURL != nil), ("--weather-provider", providerName != nil),
      ("--http-timeout", options.httpTimeout != nil),
    ]
    if options.offline, let (name, _) = networkOptions.first(where: { $0.1 }) {
      throw UsageError("\(name) needs the network, but --offline forbids it; drop one of them")
    }
    if let providerName {
      options.weatherProvider = try weatherProvider(
        providerName, environment: environment, keyNeeded: options.mode == .repl)
    }
    if options.mode == .repl, !zoneGiven {
      // Without --time-zone, `TZ` as the C library reads it (POSIX `UTC+3` is 3 hours west).
      do {
        options.timeZone = try SystemTimeZone.zone(fromTZ: environment["TZ"])
      } catch {
        throw UsageError(error.message)
      }
    }
    return options
  }

  /// uniflow's own options, each with whether it takes a value; the console parses them with
  /// its own (``REPLOptions``).
  static let appOptions = [
    "--offline": false, "--time-zone": true, "--time-url": true, "--geocoder-url": true,
    "--weather-url": true, "--weather-provider": true, "--http-timeout": true,
    "--no-default-location": false,
  ]

  /// The provider called `name`; Weatherbit's key comes from `environment` and must be there
  /// when the app is going to run (`keyNeeded`).
  private static func weatherProvider(
    _ name: String, environment: [String: String], keyNeeded: Bool
  ) throws(UsageError) -> WeatherProvider {
    switch name.lowercased() {
    case "open-meteo", "openmeteo":
      return .openMeteo
    case "weatherbit":
      if let key = environment[weatherbitKeyVariable].flatMap(APIKey.init) {
        return .weatherbit(key)
      }
      guard !keyNeeded else {
        throw UsageError(
          "--weather-provider weatherbit needs an API key in the environment variable "
            + "\(weatherbitKeyVariable); set it (export \(weatherbitKeyVariable)=…) or use "
            + "--weather-provider open-meteo")
      }
      return .openMeteo
    default:
      throw UsageError("unknown weather provider '\(name)'; use open-meteo or weatherbit")
    }
  }

  /// The subcommands.
  static let commands = ["replay", "shrink", "bench"]

  private static func httpURL(_ text: String, option: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host != nil
    else {
      throw UsageError("\(option) needs an http or https URL, got '\(text)'")
    }
    return url
  }

  /// A time limit in seconds: more than none, at most a day.
  private static func seconds(_ text: String, option: String) throws(UsageError) -> Double {
    guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
      throw UsageError(
        "\(option) needs a number of seconds above 0 and at most 86400, got '\(text)'")
    }
    return seconds
  }
}

/// A command line that cannot run. Printed with a pointer to `--help`; exit status 2.
package struct UsageError: Error, Equatable, CustomStringConvertible {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }

  package var description: String { "uniflow: \(message)\nRun 'uniflow --help' for usage." }

  /// The two lines as they go to stderr, the message escaped: it may quote any argument.
  package var rendered: TerminalText { "uniflow: \(message)\nRun 'uniflow --help' for usage.\n" }
}
