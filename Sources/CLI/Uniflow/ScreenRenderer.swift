import Features
import Store

/// Prints the screens whose display changed, one `screen: text` line each, after every action
/// the store handles — typed or sent by an effect.
@MainActor
final class ScreenRenderer {
  private let console: any Console
  private var shown: [String: String] = [:]
  private var observation: StoreObservation?
  /// While false, changes are neither printed nor remembered: launch turns it off, then prints
  /// every screen with ``printAll(of:)``.
  var isLive = true

  init(console: any Console) {
    self.console = console
  }

  func attach(to store: Store<AppState, AppAction>) {
    observation = store.observe { [weak self] _, _, state in
      guard let self, self.isLive else { return }
      self.printChanges(of: state)
    }
  }

  /// Prints the screens that differ from what was last printed.
  func printChanges(of state: AppState) {
    for line in AppView(state: state).screens where shown[line.screen] != line.text {
      shown[line.screen] = line.text
      console.screen(line)
    }
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
