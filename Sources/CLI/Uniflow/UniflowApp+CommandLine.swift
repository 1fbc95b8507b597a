import Console
import Features
import Foundation
import Store

/// uniflow's command line on the console's (``ConsoleMain``): its own `--help`, `bench`, its
/// options, checked together with the environment, and the REPL's start from them.
extension UniflowApp {
  package var usage: String? { Options.usage }

  package var subcommands: [ConsoleSubcommand] {
    [ConsoleSubcommand("bench", program: "uniflow-bench")]
  }

  package var shrinkExample: ShrinkExample? {
    ShrinkExample(screen: "dog", symptom: "'dog: .*살'", helpSymptom: "'dog: .*-1 살'")
  }

  /// uniflow's options, for the console to parse; ``prepare(_:)`` reads them all at once.
  package var options: [ConsoleOption<AppState>] {
    let flags = [
      ("--offline", "no network at all"),
      ("--no-default-location", "start the weather screen empty"),
    ]
    let valued = [
      ("--time-zone", "ID", "the clock's time zone"),
      ("--time-url", "URL", "fetch the time from URL"),
      ("--geocoder-url", "URL", "look places up at URL"),
      ("--weather-url", "URL", "the weather provider's endpoint"),
      ("--weather-provider", "NAME", "open-meteo or weatherbit"),
      ("--http-timeout", "SECONDS", "how long a request may take"),
    ]
    return flags.map { ConsoleOption(flag: $0.0, help: $0.1) { _, _ in } }
      + valued.map { ConsoleOption($0.0, argument: $0.1, help: $0.2) { _, _, _ in } }
  }

  /// Checks the options (``Options``) and `UNIFLOW_FIXED_NOW`; for the REPL, starts the clock in
  /// the zone they name, wires the dependencies (``Options/dependencies(fixedNow:)``) and launches at the fixed instant
  /// or now.
  package func prepare(_ start: inout ConsoleStart<AppState, AppAction>)
    throws(ConsoleOptionError)
  {
    let options = try Options(
      given: start.options, environment: start.environment, runsREPL: start.runsREPL)
    let fixedNow = try Options.fixedNow(start.environment)
    guard start.runsREPL else { return }
    start.state = AppState(timeZone: options.timeZone)
    options.dependencies(fixedNow: fixedNow)(&start.dependencies)
    start.launch = UniflowApp(showsDefaultLocation: options.showsDefaultLocation)
      .launchActions(at: fixedNow ?? Date())
  }
}
