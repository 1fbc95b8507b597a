import ActionLog
import Console
import Features
import Foundation
import Store

/// uniflow's REPL session: the console's session of ``UniflowApp``.
package typealias Session = ConsoleSession<UniflowApp>
/// uniflow's session history.
package typealias SessionHistory = ActionHistory<AppState, AppAction>
/// A recording of uniflow's session.
typealias SessionRecording = ConsoleRecording<UniflowApp>

extension ConsoleSession where App == UniflowApp {
  /// A session as `options` ask for — the clock's zone, the history's horizon, the default
  /// location — whose effects reach the world through `dependencies` (see `Wiring`); the
  /// dependencies it does not set are unimplemented.
  package convenience init(
    options: Options, dependencies: (inout DependencyValues) -> Void, console: any Console,
    isScript: Bool
  ) {
    self.init(
      UniflowApp(showsDefaultLocation: options.showsDefaultLocation),
      initialState: AppState(timeZone: options.timeZone), horizon: options.console.history,
      dependencies: dependencies, console: console, isScript: isScript)
  }

  /// Starts the app at `date`, asks for the default location's weather, and prints every screen
  /// once (in script mode, after the launch's effects have settled).
  func launch(at date: Date) async {
    await launch(app.launchActions(at: date))
  }
}
