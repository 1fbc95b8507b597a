import ActionLog
import Console
import Features
import Foundation

/// The demo app as the console sees it: its name and version, reducer, screens, the time zone a
/// log's replay runs in, and its emitted tests.
struct UniflowApp: ConsoleApp {
  var name: String { "uniflow" }
  var version: String { Version.number }
  var reducer: AppReducer { AppReducer() }

  func screens(of state: AppState) -> [ConsoleScreen] {
    AppView(state: state).screens.map { ConsoleScreen($0.screen, $0.text) }
  }

  /// The log's header must name a time zone this system knows; `adopt` makes it the process's.
  func replaySettings(of header: ActionLogHeader, path: String, adopt: Bool)
    throws(ActionLogError)
  {
    let zone = try Self.timeZone(of: header, path: path)
    if adopt { ProcessTimeZone.adopt(zone) }
  }

  func testSource(logName: String, startState: AppState, steps: [ReplayStep<AppAction>])
    -> String?
  {
    TestEmitter(name: logName, startState: startState, steps: steps).source()
  }

  /// The zone a log's session ran in, from its header's `timeZone` setting.
  static func timeZone(of header: ActionLogHeader, path: String) throws(ActionLogError)
    -> TimeZone
  {
    guard let identifier = header.setting("timeZone") else {
      throw ActionLogError(
        .badLog, file: path, line: 1,
        "the header has no \"timeZone\" setting (the zone the session ran in)")
    }
    guard let zone = TimeZone(identifier: identifier) else {
      throw ActionLogError(
        .badLog, file: path, line: 1,
        "the header's time zone '\(identifier)' is unknown to this system's time zone database")
    }
    return zone
  }
}

/// The process's time zone, as `TimeZone.current` reports it.
enum ProcessTimeZone {
  /// Makes `zone` the process's time zone, so that nothing can format in the replaying
  /// machine's zone rather than the recording's.
  static func adopt(_ zone: TimeZone) {
    setenv("TZ", zone.identifier, 1)
    NSTimeZone.resetSystemTimeZone()
  }
}
