import Features

@testable import Console
@testable import UniflowConsole

/// uniflow's command line parsed as ``ConsoleMain`` parses it, for the tests of its parts.
enum UniflowArguments {
  /// `uniflow ARGUMENTS`: uniflow's own options, checked with `environment` as the REPL (or
  /// `--help`, `--version`) would.
  static func repl(_ arguments: [String], environment: [String: String] = [:])
    throws(ArgumentError) -> Options
  {
    try parse(arguments, environment: environment).options
  }

  /// `uniflow ARGUMENTS`: the console's own options, once uniflow's have been checked too.
  static func console(_ arguments: [String], environment: [String: String] = [:])
    throws(ArgumentError) -> REPLOptions
  {
    try parse(arguments, environment: environment).console
  }

  private static func parse(_ arguments: [String], environment: [String: String])
    throws(ArgumentError) -> (options: Options, console: REPLOptions)
  {
    let console = try REPLOptions.parse(
      arguments, appOptions: ConsoleMain.appOptions(of: UniflowApp()))
    do {
      let options = try Options(
        given: console.given.map { ($0.name, $0.value) }, environment: environment,
        runsREPL: console.mode == .repl)
      return (options, console)
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
