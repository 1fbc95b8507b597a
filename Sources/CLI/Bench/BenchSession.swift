import Console
import Features
import Store
import UniflowConsole

/// The uniflow session the benchmarks drive: script mode, in GMT, with an empty weather screen.
enum BenchSession {
  /// A session that writes to `console` and whose effects reach the world through
  /// `dependencies` (unimplemented where it sets none).
  @MainActor
  static func make(console: any Console, dependencies: @escaping (inout DependencyValues) -> Void)
    -> ConsoleSession<UniflowApp>
  {
    ConsoleSession(
      UniflowApp(showsDefaultLocation: false), initialState: AppState(timeZone: .gmt),
      horizon: REPLOptions().history, dependencies: dependencies, console: console,
      isScript: true)
  }
}
