import Store

/// One replayed action, for traces.
///
/// ```swift
/// try replayer.run(reduce: reducer.reduce(into:action:)) { step in
///   print("#\(step.seq) \(step.origin) \(step.summary)")   // #2 sent clock.moveDay days=1
/// }
/// ```
public struct ActionLogStep<State, Action> {
  /// The action's seq in the log, e.g. `2`.
  public let seq: Int
  /// Where the action came from: `.sent` or `.effect`.
  public let origin: ActionOrigin
  /// The action, decoded: e.g. `.clock(.moveDay(1))`.
  public let action: Action
  /// The action's name and fields as logged: `clock.moveDay days=1`.
  public let summary: String
  /// The state after the action: `AppView(state: step.state)` are the screens it left.
  public let state: State
  /// Why the action happened, in a log with ``LogRecords/causes``: `.typed(line: 3)`, say.
  public let cause: ActionCause?
  /// The action's time on the app's clock, in a log with ``LogRecords/clock``.
  public let clock: Duration?
}

/// What a replay ended with.
///
/// ```swift
/// let result = try replayer.run(reduce: reducer.reduce(into:action:))
/// render(result.state)
/// if let line = result.tornLine { warn("line \(line) was cut off") }
/// ```
public struct ActionLogReplayResult<State> {
  /// The state after the last action replayed: `render(result.state)`.
  public let state: State
  /// The seq of the last action replayed (0 if none), e.g. `57`.
  public let lastSeq: Int
  /// How many actions were replayed, e.g. `57`.
  public let actions: Int
  /// The line number of a final line that was cut off and skipped, if there was one, e.g. `59`.
  public let tornLine: Int?
  /// The seq of the checkpoint, if the replay reached one (a cleanly ended recording), e.g. `57`.
  public let checkpointSeq: Int?
  /// The outcome of `verify`, when asked for: `.agreed(checkpointSeq: 57, …)` or
  /// `.diverged(…)`.
  public let verification: ActionLogVerification?
  /// Each effect's start, end and cancellation, in the order logged, in a log with
  /// ``LogRecords/causes`` (empty otherwise), up to the last action replayed: the page's
  /// effect timeline.
  public let effects: [EffectEvent]
}
