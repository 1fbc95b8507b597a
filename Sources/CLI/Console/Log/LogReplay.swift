import ActionLog
import Store

/// A log opened for replay, whatever its lines decode to: its header, its path, the state it
/// starts from, and its replay.
///
/// ```swift
/// let replay: LogReplay<State, Action> = try app.actionLogCoding.codec.replay(
///   LogInput(path: "s.log"), app: "todos") { header in }
/// let result = try replay.run(until: nil, verify: true, apply: apply, step: nil)
/// ```
package struct LogReplay<State, Action> {
  package let header: ActionLogHeader
  package let path: String
  package let startState: State
  private let replay:
    (
      Int?, Bool, (inout State, Action) -> Void, ((LoggedStep<State, Action>) -> Void)?
    ) throws(ActionLogError) -> ActionLogReplayResult<State>

  package init(
    header: ActionLogHeader, path: String, startState: State,
    replay:
      @escaping (
        Int?, Bool, (inout State, Action) -> Void, ((LoggedStep<State, Action>) -> Void)?
      ) throws(ActionLogError) -> ActionLogReplayResult<State>
  ) {
    self.header = header
    self.path = path
    self.startState = startState
    self.replay = replay
  }

  /// Replays the log up to seq `until` (to its end when nil), applying each action with
  /// `apply`, verifying the states it holds when `verify`, and handing each step to `step`
  /// (``ActionLogReplayer/run(until:verify:apply:step:)``).
  package func run(
    until: Int?, verify: Bool, apply: (inout State, Action) -> Void,
    step: ((LoggedStep<State, Action>) -> Void)?
  ) throws(ActionLogError) -> ActionLogReplayResult<State> {
    try replay(until, verify, apply, step)
  }
}

/// One step of a replay: the action, where it came from, its summary, and the state after it.
package struct LoggedStep<State, Action> {
  package let seq: Int
  package let origin: ActionOrigin
  package let action: Action
  /// The action as the log summarises it: `clock.moveDay days=1`, `.moved(from: 1, to: 2)`.
  package let summary: String
  package let state: State
  /// Why the action happened, when the log records causes.
  package let cause: ActionCause?
  /// Its time on the app's clock, when the log records it.
  package let clock: Duration?

  init<Logged>(_ step: ActionLogStep<State, Logged>, action: Action, summary: String) {
    seq = step.seq
    origin = step.origin
    self.action = action
    self.summary = summary
    state = step.state
    cause = step.cause
    clock = step.clock
  }
}

/// A recording in progress, whatever its lines are: ``ActionLogRecorder`` for the app's actions.
package final class LogRecording<State: Encodable, Action> {
  private let recorder: any ErasedRecorder<State, Action>

  init<Logged: LoggableAction>(
    _ recorder: ActionLogRecorder<State, Logged>, _ logged: @escaping (Action) -> Logged
  ) {
    self.recorder = Recorder(recorder: recorder, logged: logged)
  }

  /// The log's path.
  package var path: String { recorder.path }
  /// How many actions have been written.
  package var seq: Int { recorder.seq }
  /// The app's clock since the recording began, written on each action line.
  package func setClock(_ clock: @escaping () -> Duration) { recorder.setClock(clock) }
  /// The dependency calls answered since the last line.
  package func setAnsweredCalls(_ calls: @escaping () -> [LoggedCall]) {
    recorder.setAnsweredCalls(calls)
  }
  /// Each action's cause, and the effect events since the last line.
  package func setCauses(
    _ cause: @escaping () -> ActionCause?, events: @escaping () -> [EffectEvent]
  ) {
    recorder.setCauses(cause, events: events)
  }

  /// Writes one action's line.
  package func record(_ action: Action, origin: ActionOrigin, state: State)
    throws(ActionLogError)
  { try recorder.record(action, origin: origin, state: state) }

  /// Writes the checkpoint, syncs and closes the log.
  package func finish(state: State) throws(ActionLogError) { try recorder.finish(state: state) }

  /// Closes the log without a checkpoint.
  package func close() { recorder.close() }

  /// Closes the log and removes it (``ActionLogRecorder/discard()``).
  package func discard() { recorder.discard() }

  /// Records every action `store` processes from now on; writing stops at the first failure,
  /// which goes to `onFailure`.
  @MainActor
  package func attach(
    to store: Store<State, Action>, onFailure: @escaping (ActionLogError) -> Void
  ) -> StoreObservation where Action: Sendable {
    store.recordEach(
      { [self] action, origin, state throws(ActionLogError) in
        try record(action, origin: origin, state: state)
      }, onFailure: onFailure)
  }
}

/// What ``LogRecording`` asks of its recorder, whatever type its lines are written from: a
/// protocol, so that every requirement is checked by the compiler (no abstract base to forget).
private protocol ErasedRecorder<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var path: String { get }
  var seq: Int { get }
  func setClock(_ clock: @escaping () -> Duration)
  func setAnsweredCalls(_ calls: @escaping () -> [LoggedCall])
  func setCauses(_ cause: @escaping () -> ActionCause?, events: @escaping () -> [EffectEvent])
  func record(_ action: Action, origin: ActionOrigin, state: State) throws(ActionLogError)
  func finish(state: State) throws(ActionLogError)
  func close()
  func discard()
}

/// An ``ActionLogRecorder`` of `Logged` lines, recording the app's actions through `logged`.
private final class Recorder<State: Encodable, Action, Logged: LoggableAction>: ErasedRecorder {
  let recorder: ActionLogRecorder<State, Logged>
  let logged: (Action) -> Logged

  init(recorder: ActionLogRecorder<State, Logged>, logged: @escaping (Action) -> Logged) {
    self.recorder = recorder
    self.logged = logged
  }

  var path: String { recorder.path }
  var seq: Int { recorder.seq }
  func setClock(_ clock: @escaping () -> Duration) { recorder.clock = clock }
  func setAnsweredCalls(_ calls: @escaping () -> [LoggedCall]) { recorder.answeredCalls = calls }
  func setCauses(_ cause: @escaping () -> ActionCause?, events: @escaping () -> [EffectEvent]) {
    recorder.cause = cause
    recorder.effectEvents = events
  }
  func record(_ action: Action, origin: ActionOrigin, state: State) throws(ActionLogError) {
    try recorder.record(logged(action), origin: origin, state: state)
  }
  func finish(state: State) throws(ActionLogError) { try recorder.finish(state: state) }
  func close() { recorder.close() }
  func discard() { recorder.discard() }
}
