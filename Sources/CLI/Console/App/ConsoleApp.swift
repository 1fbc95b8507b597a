import ActionLog
import Store

/// An app the console runs: what the app writes, and no more — its name and version, its
/// reducer, and its screens as a function of its state. Replaying a log, `--diff`, `--skip`,
/// `--trace`, `--verify` and shrinking come from the console.
///
/// ```swift
/// struct CounterApp: ConsoleApp {
///   var name: String { "counter" }
///   var version: String { "1.0.0" }
///   var reducer: CounterReducer { CounterReducer() }
///   func screens(of state: CounterState) -> [ConsoleScreen] {
///     [ConsoleScreen("count", "\(state.count)")]
///   }
/// }
/// ```
public protocol ConsoleApp: Sendable {
  /// Everything the screens show; written whole to a log's header, snapshots and checkpoint.
  ///
  /// ```swift
  /// typealias State = CounterState
  /// ```
  associatedtype State: Codable & Equatable & Sendable
  /// What the store handles; one log line each, written by its own codec (`LoggableAction`) or
  /// derived from its `Codable` (``actionLogCoding``).
  ///
  /// ```swift
  /// typealias Action = CounterAction
  /// ```
  associatedtype Action: Equatable & Sendable
  /// The reducer the live store runs; a replay drops its effects.
  ///
  /// ```swift
  /// var reducer: CounterReducer { CounterReducer() }   // Body == CounterReducer
  /// ```
  associatedtype Body: Reducer<State, Action>

  /// The program's name, as its messages begin (`uniflow: …`) and a log's header names it.
  ///
  /// ```swift
  /// var name: String { "todos" }
  /// ```
  var name: String { get }
  /// The version number, `MAJOR.MINOR.PATCH`.
  ///
  /// ```swift
  /// var version: String { "1.0.0" }
  /// ```
  var version: String { get }
  /// The app's reducer.
  ///
  /// ```swift
  /// var reducer: Todos { Todos() }
  /// ```
  var reducer: Body { get }
  /// Every screen's line for `state`, in display order.
  ///
  /// ```swift
  /// func screens(of state: State) -> [ConsoleScreen] { [ConsoleScreen("count", "\(state.count)")] }
  /// ```
  func screens(of state: State) -> [ConsoleScreen]

  /// Checks a log's header before a replay (throwing what is wrong with it), and when `adopt` is
  /// true makes the process run as the recording did (uniflow adopts the log's time zone). By
  /// default nothing is checked or adopted.
  ///
  /// ```swift
  /// try app.replaySettings(of: replayer.header, path: "s.log", adopt: true)
  /// ```
  func replaySettings(of header: ActionLogHeader, path: String, adopt: Bool)
    throws(ActionLogError)

  /// Writes a recorded session as a test file, for `replay --emit-test`: each piece of it (one
  /// or more lines, without the last one's newline) to `write` as soon as it is made, reading
  /// `steps` from the log as it goes, so that memory does not grow with the log (`steps` may be
  /// iterated more than once: each time reads the log again). False (the default) lets the
  /// console write it: from ``testAnswers`` or ``testEmission`` when there is one, else a test
  /// that answers each effect with the actions the log shows it sent.
  ///
  /// ```swift
  /// app.testSource(logName: "bug.log", startState: start, steps: steps) { print($0) }   // true
  /// ```
  func testSource(
    logName: String, startState: State, steps: some Sequence<ReplayStep<Action>>,
    write: (String) -> Void
  ) -> Bool

  /// A recorded session as a whole test file made in memory, or nil (the default): the form
  /// before ``testSource(logName:startState:steps:write:)``, still honoured for apps that write
  /// it (asked once with no steps to learn whether the app writes one; then with every step, so
  /// its memory grows with the log). Prefer the streaming form.
  ///
  /// ```swift
  /// app.testSource(logName: "bug.log", startState: start, steps: steps)   // "import Testing …"
  /// ```
  func testSource(logName: String, startState: State, steps: [ReplayStep<Action>]) -> String?

  /// How the console writes a test from any recorded session of this app (`replay --emit-test`),
  /// and what recordings log for it — each action's time, the calls to these dependencies — or
  /// nil (the default): recordings hold actions alone, as version-1 logs.
  ///
  /// ```swift
  /// var testEmission: TestEmission? {
  ///   TestEmission(imports: ["Todos"], reducer: "Todos()",
  ///     dependencies: [LoggedDependency(\.searchClient, named: "searchClient")])
  /// }
  /// ```
  var testEmission: TestEmission? { get }

  /// How the console writes a test from a recorded session whose recordings log no dependency
  /// call: the table of the dependencies the test answers with what the effects' actions carried
  /// (``TestAnswers``), or nil (the default). It wins over ``testEmission``, and leaves
  /// recordings as they are.
  ///
  /// ```swift
  /// var testAnswers: TestAnswers<State, Action>? {
  ///   TestAnswers(imports: ["Feed"], reducer: "Feed()", dependencies: [api])
  /// }
  /// ```
  var testAnswers: TestAnswers<State, Action>? { get }

  /// How actions go to the log and back, and whether they can be typed as Swift: by default
  /// the action's own codec when it is `LoggableAction`, else one derived from its `Codable`
  /// (ActionLogCoding.swift).
  ///
  /// ```swift
  /// var actionLogCoding: ActionLogCoding<Action> { .derived }
  /// ```
  var actionLogCoding: ActionLogCoding<Action> { get }

  /// The options the app adds to its REPL's command line (none by default, in
  /// ConsoleOption.swift): `--help` lists them, and each one given sets up the initial state and
  /// the dependencies from its value before the session starts.
  ///
  /// ```swift
  /// var options: [ConsoleOption<State>] {
  ///   [ConsoleOption("--start", argument: "N", help: "the count to start from") { text, state, _ in
  ///     state.count = Int(text) ?? 0
  ///   }]
  /// }
  /// ```
  var options: [ConsoleOption<State>] { get }

  // MARK: The command line (defaults in ConsoleApp+CommandLine.swift)

  /// `--help`'s text when the app writes its own; nil (the default) lets the console write it
  /// from its commands and ``options``.
  ///
  /// ```swift
  /// var usage: String? { "Usage:\n  counter [--start N]\n\nIn the REPL, type :help." }
  /// ```
  var usage: String? { get }

  /// Commands the app adds beside `replay` and `shrink` (none by default): `APP NAME ARGS…`
  /// runs one with the arguments after its name, and the process exits with its status.
  ///
  /// ```swift
  /// var subcommands: [ConsoleSubcommand] {
  ///   [ConsoleSubcommand("stats") { arguments in print(arguments.count); return 0 }]
  /// }
  /// ```
  var subcommands: [ConsoleSubcommand] { get }

  /// The symptom `shrink`'s help and errors give as an example; nil (the default) makes one of
  /// the first screen's name.
  ///
  /// ```swift
  /// var shrinkExample: ShrinkExample? { ShrinkExample(screen: "count", symptom: "'count: -1'") }
  /// ```
  var shrinkExample: ShrinkExample? { get }

  /// Checks the app's options given (``ConsoleStart/options``) together with each other and the
  /// environment, and sets up the REPL's state, dependencies and launch from them; throws what
  /// is wrong as a command-line error (exit status 2). Called before every command but the
  /// app's ``subcommands``, after the options' own `apply`; `start.runsREPL` is false for
  /// `--help`, `--version`, `replay` and `shrink` (which take no app options). By default it
  /// changes nothing.
  ///
  /// ```swift
  /// func prepare(_ start: inout ConsoleStart<State, Action>) throws(ConsoleOptionError) {
  ///   guard let seed = start.environment["SEED"].map({ UInt64($0) }) else { return }
  ///   guard let seed else { throw ConsoleOptionError("SEED needs a whole number") }
  ///   start.state.seed = seed
  /// }
  /// ```
  func prepare(_ start: inout ConsoleStart<State, Action>) throws(ConsoleOptionError)

  // MARK: The REPL (defaults in ConsoleApp+REPL.swift and ConsoleApp+Commands.swift)

  /// The app's commands as data: words, typed arguments, help, and the action each sends. By
  /// default `command(_:)` and `helpLines(topic:)` read them (with the console's `:` commands).
  ///
  /// ```swift
  /// var commands: [ActionCommand<Todos.Action>] {
  ///   [ActionCommand("add", .rest("TITLE"), summary: "add a todo", example: "add Milk") {
  ///     .addTapped($0.text("TITLE"))
  ///   }]
  /// }
  /// ```
  var commands: [ActionCommand<Action>] { get }

  /// One typed line as a command: an action, or one of the console's `:` commands. By default
  /// parsed with ``commands``; uniflow writes its own (CommandParser).
  ///
  /// ```swift
  /// try app.command("add Buy milk")   // .action(.addTapped("Buy milk"))
  /// ```
  func command(_ line: String) throws(CommandError) -> ConsoleCommand<Action>
  /// What `:help` prints, or `:help TOPIC`.
  ///
  /// ```swift
  /// app.helpLines(topic: nil)   // ["add TITLE  remove ID  …"]
  /// ```
  func helpLines(topic: String?) -> [String]
  /// Why the app refuses `action` in `state`, checked before it is sent; nil to send it.
  ///
  /// ```swift
  /// app.rejection(of: .removeTapped(9), in: state)   // "no todo 9"
  /// ```
  func rejection(of action: Action, in state: State) -> String?
  /// The screen `action` asks to see, printed even when it did not change.
  ///
  /// ```swift
  /// app.screenShown(by: .dog(.show(nil)))   // "dog"
  /// ```
  func screenShown(by action: Action) -> String?
  /// The actions that cancel what `state` shows as loading: Ctrl-C sends them, and travel
  /// applies them to the state it shows (whose effects are not running).
  ///
  /// ```swift
  /// app.cancellations(in: state)   // [.clock(.cancel)] while the clock is loading
  /// ```
  func cancellations(in state: State) -> [Action]
  /// The action that makes the store's state `state`, which travel sends so that a recording
  /// replays to the screens travel showed. Optional: when nil, travel sets the store's state
  /// without an action, and refuses while a recording is running (its log could not replay it).
  ///
  /// ```swift
  /// func restoring(_ state: AppState) -> AppAction? { .restored(state) }
  /// ```
  func restoring(_ state: State) -> Action?
  /// The settings a recording's header holds, for the state recording starts from.
  ///
  /// ```swift
  /// app.recordingSettings(of: state)   // [LogSetting("app", "todos 1.0.0")]
  /// ```
  func recordingSettings(of state: State) -> [LogSetting]
  /// Calls `onChange` with a screen's line each time the part of the store's state it shows
  /// changes (not at once); the observations stop when released.
  ///
  /// ```swift
  /// let observations = app.watchScreens(store) { print($0.rendered) }
  /// ```
  @MainActor
  func watchScreens(
    _ store: Store<State, Action>, onChange: @escaping (ConsoleScreen) -> Void
  ) -> [StoreObservation]
}

extension ConsoleApp {
  /// Checks nothing and adopts nothing.
  ///
  /// ```swift
  /// try app.replaySettings(of: replayer.header, path: "s.log", adopt: false)
  /// ```
  public func replaySettings(of header: ActionLogHeader, path: String, adopt: Bool)
    throws(ActionLogError)
  {}

  /// None: the console writes the test (from ``testEmission``, or answering effects as logged).
  ///
  /// ```swift
  /// app.testSource(logName: "s.log", startState: state, steps: []) { _ in }   // false
  /// ```
  public func testSource(
    logName: String, startState: State, steps: some Sequence<ReplayStep<Action>>,
    write: (String) -> Void
  ) -> Bool { false }

  /// None: the console writes the test.
  ///
  /// ```swift
  /// app.testSource(logName: "s.log", startState: state, steps: [])   // nil
  /// ```
  public func testSource(logName: String, startState: State, steps: [ReplayStep<Action>])
    -> String?
  { nil }

  /// None: recordings hold actions alone, and `--emit-test` answers each effect with the
  /// actions the log shows it sent.
  ///
  /// ```swift
  /// app.testEmission   // nil
  /// ```
  public var testEmission: TestEmission? { nil }

  /// `name version`, as `--version` prints it and a log's header names the app that wrote it.
  ///
  /// ```swift
  /// CounterApp().nameAndVersion   // "counter 1.0.0"
  /// ```
  public var nameAndVersion: String { "\(name) \(version)" }
}
