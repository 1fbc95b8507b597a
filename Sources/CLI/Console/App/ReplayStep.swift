import ActionLog
import Store

/// A logged action with where it came from and its summary as the log writes it: a replay's
/// step without the state it led to, so that a long log's steps do not keep a state each.
///
/// ```swift
/// var steps: [ReplayStep<AppAction>] = []
/// _ = try replayer.run(reduce: reduce) { steps.append(ReplayStep($0)) }
/// ```
public struct ReplayStep<Action> {
  /// The action's sequence number in the log, from 1.
  ///
  /// ```swift
  /// steps.map(\.seq)   // [1, 2, 3]
  /// ```
  public let seq: Int
  /// Sent by the program, or by an effect.
  ///
  /// ```swift
  /// steps.filter { $0.origin == .effect }
  /// ```
  public let origin: ActionOrigin
  /// The action.
  ///
  /// ```swift
  /// for step in steps { _ = reducer.reduce(into: &state, action: step.action) }
  /// ```
  public let action: Action
  /// The action as the log summarises it, e.g. `clock.moveDay days=1`.
  ///
  /// ```swift
  /// print("#\(step.seq) \(step.summary)")
  /// ```
  public let summary: String
  /// Why the action happened, when the log records causes (`LogRecords.causes`): e.g.
  /// `.typed(line: 3)`, or `.effect(…)` naming the action whose effect sent it.
  ///
  /// ```swift
  /// if case .effect(let effect)? = step.cause { print(effect.site ?? "a .send") }
  /// ```
  public let cause: ActionCause?
  /// The action's time on the app's clock, when the log records it (`LogRecords.clock`).
  ///
  /// ```swift
  /// step.clock.map { print($0) }   // 1.204311 seconds
  /// ```
  public let clock: Duration?

  /// The step of `step`, without its state.
  ///
  /// ```swift
  /// let step = ReplayStep(logStep)
  /// ```
  public init<State>(_ step: ActionLogStep<State, Action>) {
    self.init(
      seq: step.seq, origin: step.origin, action: step.action, summary: step.summary,
      cause: step.cause, clock: step.clock)
  }

  /// The step of a console's replay, without its state.
  package init<State>(_ step: LoggedStep<State, Action>) {
    self.init(
      seq: step.seq, origin: step.origin, action: step.action, summary: step.summary,
      cause: step.cause, clock: step.clock)
  }

  /// The step of action `seq` of a log, read from its line.
  package init(
    seq: Int, origin: ActionOrigin, action: Action, summary: String, cause: ActionCause? = nil,
    clock: Duration? = nil
  ) {
    self.seq = seq
    self.origin = origin
    self.action = action
    self.summary = summary
    self.cause = cause
    self.clock = clock
  }
}
