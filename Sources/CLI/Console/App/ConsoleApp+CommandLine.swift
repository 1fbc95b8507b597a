import Foundation
import Store

/// A command an app adds to its command line beside `replay` and `shrink`, such as
/// `uniflow bench`: `APP NAME ARGS…` runs it with the arguments after its name.
///
/// ```swift
/// ConsoleSubcommand("stats") { arguments in
///   print("\(arguments.count) arguments")
///   return 0
/// }
/// ```
public struct ConsoleSubcommand: Sendable {
  /// The word that runs it, e.g. `bench`.
  ///
  /// ```swift
  /// command.name   // "bench"
  /// ```
  public let name: String
  /// Runs the command on the arguments after its name, returning the exit status.
  let run: @MainActor @Sendable ([String]) -> Int32

  /// The command `name`, which `run` carries out; the process exits with what it returns.
  ///
  /// ```swift
  /// ConsoleSubcommand("hello") { _ in print("hello"); return 0 }
  /// ```
  public init(_ name: String, run: @escaping @MainActor @Sendable ([String]) -> Int32) {
    self.name = name
    self.run = run
  }
}

/// The symptom `APP shrink` gives as an example: in the errors about `--until` and `--screen`,
/// and in its `--help`.
///
/// ```swift
/// ShrinkExample(screen: "dog", symptom: "'dog: .*살'", helpSymptom: "'dog: .*-1 살'")
/// ```
public struct ShrinkExample: Equatable, Sendable {
  /// A screen's name, as `--screen` takes it.
  ///
  /// ```swift
  /// example.screen   // "dog"
  /// ```
  public let screen: String
  /// A pattern `--until` takes, quoted as a shell needs it.
  ///
  /// ```swift
  /// example.symptom   // "'dog: .*살'"
  /// ```
  public let symptom: String
  /// The pattern `shrink --help` shows.
  ///
  /// ```swift
  /// example.helpSymptom   // "'dog: .*-1 살'"
  /// ```
  public let helpSymptom: String

  /// An example on `screen`: `symptom` in the errors, and `helpSymptom` (`symptom` when nil)
  /// in `--help`.
  ///
  /// ```swift
  /// ShrinkExample(screen: "count", symptom: "'count: -1'")
  /// ```
  public init(screen: String, symptom: String, helpSymptom: String? = nil) {
    self.screen = screen
    self.symptom = symptom
    self.helpSymptom = helpSymptom ?? symptom
  }
}

/// What the console starts an app's command with: the app's options given and the environment,
/// and the REPL's initial state, dependencies and launch actions, which
/// ``ConsoleApp/prepare(_:)`` may change.
///
/// ```swift
/// func prepare(_ start: inout ConsoleStart<State, Action>) throws(ConsoleOptionError) {
///   if start.options.contains(where: { $0.name == "--empty" }) { start.launch = [] }
/// }
/// ```
public struct ConsoleStart<State, Action> {
  /// The app's options given on the command line, in order: each name and its value (nil for
  /// a flag).
  ///
  /// ```swift
  /// start.options.first { $0.name == "--seed" }?.value   // "42"
  /// ```
  public let options: [(name: String, value: String?)]
  /// The process's environment variables.
  ///
  /// ```swift
  /// start.environment["TZ"]   // "Asia/Seoul"
  /// ```
  public let environment: [String: String]
  /// True when the REPL runs next; false for `--help`, `--version`, `replay` and `shrink`.
  ///
  /// ```swift
  /// guard start.runsREPL else { return }
  /// ```
  public let runsREPL: Bool
  /// The state the REPL starts from: the `main`'s, changed by the options' `apply`.
  ///
  /// ```swift
  /// start.state.count = 10
  /// ```
  public var state: State
  /// The REPL's live dependencies.
  ///
  /// ```swift
  /// start.dependencies.continuousClock = ContinuousClock()
  /// ```
  public var dependencies: DependencyValues
  /// The actions the REPL sends at launch, before the first line.
  ///
  /// ```swift
  /// start.launch = [.launched(at: Date())]
  /// ```
  public var launch: [Action]

  /// The start of a command, with the app's options `options` given, and the REPL's `state`,
  /// `dependencies` and `launch` as the app's `main` gave them.
  package init(
    options: [(name: String, value: String?)], environment: [String: String], runsREPL: Bool,
    state: State, dependencies: DependencyValues, launch: [Action]
  ) {
    self.options = options
    self.environment = environment
    self.runsREPL = runsREPL
    self.state = state
    self.dependencies = dependencies
    self.launch = launch
  }
}

extension ConsoleApp {
  /// None: the console writes `--help` from its commands and ``options``.
  ///
  /// ```swift
  /// app.usage   // nil
  /// ```
  public var usage: String? { nil }

  /// None: `replay` and `shrink` are the commands.
  ///
  /// ```swift
  /// app.subcommands   // []
  /// ```
  public var subcommands: [ConsoleSubcommand] { [] }

  /// None: the console makes one of the first screen's name.
  ///
  /// ```swift
  /// app.shrinkExample   // nil
  /// ```
  public var shrinkExample: ShrinkExample? { nil }

  /// Changes nothing: the options' own `apply` set the REPL up.
  ///
  /// ```swift
  /// try app.prepare(&start)
  /// ```
  public func prepare(_ start: inout ConsoleStart<State, Action>) throws(ConsoleOptionError) {}
}
