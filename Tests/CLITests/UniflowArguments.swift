import Features

@testable import Console
@testable import UniflowConsole

/// uniflow's command line parsed as ``ConsoleMain`` parses it, for the tests of its parts.
enum UniflowArguments {
  /// `uniflow ARGUMENTS`: the console's options (in ``Options/console``) and uniflow's own,
  /// checked with `environment` as the REPL (or `--help`, `--version`) would.
  static func repl(_ arguments: [String], environment: [String: String] = [:])
    throws(ArgumentError) -> Options
  {
    let console = try REPLOptions.parse(
      arguments, appOptions: ConsoleMain.appOptions(of: UniflowApp()))
    do {
      var options = try Options(
        given: console.given.map { ($0.name, $0.value) }, environment: environment,
        runsREPL: console.mode == .repl)
      options.console = console
      return options
    } catch {
      throw ArgumentError(error.message)
    }
  }

  /// `uniflow replay ARGUMENTS`; nil for `--help`.
  static func replay(_ arguments: [String]) throws(ArgumentError) -> ReplayRequest? {
    try ReplayRequest.parse(arguments, program: "uniflow")
  }

  /// `uniflow shrink ARGUMENTS`.
  static func shrink(_ arguments: [String]) throws(ArgumentError) -> ShrinkRequest {
    try ConsoleMain.shrinkRequest(arguments, app: UniflowApp(), screens: AppView.screenNames)
  }
}
