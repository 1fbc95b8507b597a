import ActionLog
import Foundation

/// The time zone a session ran in, kept in its log's header (the setting `timeZone`) and
/// adopted by its replay, so that a replay on a machine set to another zone shows the dates the
/// recording showed: for an app whose screens format dates in a zone of the app's choosing.
///
/// ```swift
/// func recordingSettings(of state: State) -> [LogSetting] {
///   [LogSetting("app", nameAndVersion), SessionTimeZone.setting(state.timeZone)]
/// }
/// func replaySettings(of header: ActionLogHeader, path: String, adopt: Bool)
///   throws(ActionLogError)
/// {
///   try SessionTimeZone.replay(header, path: path, adopt: adopt)
/// }
/// ```
public enum SessionTimeZone {
  /// The header's setting naming `zone`: `timeZone`, its identifier.
  ///
  /// ```swift
  /// SessionTimeZone.setting(TimeZone(identifier: "Asia/Seoul")!)   // timeZone = "Asia/Seoul"
  /// ```
  public static func setting(_ zone: TimeZone) -> LogSetting {
    LogSetting("timeZone", zone.identifier)
  }

  /// The zone the header at `path` names; throws when it names none, or one this system's time
  /// zone database does not know.
  ///
  /// ```swift
  /// let zone = try SessionTimeZone.zone(of: replayer.header, path: "s.log")
  /// ```
  public static func zone(of header: ActionLogHeader, path: String) throws(ActionLogError)
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

  /// Checks that the header at `path` names a zone this system knows (``zone(of:path:)``) and,
  /// when `adopt` is true, makes it the process's (``adopt(_:)``): the body of an app's
  /// ``ConsoleApp/replaySettings(of:path:adopt:)``.
  ///
  /// ```swift
  /// try SessionTimeZone.replay(replayer.header, path: "s.log", adopt: true)
  /// ```
  public static func replay(_ header: ActionLogHeader, path: String, adopt: Bool)
    throws(ActionLogError)
  {
    let zone = try zone(of: header, path: path)
    if adopt { Self.adopt(zone) }
  }

  /// Makes `zone` the process's time zone (`TZ`, and `TimeZone.current`), so that nothing can
  /// format in the replaying machine's zone rather than the recording's.
  ///
  /// ```swift
  /// SessionTimeZone.adopt(TimeZone(identifier: "Asia/Seoul")!)   // TimeZone.current is Seoul's
  /// ```
  public static func adopt(_ zone: TimeZone) {
    setenv("TZ", zone.identifier, 1)
    NSTimeZone.resetSystemTimeZone()
  }
}
