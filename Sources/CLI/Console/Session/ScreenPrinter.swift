import Store

/// Prints the screens whose display changed, one `screen: text` line each, after every action
/// the store handles — typed or sent by an effect.
///
/// The app watches its screens (``ConsoleApp/watchScreens(_:onChange:)``): uniflow's screens
/// each watch their own part of the state, so a screen's line is derived again only when that
/// part changed.
@MainActor
@usableFromInline
package final class ScreenPrinter<App: ConsoleApp> {
  private let app: App
  private let console: any Console
  private var shown: [String: String] = [:]
  private var observations: [StoreObservation] = []
  /// While false, changes are neither printed nor remembered: launch turns it off, then prints
  /// every screen with ``printAll(of:)``.
  package var isLive = true

  /// The app gives no screens: its state's changes print path by path.
  private var showsState = false

  @usableFromInline
  package init(_ app: App, console: any Console) {
    self.app = app
    self.console = console
  }

  @usableFromInline
  package func attach(to store: Store<App.State, App.Action>) {
    showsState = app.screens(of: store.state).isEmpty
    observations = app.watchScreens(store) { [weak self] line in
      guard let self, self.isLive else { return }
      self.show(line)
    }
  }

  /// Prints `line` if it differs from what was last printed for its screen; a change of an
  /// app's state that has no screens as it comes.
  private func show(_ line: ConsoleScreen) {
    guard !showsState else { return console.screen(line) }
    guard shown[line.name] != line.text else { return }
    shown[line.name] = line.text
    console.screen(line)
  }

  /// Prints `screen` as it is in `after` if a command asked to see it but it looks as it did in
  /// `before`, so that the change observer had nothing to print.
  @usableFromInline
  package func printUnlessChanged(_ screen: String, from before: App.State, to after: App.State) {
    let line = { [app] (state: App.State) in app.screens(of: state).first { $0.name == screen } }
    guard let shown = line(after), shown == line(before) else { return }
    self.shown[screen] = shown.text
    console.screen(shown)
  }

  /// Prints every screen, changed or not.
  package func printAll(of state: App.State) {
    for line in app.displayedScreens(of: state) {
      shown[line.name] = line.text
      console.screen(line)
    }
  }
}
