import ActionLog
import AppLog
import Commands
import Console
import Features
import Foundation
import Store

/// A recording in progress: every action the session's store handles, written to an action log
/// as it happens (see docs/action-log.md).
///
/// ```swift
/// let recording = try SessionRecording(RecordRequest(path: "s.log"), store: store,
///                                      timeZone: zone) { error in console.error("\(error)") }
/// …
/// try recording.stop(state: store.state)   // writes the checkpoint
/// ```
///
/// The log is never written over the session's standard input (a script read from a file),
/// however its path is spelled (see `RecordingFile`).
///
/// The header holds the state at the moment recording starts, so a recording begun in the middle
/// of a session (`:record`) replays from there to the same screens.
@MainActor
final class SessionRecording {
  private let recorder: ActionLogRecorder<AppState, AppAction>
  private var observation: StoreObservation?

  /// Creates the log and starts recording `store`'s actions. `onFailure` hears of a write that
  /// failed, after which nothing more is recorded.
  init(
    _ request: RecordRequest, store: Store<AppState, AppAction>, timeZone: TimeZone,
    onFailure: @escaping (ActionLogError) -> Void
  ) throws(ActionLogError) {
    // Standard input may be a script read from a file: the log must never be written over it.
    recorder = try ActionLogRecorder(
      path: request.path, overwrite: request.force,
      refusing: FileIdentity(descriptor: STDIN_FILENO).map { [$0] } ?? [],
      settings: Self.settings(timeZone: timeZone), state: store.state)
    observation = recorder.attach(to: store, onFailure: onFailure)
  }

  /// The log's path.
  var path: String { recorder.path }
  /// How many actions have been written.
  var actions: Int { recorder.seq }

  /// Stops recording and writes `state` as the log's checkpoint.
  func stop(state: AppState) throws(ActionLogError) {
    observation?.cancel()
    observation = nil
    try recorder.finish(state: state)
  }

  /// Stops recording without a checkpoint, after a write failed.
  func abandon() {
    observation?.cancel()
    observation = nil
    recorder.close()
  }

  /// The header's settings: what shapes reduction and display.
  ///
  /// `timeZone` is the zone the clock shows and moves in; replay runs in it. `locale` is the
  /// recording process's, kept for the record: every screen formats with fixed formats
  /// (Gregorian calendar, en_US_POSIX), so no screen depends on it.
  static func settings(timeZone: TimeZone) -> [LogSetting] {
    [
      LogSetting("app", Options.version), LogSetting("timeZone", timeZone.identifier),
      LogSetting("locale", Locale.current.identifier),
    ]
  }

  /// The one-line message for a recording that cannot start, with how to fix it.
  static func message(_ error: ActionLogError) -> String {
    switch error.kind {
    case .alreadyExists:
      return "\(error); choose another file or add --force to overwrite it"
    default:
      return error.description
    }
  }
}
