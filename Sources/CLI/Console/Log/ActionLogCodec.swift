import ActionLog
import Store

/// A codec of an app's actions, as the console uses it: it opens a log for replay and starts a
/// recording, whatever type the log's lines decode to.
package protocol ActionLogCodec<Action>: Sendable {
  associatedtype Action: Sendable

  /// Whether the lines are derived from `Codable`.
  var isDerived: Bool { get }

  /// The replay of `input`, read from its start, once `check` has passed its header (before
  /// its state is decoded); `app` names the program in what it reports.
  func replay<State: Decodable & Equatable>(
    _ input: LogInput, app: String,
    check: (ActionLogHeader) throws(ActionLogError) -> Void
  ) throws(ActionLogError) -> LogReplay<State, Action>

  /// The actions of `input` up to seq `until` (all when nil), read from the log each time they
  /// are iterated (``ReplaySteps``); `input` must be rereadable.
  func steps(_ input: LogInput, app: String, until: Int?) -> ReplaySteps<Action>

  /// A recording to `path`, refusing `inputs`, its header holding `settings`, `state` and
  /// `records` (``ActionLogRecorder``).
  func recording<State: Encodable>(
    path: String, overwrite: Bool, refusing inputs: [FileIdentity], settings: [LogSetting],
    state: State, records: LogRecords
  ) throws(ActionLogError) -> LogRecording<State, Action>
}

/// The action's own `LoggableAction` codec: the replayer and recorder of the action itself.
struct HandCodec<Action: LoggableAction>: ActionLogCodec {
  var isDerived: Bool { false }

  func replay<State: Decodable & Equatable>(
    _ input: LogInput, app: String,
    check: (ActionLogHeader) throws(ActionLogError) -> Void
  ) throws(ActionLogError) -> LogReplay<State, Action> {
    var line = LogLine()
    let cursor = try LogCursor(input: input, app: app, line: &line)
    try check(cursor.header)
    let replayer = try ActionLogReplayer<State, Action>(cursor: cursor, line: line, app: app)
    return LogReplay(header: replayer.header, path: replayer.path, startState: replayer.startState)
    { until, verify, apply, step throws(ActionLogError) in
      try replayer.run(
        until: until, verify: verify, apply: apply,
        step: step.map { step in { step(LoggedStep($0, action: $0.action, summary: $0.summary)) } })
    }
  }

  func steps(_ input: LogInput, app: String, until: Int?) -> ReplaySteps<Action> {
    ReplaySteps(input, app: app, until: until) { cursor, line, seq, origin throws(ActionLogError) in
      // The summary first: decoding marks the line's fields read.
      let summary = line.summary
      let action: Action = try cursor.action(&line, seq: seq)
      return ReplayStep(seq: seq, origin: origin, action: action, summary: summary)
    }
  }

  func recording<State: Encodable>(
    path: String, overwrite: Bool, refusing inputs: [FileIdentity], settings: [LogSetting],
    state: State, records: LogRecords
  ) throws(ActionLogError) -> LogRecording<State, Action> {
    LogRecording(
      try ActionLogRecorder<State, Action>(
        path: path, overwrite: overwrite, refusing: inputs, settings: settings, state: state,
        records: records)
    ) { $0 }
  }
}

/// Lines derived from the action's `Codable` (``DerivedAction``).
struct DerivedCodec<Action: Codable & Equatable & Sendable>: ActionLogCodec {
  var isDerived: Bool { true }

  func replay<State: Decodable & Equatable>(
    _ input: LogInput, app: String,
    check: (ActionLogHeader) throws(ActionLogError) -> Void
  ) throws(ActionLogError) -> LogReplay<State, Action> {
    var line = LogLine()
    let cursor = try LogCursor(input: input, app: app, line: &line)
    try check(cursor.header)
    let replayer = try ActionLogReplayer<State, DerivedAction<Action>>(
      cursor: cursor, line: line, app: app)
    return LogReplay(header: replayer.header, path: replayer.path, startState: replayer.startState)
    { until, verify, apply, step throws(ActionLogError) in
      try replayer.run(
        until: until, verify: verify, apply: { apply(&$0, $1.action) },
        step: step.map { step in
          {
            // The summary is the action as Swift, written as the log writes it.
            let summary = (try? ValueSyntaxEncoder.encode($0.action.action)) ?? $0.summary
            step(LoggedStep($0, action: $0.action.action, summary: summary))
          }
        })
    }
  }

  func steps(_ input: LogInput, app: String, until: Int?) -> ReplaySteps<Action> {
    ReplaySteps(input, app: app, until: until) { cursor, line, seq, origin throws(ActionLogError) in
      let logged = line.summary
      let derived: DerivedAction<Action> = try cursor.action(&line, seq: seq)
      // The summary is the action as Swift, written as the log writes it (as ``replay`` says).
      let summary = (try? ValueSyntaxEncoder.encode(derived.action)) ?? logged
      return ReplayStep(seq: seq, origin: origin, action: derived.action, summary: summary)
    }
  }

  func recording<State: Encodable>(
    path: String, overwrite: Bool, refusing inputs: [FileIdentity], settings: [LogSetting],
    state: State, records: LogRecords
  ) throws(ActionLogError) -> LogRecording<State, Action> {
    LogRecording(
      try ActionLogRecorder<State, DerivedAction<Action>>(
        path: path, overwrite: overwrite, refusing: inputs, settings: settings, state: state,
        records: records), DerivedAction.init)
  }
}
