import Console
import Features
import Foundation
import Store
import UniflowConsole

/// uniflow's REPL session, as the tests drive it: the console's session of ``UniflowApp``.
typealias Session = ConsoleSession<UniflowApp>
/// uniflow's session history.
typealias SessionHistory = ActionHistory<AppState, AppAction>

extension ConsoleSession where App == UniflowApp {
  /// A session as `options` ask for — the clock's zone, the default location — keeping the
  /// last `horizon` actions, whose effects reach the world through `dependencies` (see `Options.dependencies(fixedNow:)`); the
  /// dependencies it does not set are unimplemented.
  convenience init(
    options: Options, horizon: Int = SessionHistory.defaultHorizon,
    dependencies: (inout DependencyValues) -> Void, console: any Console, isScript: Bool
  ) {
    self.init(
      UniflowApp(showsDefaultLocation: options.showsDefaultLocation),
      initialState: AppState(timeZone: options.timeZone), horizon: horizon,
      dependencies: dependencies, console: console, isScript: isScript)
  }

  /// Starts the app at `date`, asks for the default location's weather, and prints every screen
  /// once (in script mode, after the launch's effects have settled).
  func launch(at date: Date) async {
    await launch(app.launchActions(at: date))
  }
}
