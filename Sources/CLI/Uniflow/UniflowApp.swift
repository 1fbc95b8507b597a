import ActionLog
import AppLog
import Console
import Features
import Foundation
import Store

/// The demo app as the console sees it: its name and version, reducer, screens and grammar, the
/// time zone a log's replay runs in, and its emitted tests (UniflowApp+TestAnswers.swift).
package struct UniflowApp: ConsoleApp {
  /// False with `--no-default-location`: launch asks for no weather.
  package var showsDefaultLocation = true

  /// The app; `showsDefaultLocation` false launches with an empty weather screen.
  package init(showsDefaultLocation: Bool = true) {
    self.showsDefaultLocation = showsDefaultLocation
  }

  package var name: String { "uniflow" }
  /// uniflow's version, the one place it is written: `--version` prints it and every action
  /// log's header names it. It is the newest release in CHANGELOG.md (`VersionTests` checks).
  package var version: String { "0.8.0" }
  package var reducer: AppReducer { AppReducer() }

  package func screens(of state: AppState) -> [ConsoleScreen] {
    AppView(state: state).screens.map { ConsoleScreen($0.screen, $0.text) }
  }

  /// The log's header must name a time zone this system knows; `adopt` makes it the process's.
  package func replaySettings(of header: ActionLogHeader, path: String, adopt: Bool)
    throws(ActionLogError)
  {
    try SessionTimeZone.replay(header, path: path, adopt: adopt)
  }

  /// The launch: the clock starts at `date`, and the weather looks up the default location.
  package func launchActions(at date: Date) -> [AppAction] {
    [.launched(at: date)]
      + (showsDefaultLocation ? [.weather(.changeLocation(WeatherState.defaultLocation))] : [])
  }

  package func rejection(of action: AppAction, in state: AppState) -> String? {
    switch action {
    case .clock(.moveDay(let days)):
      return ClockReducer.rejection(ofMovingBy: days, in: state.clock)
    case .dog(let action):
      return DogReducer.rejection(of: action, in: state.dog, today: state.today)
    case .weather(.changeLocation(let name)):
      return WeatherReducer.rejection(ofChangingLocationTo: name)
    default:
      return nil
    }
  }

  /// `dog [NAME]` prints the dog screen even when it did not change.
  package func screenShown(by action: AppAction) -> String? {
    if case .dog(.show) = action { "dog" } else { nil }
  }

  package func cancellations(in state: AppState) -> [AppAction] {
    (state.clock.isLoading ? [.clock(.cancel)] : [])
      + (state.weather.isLoading ? [.weather(.cancel)] : [])
  }

  package func restoring(_ state: AppState) -> AppAction? { .restored(state) }

  /// The header's settings for `state`'s zone (``settings(timeZone:)``).
  package func recordingSettings(of state: AppState) -> [LogSetting] {
    Self.settings(timeZone: state.clock.timeZone)
  }

  /// Each screen watches its own part of the state (``Screen/all``), so a screen's line is
  /// derived again only when that part changed: an action for the weather screen costs the
  /// clock and dog screens one comparison each, not a view model.
  @MainActor
  package func watchScreens(
    _ store: Store<AppState, AppAction>, onChange: @escaping (ConsoleScreen) -> Void
  ) -> [StoreObservation] {
    // In the order AppView lists the screens, so that one action's lines print in that order.
    Screen.all.map { screen in
      var isFirst = true  // the first call, at once, reports nothing: launch prints every screen
      return screen.watch(store) { text in
        defer { isFirst = false }
        guard !isFirst else { return }
        onChange(ConsoleScreen(screen.name, text))
      }
    }
  }

  /// The header's settings: what shapes reduction and display.
  ///
  /// `timeZone` is the zone the clock shows and moves in; replay runs in it. `locale` is the
  /// recording process's, kept for the record: every screen formats with fixed formats
  /// (Gregorian calendar, en_US_POSIX), so no screen depends on it.
  package static func settings(timeZone: TimeZone) -> [LogSetting] {
    [
      LogSetting("app", UniflowApp().nameAndVersion), SessionTimeZone.setting(timeZone),
      LogSetting("locale", Locale.current.identifier),
    ]
  }
}
