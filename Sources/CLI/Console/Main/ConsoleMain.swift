import Foundation
import Store

/// An app's whole command line, from its `main`:
///
/// ```swift
/// await ConsoleMain.run(CounterApp(), initialState: CounterState())
/// ```
///
/// - `APP [--json] [--record FILE [--force]] [--history N] [APP'S OPTIONS]`: the REPL,
///   interactive on a terminal, script mode when standard input is not one; the app's own
///   options (``ConsoleApp/options``) set up its initial state and dependencies;
/// - `APP replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…] [--emit-test
///   [FILE]]`: re-applies a recorded log with effects off and prints the final screens;
/// - `APP shrink LOG --until REGEX [--screen NAME] --output OUT [--force] [--max-replays N]
///   [--timeout SECONDS]`: cuts a log down to the fewest actions that still show a symptom;
/// - `APP --help`, `APP --version`.
///
/// Exit status: 0 when done, 1 when a script line failed or `--verify` found a difference, 2
/// for a command line or a log that cannot be used.
public enum ConsoleMain {
  /// Runs `app`'s command line from `arguments` (without the program's name) and ends the
  /// process with its exit status. The REPL starts from `initialState`, sends `launch` first,
  /// and reaches the world through `dependencies`; a replay calls none of them.
  ///
  /// ```swift
  /// @main enum Main {
  ///   static func main() async {
  ///     await ConsoleMain.run(CounterApp(), initialState: CounterState())
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - app: the app: its name, version, reducer, screens and grammar.
  ///   - initialState: the state the REPL starts from.
  ///   - launch: the actions the REPL sends at launch, before the first line.
  ///   - arguments: the command line without the program's name.
  ///   - dependencies: the live dependencies of the REPL's store.
  ///
  /// Inlinable, so that the REPL's session is made in the app's `main`, where its per-line and
  /// per-action paths are specialised for the app's types (see `ConsoleSession`).
  @MainActor
  @inlinable
  public static func run<App: ConsoleApp>(
    _ app: App, initialState: App.State, launch: [App.Action] = [],
    arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async -> Never {
    ConsoleREPL.start()
    let status = await status(
      app, initialState: initialState, launch: launch, arguments: arguments,
      dependencies: dependencies
    ) { state, horizon, dependencies, console, isScript in
      ConsoleSession(
        app, initialState: state, horizon: horizon, dependencies: dependencies, console: console,
        isScript: isScript)
    }
    ConsoleREPL.leave(status, program: app.name)
  }

  /// What ``run(_:initialState:launch:arguments:dependencies:)`` does, up to the exit status;
  /// `makeSession` makes the REPL's session (from its state, horizon, dependencies, console and
  /// whether this is script mode).
  @MainActor
  @usableFromInline
  package static func status<App: ConsoleApp>(
    _ app: App, initialState: App.State, launch: [App.Action], arguments: [String],
    environment: [String: String] = ProcessInfo.processInfo.environment,
    dependencies: @escaping (inout DependencyValues) -> Void,
    makeSession:
      @escaping (
        App.State, Int, @escaping (inout DependencyValues) -> Void, any Console, Bool
      ) -> ConsoleSession<App>
  ) async -> Int32 {
    let program = app.name
    let screens = app.displayedScreens(of: initialState).map(\.name)
    /// Checks the environment (``ConsoleApp/prepare(_:)``) for a command that is not the REPL.
    func check() throws(ArgumentError) {
      _ = try prepare(
        app, initialState: initialState, given: [], environment: environment, runsREPL: false,
        dependencies: { _ in })
    }
    do throws(ArgumentError) {
      if let first = arguments.first, !first.hasPrefix("-") {
        let rest = Array(arguments.dropFirst())
        if let command = app.subcommands.first(where: { $0.name == first }) {
          return command.run(rest)
        }
        switch first {
        case "replay":
          let request = try ReplayRequest.parse(rest, program: program)
          try check()
          guard let request else {
            writeUsage(app, screens: screens)
            return 0
          }
          return ConsoleReplay(app).run(request, console: StandardConsole(), adopt: true)
        case "shrink":
          let request = try shrinkRequest(rest, app: app, screens: screens)
          try check()
          guard !request.help else {
            let example = shrinkExample(of: app, screens: screens)
            let text = ShrinkRequest.usage(
              program: program, screens: screens, example: example.helpSymptom)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
              StandardStreams.write(TerminalText(String(line)) + "\n")
            }
            return 0
          }
          return ConsoleShrink(app).run(request, console: StandardConsole(), adopt: true)
        default:
          let commands = ["replay", "shrink"] + app.subcommands.map(\.name)
          throw ArgumentError(
            "unknown command '\(first)'; the commands are \(commands.joined(separator: ", ")) "
              + "(see --help)")
        }
      }
      let options = try REPLOptions.parse(arguments, appOptions: appOptions(of: app))
      let start = try prepare(
        app, initialState: initialState, launch: launch, given: options.given,
        environment: environment, runsREPL: options.mode == .repl, dependencies: dependencies)
      switch options.mode {
      case .help:
        writeUsage(app, screens: screens)
        return 0
      case .version:
        StandardStreams.write("\(app.nameAndVersion)\n")
        return 0
      case .repl:
        return await ConsoleREPL.run(
          program: program, json: options.json, record: options.record, open: options.open,
          screens: options.screens,
          makeSession: { console, isScript in
            makeSession(
              start.state, options.history, { $0 = start.dependencies }, console, isScript)
          },
          launch: { await $0.launch(start.launch) })
      }
    } catch {
      StandardStreams.write(error.rendered(program: program), to: .error)
      return 2
    }
  }

  /// The arguments after `APP shrink`, parsed, with the app's example (``ConsoleApp/shrinkExample``)
  /// in its errors.
  package static func shrinkRequest<App: ConsoleApp>(
    _ arguments: [String], app: App, screens: [String]
  ) throws(ArgumentError) -> ShrinkRequest {
    let example = shrinkExample(of: app, screens: screens)
    return try ShrinkRequest.parse(
      arguments, program: app.name, screens: screens,
      examples: (example.symptom, example.screen))
  }

  /// The app's example of a symptom, or one of the first screen's name.
  private static func shrinkExample<App: ConsoleApp>(of app: App, screens: [String])
    -> ShrinkExample
  {
    let screen = screens.first ?? "NAME"
    return app.shrinkExample ?? ShrinkExample(screen: screen, symptom: "'\(screen): .*'")
  }

  /// Writes `--help`: the app's own text (``ConsoleApp/usage``), or the console's.
  private static func writeUsage<App: ConsoleApp>(_ app: App, screens: [String]) {
    guard let text = app.usage else {
      StandardStreams.write(usage(app, screens: screens) + "\n")
      return
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      StandardStreams.write(TerminalText(String(line)) + "\n")
    }
  }

  /// The app's options by name, each with whether it takes a value. An app's option cannot
  /// share a name with one of the console's.
  package static func appOptions<App: ConsoleApp>(of app: App) -> [String: Bool] {
    var names: [String: Bool] = [:]
    for option in app.options {
      precondition(
        option.name.hasPrefix("--") && !REPLOptions.names.contains(option.name)
          && names[option.name] == nil,
        "\(app.name)'s option \(option.name) must begin with -- and not be named like another "
          + "option: the console's own are \(REPLOptions.names.joined(separator: ", ")); rename it")
      names[option.name] = option.argument != nil
    }
    return names
  }

  /// `--help`.
  package static func usage<App: ConsoleApp>(_ app: App, screens: [String]) -> TerminalText {
    let name = app.name
    let options = app.options
    let given = options.map { " [\($0.usage)]" }.joined()
    let width = max(24, (options.map(\.usage.count).max() ?? 0) + 2)
    var optionLines: TerminalText = ""
    if !options.isEmpty { optionLines = "\n\nOptions of the app (the REPL only):" }
    for option in options {
      optionLines +=
        "\n  \(option.usage.padding(toLength: width, withPad: " ", startingAt: 0))\(option.help)"
    }
    return """
      Usage:
        \(name) [--json] [--record FILE [--force]] [--history N] [--open LOG]\(given)
                         [--only PATTERN] [--hide PATTERN]
                                  the REPL: interactive on a terminal, script mode when stdin is not;
                                  --open LOG starts from a recorded session, effects off;
                                  --only/--hide: print screens after those actions only
        \(name) replay LOG [--trace] [--until SEQ] [--verify] [--diff] [--skip SEQ,…] [--emit-test [FILE]]
                         [--html FILE [--force]] [--only PATTERN] [--hide PATTERN]
                                  re-apply a recorded log with effects off; print the final screens
        \(name) shrink LOG --until REGEX [--screen \(screens.joined(separator: "|"))] --output OUT
                                  cut a log down to the fewest actions whose replay still shows a
                                  screen line matching REGEX
        \(name) --help | --version\(optionLines)

      In the REPL, type :help for the commands.
      """
  }
}
