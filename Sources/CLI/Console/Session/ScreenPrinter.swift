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
  /// Which actions' screen changes are printed (`--only`/`--hide` on the REPL's command
  /// line); everything while empty.
  package private(set) var filter = ActionFilter(only: [], hide: [])
  /// Whether the burst of actions being handled has one the filter shows.
  private var burstShown = false
  private var filterObservations: [StoreObservation] = []

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

  /// Prints the screens' changes only after a burst of actions of which `filter` shows one (the
  /// burst's changes are printed once, when it has been handled); a screen changed by hidden
  /// actions alone is printed the next time a shown one changes it. Must be set after
  /// ``attach(to:)``. Costs nothing per action while the filter is empty, and otherwise one
  /// description of the action and one match (``ActionFilter/shows(name:)``) per action.
  package func setFilter(_ filter: ActionFilter, on store: Store<App.State, App.Action>) {
    self.filter = filter
    filterObservations = []
    guard !filter.isEmpty else { return }
    filterObservations = [
      store.observe { [weak self] action, _, _ in
        guard let self, !self.burstShown else { return }
        let text = ActionHistory<App.State, App.Action>.describe(action)
        self.burstShown = filter.shows(name: ActionFilter.name(ofText: text))
      },
      // Subscribed after the screens' watchers: told of each burst after them.
      store.observe({ _ in 0 }, removeDuplicates: { _, _ in false }) { [weak self] _ in
        self?.burstShown = false
      },
    ]
  }

  /// Prints `line` if it differs from what was last printed for its screen; a change of an
  /// app's state that has no screens as it comes.
  private func show(_ line: ConsoleScreen) {
    guard filter.isEmpty || burstShown else { return }
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
