import ActionLog
import Store

/// A codec of an app's actions, as the console uses it: it opens a log for replay and starts a
/// recording, whatever type the log's lines decode to.
package protocol ActionLogCodec<Action>: Sendable {
  associatedtype Action: Sendable

  /// Whether the lines are derived from `Codable`.
  var isDerived: Bool { get }

  /// The replay of the log at `path`; `app` names the program in what it reports.
  func replay<State: Decodable & Equatable>(_ path: String, app: String)
    throws(ActionLogError) -> LogReplay<State, Action>

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

  func replay<State: Decodable & Equatable>(_ path: String, app: String)
    throws(ActionLogError) -> LogReplay<State, Action>
  {
    let replayer = try ActionLogReplayer<State, Action>(path: path, app: app)
    return LogReplay(header: replayer.header, path: replayer.path, startState: replayer.startState)
    { until, verify, apply, step throws(ActionLogError) in
      try replayer.run(
        until: until, verify: verify, apply: apply,
        step: step.map { step in { step(LoggedStep($0, action: $0.action, summary: $0.summary)) } })
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

  func replay<State: Decodable & Equatable>(_ path: String, app: String)
    throws(ActionLogError) -> LogReplay<State, Action>
  {
    let replayer = try ActionLogReplayer<State, DerivedAction<Action>>(path: path, app: app)
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
