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
  /// The session's causes, and the number it tells this recording's effect events by.
  private var causes: SessionCauses?
  private var listener: Int?

  /// Creates the log and starts recording `store`'s actions — and, with `calls`, each action's
  /// time and the dependency calls its effects made (a version-2 log). `onFailure` hears of a
  /// write that failed, after which nothing more is recorded.
  package init(
    _ app: App, _ request: RecordRequest, store: Store<App.State, App.Action>,
    calls: CallRecording? = nil, causes: SessionCauses? = nil,
    onFailure: @escaping (ActionLogError) -> Void
  ) throws(ActionLogError) {
    var records = calls?.records ?? []
    if causes != nil { records.insert(.causes) }
    // Standard input may be a script read from a file: the log must never be written over it.
    recorder = try app.actionLogCoding.codec.recording(
      path: request.path, overwrite: request.force,
      refusing: FileIdentity(descriptor: STDIN_FILENO).map { [$0] } ?? [],
      settings: app.recordingSettings(of: store.state), state: store.state,
      records: records)
    self.calls = calls
    if let causes { logCauses(causes, clock: calls.map { $0.elapsed }) }
    if let calls {
      calls.start()
      recorder.setClock(calls.elapsed)
      recorder.setAnsweredCalls(calls.takeAnswered)
    }
    observation = recorder.attach(to: store, onFailure: onFailure)
  }

  /// Writes each action's cause and each effect's start, end and cancellation, in the log's
  /// numbering: the actions before the recording began are not in it.
  private func logCauses(_ causes: SessionCauses, clock: (() -> Duration)?) {
    let base = causes.ordinal
    let seq = { (ordinal: Int) -> Int? in ordinal > base ? ordinal - base : nil }
    var pending: [EffectEvent] = []
    self.causes = causes
    listener = causes.listen { event in
      let time = clock?()
      switch event.kind {
      case .start:
        guard let started = seq(event.ordinal) else { return }  // before the recording
        pending.append(
          EffectEvent(
            .start, effect: event.effect, seq: started, site: event.site?.place,
            clock: time))
      case .end, .cancel:
        pending.append(
          EffectEvent(
            event.kind == .end ? .end : .cancel, effect: event.effect,
            seq: seq(causes.ordinal) ?? 0, clock: time))
      }
    }
    recorder.setCauses(
      { causes.current(seq: seq) },
      events: {
        defer { pending.removeAll() }
        return pending
      })
  }

  /// The log's path.
  package var path: String { recorder.path }
  /// How many actions have been written.
  package var actions: Int { recorder.seq }

  /// Stops recording and writes `state` as the log's checkpoint.
  package func stop(state: App.State) throws(ActionLogError) {
    observation?.cancel()
    observation = nil
    defer {
      calls?.stop()
      listener.map { causes?.stopListening($0) }
    }
    try recorder.finish(state: state)
  }

  /// Stops recording without a checkpoint, after a write failed.
  package func abandon() {
    observation?.cancel()
    observation = nil
    calls?.stop()
    listener.map { causes?.stopListening($0) }
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
