import Console
import Features
import Store

/// Prints the screens whose display changed, one `screen: text` line each, after every action
/// the store handles — typed or sent by an effect.
///
/// Each screen (``Screen/all``) watches its own part of the state, so a screen's line is derived
/// again only when that part changed: an action for the weather screen costs the clock and dog
/// screens one comparison each, not a view model.
@MainActor
final class ScreenRenderer {
  private let console: any Console
  private var shown: [String: String] = [:]
  private var observations: [StoreObservation] = []
  /// While false, changes are neither printed nor remembered: launch turns it off, then prints
  /// every screen with ``printAll(of:)``.
  var isLive = true

  init(console: any Console) {
    self.console = console
  }

  func attach(to store: Store<AppState, AppAction>) {
    // In the order AppView lists the screens, so that one action's lines print in that order.
    observations = Screen.all.map { screen in
      var isFirst = true  // the first call, at once, prints nothing: launch prints every screen
      return screen.watch(store) { [weak self] text in
        defer { isFirst = false }
        guard let self, self.isLive, !isFirst else { return }
        self.show(ScreenLine(screen: screen.name, text: text))
      }
    }
  }

  /// Prints `line` if it differs from what was last printed for its screen.
  private func show(_ line: ScreenLine) {
    guard shown[line.screen] != line.text else { return }
    shown[line.screen] = line.text
    console.screen(line)
  }

  /// Prints `screen` as it is in `after` if a command asked to see it but it looks as it did in
  /// `before`, so that the change observer had nothing to print.
  func printUnlessChanged(_ screen: String, from before: AppState, to after: AppState) {
    let line = { (state: AppState) in AppView(state: state).screens.first { $0.screen == screen } }
    guard let shown = line(after), shown == line(before) else { return }
    self.shown[screen] = shown.text
    console.screen(shown)
  }

  /// Prints every screen, changed or not.
  func printAll(of state: AppState) {
    for line in AppView(state: state).screens {
      shown[line.screen] = line.text
      console.screen(line)
    }
  }
}
