import Store

/// An option an app adds to its REPL's command line, such as `--seed N`: `--help` lists it with
/// its help line, and when it is given, it sets up the REPL's initial state and dependencies
/// from its value before the session starts. (`replay` and `shrink` start from the log and call
/// no dependency: they take none of these.)
///
/// ```swift
/// ConsoleOption<Todos.State>("--catalogue", argument: "TITLES", help: "what search suggests") {
///   titles, state, dependencies in
///   dependencies.searchClient = .catalogue(titles.split(separator: ",").map(String.init))
/// }
/// ```
public struct ConsoleOption<State>: Sendable {
  /// The option as typed, `--` and all.
  ///
  /// ```swift
  /// option.name   // "--seed"
  /// ```
  public let name: String
  /// The value's name in `--help` (`N`, `FILE`); nil for a flag, which takes no value.
  ///
  /// ```swift
  /// option.argument   // "N"
  /// ```
  public let argument: String?
  /// What the option does, one line for `--help`.
  ///
  /// ```swift
  /// option.help   // "the seed of the generated todos"
  /// ```
  public let help: String
  /// Sets up the state and dependencies from the value (nil for a flag).
  let apply: @Sendable (String?, inout State, inout DependencyValues) throws -> Void

  /// An option `name ARGUMENT` whose value sets up the initial state and the dependencies;
  /// `apply` throws a ``ConsoleOptionError`` saying what is wrong with a value it cannot take
  /// (another error is shown as it describes itself).
  ///
  /// ```swift
  /// ConsoleOption<Counter.State>("--start", argument: "N", help: "the count to start from") {
  ///   text, state, _ in
  ///   guard let count = Int(text) else { throw ConsoleOptionError("'\(text)' is not a number") }
  ///   state.count = count
  /// }
  /// ```
  public init(
    _ name: String, argument: String, help: String,
    apply:
      @escaping @Sendable (
        _ value: String, _ state: inout State, _ dependencies: inout DependencyValues
      ) throws -> Void
  ) {
    self.name = name
    self.argument = argument
    self.help = help
    self.apply = { value, state, dependencies in
      try apply(value ?? "", &state, &dependencies)
    }
  }

  /// A flag `name`, which takes no value; `apply` sets up the initial state and dependencies.
  ///
  /// ```swift
  /// ConsoleOption<Counter.State>(flag: "--slow", help: "tick once a minute") { _, dependencies in
  ///   dependencies.continuousClock = SlowClock()
  /// }
  /// ```
  public init(
    flag name: String, help: String,
    apply:
      @escaping @Sendable (_ state: inout State, _ dependencies: inout DependencyValues)
      throws -> Void
  ) {
    self.name = name
    self.argument = nil
    self.help = help
    self.apply = { _, state, dependencies in
      try apply(&state, &dependencies)
    }
  }

  /// `--seed N`, as `--help` shows it.
  var usage: String { argument.map { "\(name) \($0)" } ?? name }
}

/// Why an app's option cannot take the value it was given. The console prints it as
/// `todos: --seed: MESSAGE` with a pointer to `todos --help`, and exits with status 2; a
/// message that begins with the option's name (``OptionValue``'s do) is printed without the
/// prefix, `todos: --seed needs …`.
///
/// ```swift
/// throw ConsoleOptionError("'x' is not a number: --seed takes a whole number")
/// ```
public struct ConsoleOptionError: Error, Equatable, Sendable {
  /// What is wrong with the value, and how to fix it.
  ///
  /// ```swift
  /// ConsoleOptionError("'x' is not a number").message   // "'x' is not a number"
  /// ```
  public let message: String

  /// The error saying `message`.
  ///
  /// ```swift
  /// let error = ConsoleOptionError("'x' is not a number")
  /// ```
  public init(_ message: String) {
    self.message = message
  }
}

extension ConsoleApp {
  /// No options of the app's own.
  ///
  /// ```swift
  /// app.options   // []
  /// ```
  public var options: [ConsoleOption<State>] { [] }
}

/// An app's option as given on the command line: its name and value (nil for a flag).
package struct GivenOption: Equatable, Sendable {
  package let name: String
  package let value: String?
}

extension ConsoleMain {
  /// The command's start: `initialState`, `launch` and `dependencies` as the app's `main` gave
  /// them; for the REPL (`runsREPL`), changed by each of the app's options `given` on the
  /// command line, in the order given; then by the app's ``ConsoleApp/prepare(_:)``. Throws the
  /// first value an option refuses, as a command-line error.
  ///
  /// **Bounds.** One `apply` per option given; finding each among the app's options is
  /// O(options declared), so O(given × declared) comparisons of names in all.
  package static func prepare<App: ConsoleApp>(
    _ app: App, initialState: App.State, launch: [App.Action] = [], given: [GivenOption],
    environment: [String: String] = [:], runsREPL: Bool = true,
    dependencies: (inout DependencyValues) -> Void
  ) throws(ArgumentError) -> ConsoleStart<App.State, App.Action> {
    var values = DependencyValues.current
    dependencies(&values)
    var start = ConsoleStart(
      options: given.map { ($0.name, $0.value) }, environment: environment, runsREPL: runsREPL,
      state: initialState, dependencies: values, launch: launch)
    let options = runsREPL ? app.options : []
    for option in given {
      guard let declared = options.first(where: { $0.name == option.name }) else { continue }
      do {
        try declared.apply(option.value, &start.state, &start.dependencies)
      } catch let error as ConsoleOptionError {
        // A message that names its option already (``OptionValue``'s) is not prefixed again.
        let named = error.message.hasPrefix(declared.name + " ")
        throw ArgumentError(named ? error.message : "\(declared.name): \(error.message)")
      } catch {
        throw ArgumentError("\(declared.name): \(error)")
      }
    }
    do {
      try app.prepare(&start)
    } catch {
      throw ArgumentError(error.message)
    }
    return start
  }
}
