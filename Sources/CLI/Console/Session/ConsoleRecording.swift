import ActionLog
import Foundation
import Store

/// A recording in progress: every action the session's store handles, written to an action log
/// as it happens (see docs/action-log.md).
///
/// ```swift
/// let recording = try ConsoleRecording(app, RecordRequest(path: "s.log"), store: store) {
///   error in console.error("\(error)")
/// }
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
package final class ConsoleRecording<App: ConsoleApp> {
  private let recorder: LogRecording<App.State, App.Action>
  private var observation: StoreObservation?
  /// The app's logged dependencies and clock, when it has a ``TestEmission``.
  private let calls: CallRecording?

  /// Creates the log and starts recording `store`'s actions — and, with `calls`, each action's
  /// time and the dependency calls its effects made (a version-2 log). `onFailure` hears of a
  /// write that failed, after which nothing more is recorded.
  package init(
    _ app: App, _ request: RecordRequest, store: Store<App.State, App.Action>,
    calls: CallRecording? = nil, onFailure: @escaping (ActionLogError) -> Void
  ) throws(ActionLogError) {
    // Standard input may be a script read from a file: the log must never be written over it.
    recorder = try app.actionLogCoding.codec.recording(
      path: request.path, overwrite: request.force,
      refusing: FileIdentity(descriptor: STDIN_FILENO).map { [$0] } ?? [],
      settings: app.recordingSettings(of: store.state), state: store.state,
      records: calls?.records ?? [])
    self.calls = calls
    if let calls {
      calls.start()
      recorder.setClock(calls.elapsed)
      recorder.setAnsweredCalls(calls.takeAnswered)
    }
    observation = recorder.attach(to: store, onFailure: onFailure)
  }

  /// The log's path.
  package var path: String { recorder.path }
  /// How many actions have been written.
  package var actions: Int { recorder.seq }

  /// Stops recording and writes `state` as the log's checkpoint.
  package func stop(state: App.State) throws(ActionLogError) {
    observation?.cancel()
    observation = nil
    defer { calls?.stop() }
    try recorder.finish(state: state)
  }

  /// Stops recording without a checkpoint, after a write failed.
  package func abandon() {
    observation?.cancel()
    observation = nil
    calls?.stop()
    recorder.close()
  }

  /// The one-line message for a recording that cannot start, with how to fix it.
  package static func message(_ error: ActionLogError) -> String {
    switch error.kind {
    case .alreadyExists:
      return "\(error); choose another file or add --force to overwrite it"
    default:
      return error.description
    }
  }
}
