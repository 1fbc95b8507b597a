/// Everything the app's effects may reach outside the process, injected at launch.
///
/// Reducers get it at construction and touch it only inside effects, so replay (effects off)
/// needs none of it.
///
/// ```swift
/// let reducer = AppReducer(environment: AppEnvironment(time: .constant(date)))
/// ```
public struct AppEnvironment: Sendable {
  /// Where the clock's `reload` gets the time.
  public var time: TimeClient

  /// An environment built from its parts. Parts not given fail the test that calls them.
  public init(time: TimeClient = .unimplemented) {
    self.time = time
  }

  /// Every dependency fails the running test when called, naming itself. Tests start here and
  /// replace what they use.
  public static let unimplemented = AppEnvironment()
}
