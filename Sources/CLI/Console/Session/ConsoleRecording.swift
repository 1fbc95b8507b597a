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
  /// The cause of the opened log's action being written (``writeOpened(_:)``).
  private var openedCause: ActionCause?
  /// The opened log's effect events, written among its actions, from `openedIndex` on.
  private var openedEvents: [EffectEvent] = []
  private var openedIndex = 0
  /// Whether the opened log's actions are being written (their causes are the log's).
  private var writingOpened = false

  /// Creates the log and starts recording `store`'s actions — and, with `calls`, each action's
  /// time and the dependency calls its effects made (a version-2 log). `onFailure` hears of a
  /// write that failed, after which nothing more is recorded.
  package init(
    _ app: App, _ request: RecordRequest, store: Store<App.State, App.Action>,
    from state: App.State? = nil, refusing inputs: [FileIdentity] = [],
    calls: CallRecording? = nil, causes: SessionCauses? = nil,
    onFailure: @escaping (ActionLogError) -> Void
  ) throws(ActionLogError) {
    let start = state ?? store.state
    var records = calls?.records ?? []
    if causes != nil { records.insert(.causes) }
    // Standard input may be a script read from a file: the log must never be written over it.
    recorder = try app.actionLogCoding.codec.recording(
      path: request.path, overwrite: request.force,
      refusing: (FileIdentity(descriptor: STDIN_FILENO).map { [$0] } ?? []) + inputs,
      settings: app.recordingSettings(of: start), state: start,
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
      { [weak self] in
        guard let self, self.writingOpened else { return causes.current(seq: seq) }
        return self.openedCause
      },
      events: { [weak self] in
        defer { pending.removeAll() }
        guard let self, self.openedIndex < self.openedEvents.count else { return pending }
        return self.takeOpenedEvents() + pending
      })
  }

  /// Writes the opened log's actions kept in `history` (`--open LOG --record NEW`), each with
  /// its cause and the effect events before it, as the new log's first lines. One pass: each
  /// state is re-applied once.
  package func writeOpened(_ history: ActionHistory<App.State, App.Action>) {
    openedEvents = causes?.events ?? []
    openedIndex = 0
    writingOpened = true
    defer {
      writingOpened = false
      openedCause = nil
      nextOpenedSeq = .max  // the events after the last action go before the next line
    }
    history.forEachState { seq, state in
      guard seq > history.firstPosition else { return }
      let entry = history.entry(seq)
      openedCause = history.cause(seq)
      nextOpenedSeq = seq - history.firstPosition
      do throws(ActionLogError) {
        try recorder.record(
          entry.action, origin: entry.source == .effect ? .effect : .sent, state: state)
      } catch {
        failure = error
      }
    }
  }

  /// The seq of the opened action being written: its effect events up to it go before it.
  private var nextOpenedSeq = Int.max
  /// A write of the opened log that failed.
  package private(set) var failure: ActionLogError?

  /// The opened events due before the action ``nextOpenedSeq``: starts up to it, ends before it.
  private func takeOpenedEvents() -> [EffectEvent] {
    var due: [EffectEvent] = []
    while openedIndex < openedEvents.count {
      let first = openedEvents[openedIndex]
      guard first.kind == .start ? first.seq <= nextOpenedSeq : first.seq < nextOpenedSeq
      else { break }
      due.append(first)
      openedIndex += 1
    }
    if openedIndex == openedEvents.count {
      openedEvents = []
      openedIndex = 0
    }
    return due
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
