import Console
import Effects
import Foundation
import Store

/// uniflow's own options, checked together with the environment (``init(given:environment:runsREPL:)``).
package struct Options: Equatable, Sendable {
  /// The options of a bare `uniflow` (online, in the system's zone).
  package init() {}
  /// `--offline`: no network at all.
  var offline = false
  /// `--time-zone ID`: the zone the clock shows and moves in; without it, `TZ` as the C library
  /// reads it (``SystemTimeZone``).
  package var timeZone: TimeZone = .current
  /// `--time-url`, `--geocoder-url`, `--weather-url`: the APIs the time, places and weather come
  /// from instead of the system clock, the gazetteer and the provider's public endpoint.
  var timeURL, geocoderURL, weatherURL: URL?
  /// `--weather-provider weatherbit`: the key from `WEATHERBIT_API_KEY` (it prints as
  /// `APIKey(redacted)`); nil for Open-Meteo, the default.
  var weatherbitKey: APIKey?
  /// `--http-timeout SECONDS`: how long one request may take before it fails.
  var httpTimeout: Double?
  /// The environment variable the Weatherbit key is read from.
  static let weatherbitKeyVariable = "WEATHERBIT_API_KEY"
  /// False with `--no-default-location`: the weather screen starts empty instead of showing
  /// `Anchorage, AK`.
  package var showsDefaultLocation = true

  /// `uniflow --help`.
  static let usage = """
    Uniflow: a clock, a dog and the weather, driven by one unidirectional store.

    Usage:
      uniflow [options]         the REPL: interactive on a terminal, script mode when stdin is not
      uniflow replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…]
                         [--emit-test [FILE]] [--html FILE] [--only PATTERN] [--hide PATTERN]
                                re-apply a recorded log with effects off; print the final screens
      uniflow shrink LOG --until REGEX [--screen NAME] --output OUT [--force]
                         [--max-replays N] [--timeout SECONDS]
                                cut a log down to the fewest actions whose replay still shows a
                                screen line matching REGEX
      uniflow bench [--json] [--only SECTION,…] [--actions N]
                                the benchmarks: runs uniflow-bench, built beside uniflow
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
                                (default: \(historyDefaultHorizon)); older states are dropped
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
      --emit-test [FILE]        write the session as a Swift test of the reducer (TestStore) to
                                FILE.swift, or to stdout (see docs/time-travel.md)
      --html FILE               write the session as one HTML page to FILE, to open in a browser
                                (see docs/inspect.md); --force replaces FILE if it exists

    In the REPL, type :help for the commands. Script mode reads commands from stdin, one a line,
    lets each line's effects finish before the next, and exits 1 if any line failed.
    """

  /// The options `given` (uniflow's own, as the console parsed them), checked alone, together
  /// (offline vs network) and with `environment` (`WEATHERBIT_API_KEY`; `TZ` without
  /// `--time-zone`). The key and `TZ` are needed only when the REPL runs (`runsREPL`).
  package init(
    given: [(name: String, value: String?)], environment: [String: String] = [:],
    runsREPL: Bool = true
  ) throws(ConsoleOptionError) {
    var providerName: String?
    var zoneGiven = false
    for (name, value) in given {
      let value = value ?? ""
      switch name {
      case "--offline": offline = true
      case "--no-default-location": showsDefaultLocation = false
      case "--time-zone":
        do {
          timeZone = try SystemTimeZone.zone(fromOption: value)
        } catch {
          throw ConsoleOptionError(error.message)
        }
        zoneGiven = true
      case "--time-url": timeURL = try OptionValue.httpURL(value, option: name)
      case "--geocoder-url": geocoderURL = try OptionValue.httpURL(value, option: name)
      case "--weather-url": weatherURL = try OptionValue.httpURL(value, option: name)
      case "--weather-provider": providerName = value
      default: httpTimeout = try OptionValue.seconds(value, option: name)  // --http-timeout
      }
    }
    let networkOptions = [
      ("--time-url", timeURL != nil), ("--geocoder-url", geocoderURL != nil),
      ("--weather-url", weatherURL != nil), ("--weather-provider", providerName != nil),
      ("--http-timeout", httpTimeout != nil),
    ]
    if offline, let (name, _) = networkOptions.first(where: { $0.1 }) {
      throw ConsoleOptionError(
        "\(name) needs the network, but --offline forbids it; drop one of them")
    }
    if let providerName {
      weatherbitKey = try Self.weatherbitKey(
        provider: providerName, environment: environment, needed: runsREPL)
    }
    if runsREPL, !zoneGiven {
      // Without --time-zone, `TZ` as the C library reads it (POSIX `UTC+3` is 3 hours west).
      do {
        timeZone = try SystemTimeZone.zone(fromTZ: environment["TZ"])
      } catch {
        throw ConsoleOptionError(error.message)
      }
    }
  }

  /// The key of the provider called `name`: nil for Open-Meteo; Weatherbit's from `environment`,
  /// where it must be when the app is going to run (`needed`).
  private static func weatherbitKey(
    provider name: String, environment: [String: String], needed: Bool
  ) throws(ConsoleOptionError) -> APIKey? {
    switch name.lowercased() {
    case "open-meteo", "openmeteo":
      return nil
    case "weatherbit":
      let key = environment[weatherbitKeyVariable].flatMap(APIKey.init)
      guard key != nil || !needed else {
        throw ConsoleOptionError(
          "--weather-provider weatherbit needs an API key in the environment variable "
            + "\(weatherbitKeyVariable); set it (export \(weatherbitKeyVariable)=…) or use "
            + "--weather-provider open-meteo")
      }
      return key
    default:
      throw ConsoleOptionError("unknown weather provider '\(name)'; use open-meteo or weatherbit")
    }
  }
}
