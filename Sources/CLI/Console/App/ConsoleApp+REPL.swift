import ActionLog
import Store

extension ConsoleApp {
  /// Nothing is refused.
  ///
  /// ```swift
  /// app.rejection(of: action, in: state)   // nil
  /// ```
  public func rejection(of action: Action, in state: State) -> String? { nil }

  /// No action asks to see a screen.
  ///
  /// ```swift
  /// app.screenShown(by: action)   // nil
  /// ```
  public func screenShown(by action: Action) -> String? { nil }

  /// Nothing to cancel: Ctrl-C stops the effects without telling the state.
  ///
  /// ```swift
  /// app.cancellations(in: state)   // []
  /// ```
  public func cancellations(in state: State) -> [Action] { [] }

  /// No restoring action: travel sets the store's state directly, and not while recording.
  ///
  /// ```swift
  /// app.restoring(state)   // nil
  /// ```
  public func restoring(_ state: State) -> Action? { nil }

  /// The app's name and version.
  ///
  /// ```swift
  /// app.recordingSettings(of: state)   // [LogSetting("app", "counter 1.0.0")]
  /// ```
  public func recordingSettings(of state: State) -> [LogSetting] {
    [LogSetting("app", nameAndVersion)]
  }

  /// Watches the whole state, and reports the screens whose line changed — or, for an app
  /// that gives no screens, each path of the state that changed with its new value
  /// (``StateScreens``).
  ///
  /// ```swift
  /// let observations = app.watchScreens(store) { print($0.rendered) }
  /// ```
  @MainActor
  public func watchScreens(
    _ store: Store<State, Action>, onChange: @escaping (ConsoleScreen) -> Void
  ) -> [StoreObservation] {
    var shown = screens(of: store.state)
    if shown.isEmpty {
      var last = store.state
      var walk = StateScreens.walk()
      return [
        store.observe({ $0 }) { state in
          for line in StateScreens.changes(from: last, to: state, walk: &walk) { onChange(line) }
          last = state
        }
      ]
    }
    return [
      store.observe({ $0 }) { state in
        let next = screens(of: state)
        for (line, old) in zip(next, shown) where line != old { onChange(line) }
        shown = next
      }
    ]
  }
}
