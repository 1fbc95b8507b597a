import ActionLog
import Store

/// What a console needs to turn any recorded session of an app into a Swift Testing test
/// (`APP replay LOG --emit-test`) with no more code of the app's: the modules the test imports,
/// the reducer it tests, and the dependencies whose calls a recording logs.
///
/// ```swift
/// var testEmission: TestEmission? {
///   TestEmission(
///     imports: ["Todos"], reducer: "Todos()",
///     dependencies: [LoggedDependency(\.searchClient, named: "searchClient")])
/// }
/// ```
///
/// With it, `--record` writes a version-2 log: each action's time on the app's clock
/// (`continuousClock`) and each call an effect made to a listed dependency, with its answer.
/// The emitted test runs the session through a `TestStore` whose clock is a `TestClock`
/// advanced to each logged time, and whose listed dependencies answer as logged
/// (`LoggedCalls`); every other dependency keeps its test value.
public struct TestEmission: Sendable {
  /// The modules the test imports besides Foundation, StoreTesting and Testing.
  ///
  /// ```swift
  /// emission.imports = ["Todos"]   // the test starts with `import Todos`
  /// ```
  public var imports: [String]
  /// Swift that makes the reducer under test.
  ///
  /// ```swift
  /// emission.reducer = "Todos()"   // the test runs `TestStore(…, reducer: Todos())`
  /// ```
  public var reducer: String
  /// The dependencies whose calls are logged and answered.
  ///
  /// ```swift
  /// emission.dependencies = [LoggedDependency(\.searchClient, named: "searchClient")]
  /// ```
  public var dependencies: [LoggedDependency]

  /// The test of a session imports `imports`, tests `reducer` and answers `dependencies`.
  ///
  /// ```swift
  /// TestEmission(imports: ["Counter"], reducer: "CounterReducer()")
  /// ```
  public init(imports: [String], reducer: String, dependencies: [LoggedDependency] = []) {
    self.imports = imports
    self.reducer = reducer
    self.dependencies = dependencies
  }
}

/// A dependency whose calls a recording logs and an emitted test answers: its key path on
/// `DependencyValues` and its property's name there (which the test writes, `$0.NAME`).
///
/// ```swift
/// LoggedDependency(\.searchClient, named: "searchClient")
/// ```
public struct LoggedDependency: Sendable {
  /// The property's name on `DependencyValues`; calls are logged under it.
  ///
  /// ```swift
  /// LoggedDependency(\.searchClient, named: "searchClient").name   // "searchClient"
  /// // its calls are logged as "searchClient.search"
  /// ```
  public let name: String
  /// Sends the calls of the value in `values` through `route`.
  let route: @Sendable (inout DependencyValues, any DependencyCallRoute) -> Void

  /// The dependency at `keyPath`, a property named `name`.
  ///
  /// ```swift
  /// LoggedDependency(\.searchClient, named: "searchClient")
  /// ```
  public init<Value: LoggableDependency>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, named name: String
  ) {
    self.name = name
    self.route = { values, route in
      values[keyPath: keyPath] = values[keyPath: keyPath].routed(through: route)
    }
  }
}
