import ActionLog
import Foundation
import Store

extension ConsoleMain {
  /// Runs the whole console for `reducer` with nothing else of the app's: the REPL with every
  /// `:` command and travel, `--record`, `replay` with every option, `shrink`, `--emit-test`,
  /// `--help` and `--version`. Actions are logged and typed as Swift, derived from their
  /// `Codable` (or by their own codec when they are `LoggableAction`); after each action the
  /// state's paths that changed print with their new values. The app's name is the
  /// executable's unless `name` gives one. A ``ConsoleApp`` adds screens, commands, options and
  /// a test's dependencies.
  ///
  /// ```swift
  /// @main enum Main {
  ///   static func main() async { await ConsoleMain.run(Feature(), initialState: Feature.State()) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - reducer: the app's reducer.
  ///   - initialState: the state the REPL starts from.
  ///   - name: the program's name in its messages and logs; the executable's by default.
  ///   - version: its version, as `--version` prints it and a log's header names it.
  ///   - launch: the actions the REPL sends at launch, before the first line.
  ///   - arguments: the command line without the program's name.
  ///   - dependencies: the live dependencies of the REPL's store.
  @MainActor
  @inlinable
  public static func run<R: Reducer>(
    _ reducer: R, initialState: R.State, name: String? = nil, version: String = "0.0.0",
    launch: [R.Action] = [], arguments: [String] = Array(CommandLine.arguments.dropFirst()),
    dependencies: @escaping (inout DependencyValues) -> Void = { _ in }
  ) async -> Never
  where
    R.State: Codable & Equatable & Sendable, R.Action: Codable & Equatable & Sendable
  {
    await run(
      ReducerConsoleApp(reducer, name: name ?? executableName(), version: version),
      initialState: initialState, launch: launch, arguments: arguments,
      dependencies: dependencies)
  }

  /// The name the program was started by, without its folder.
  @usableFromInline
  package static func executableName() -> String {
    let path = CommandLine.arguments.first ?? ""
    let name = URL(fileURLWithPath: path).lastPathComponent
    return name.isEmpty ? "app" : name
  }
}

/// An app given by its reducer alone: its screens the state's paths, its actions typed and
/// logged as Swift.
@usableFromInline
package struct ReducerConsoleApp<R: Reducer>: ConsoleApp
where R.State: Codable & Equatable & Sendable, R.Action: Codable & Equatable & Sendable {
  // Why `nonisolated(unsafe)` is safe — three facts to check in this file:
  // 1. `base` is a `let`, written once, by `init`.
  // 2. It is `private`, and read in one place, the `reducer` getter below.
  // 3. That getter traps off the main actor in every build (`MainActor.preconditionIsolated`),
  //    and what it returns is an `R`: unless `R` is `Sendable` (then a copy may go anywhere),
  //    the compiler keeps each copy on the main actor too. So the reducer is used on one actor
  //    only; copying the app value to another isolation copies the `let`, which nothing there
  //    can read.
  private nonisolated(unsafe) let base: R
  @usableFromInline package let name: String
  @usableFromInline package let version: String

  @usableFromInline
  package init(_ reducer: R, name: String, version: String) {
    self.base = reducer
    self.name = name
    self.version = version
  }

  @usableFromInline package var reducer: R {
    // Fact 3 above: the reducer is read on the main actor only, in every build.
    MainActor.preconditionIsolated("a ReducerConsoleApp's reducer is read on the main actor only")
    return base
  }

  /// The action's own codec when it is `LoggableAction` too (it wins), else the derived one.
  @usableFromInline package var actionLogCoding: ActionLogCoding<R.Action> {
    .preferringHandWritten
  }
}

extension ActionLogCoding where Action: Codable {
  /// The action's own codec when it turns out to be `LoggableAction` too, else the derived one:
  /// for a console that knows only that it is `Codable`.
  package static var preferringHandWritten: Self {
    guard let loggable = Action.self as? any LoggableAction.Type else { return .derived }
    return handWritten(loggable)
  }

  private static func handWritten<L: LoggableAction>(_: L.Type) -> Self {
    // L is Action: the casts only change the static type.
    Self(
      codec: HandCodec<L>() as any ActionLogCodec as! any ActionLogCodec<Action>,
      typing: Self.derived.typing)
  }
}
