/// The states a session went through, reachable by position without keeping them all: the
/// engine of time travel (`:back`, `:forward`, `:goto` in the REPL).
///
/// A timeline holds the initial state, every action since, and a checkpoint of the state every
/// `checkpointInterval` actions. The state at any position is the nearest checkpoint at or
/// before it with the actions between re-applied, effects off — at most
/// `checkpointInterval - 1` reductions — so a jump costs the same anywhere in a long session and
/// memory grows by one state per interval, not per action.
///
/// ```swift
/// var timeline = ActionTimeline(initialState: 0, checkpointInterval: 4) { (count: inout Int, step: Int) in
///   count += step
/// }
/// for step in [1, 2, 3] { timeline.append(step) }
/// timeline.state(at: 2)            // 3: the state after the first two actions
/// timeline.removeActions(after: 1) // continue from position 1: the later actions are dropped
/// timeline.count                   // 1
/// ```
///
/// Positions run from 0 (the initial state, before any action) to ``count`` (after the last
/// action); action number `n` (counting from 1, as logs count `seq`) leads from position `n - 1`
/// to position `n`.
public struct ActionTimeline<State, Action> {
  /// How many actions lie between two checkpoints.
  public let checkpointInterval: Int
  /// Every action, in the order it was applied.
  public private(set) var actions: [Action] = []
  /// `checkpoints[k]` is the state at position `k * checkpointInterval`.
  private var checkpoints: [State]
  /// The state after the last action, kept so that appending costs one reduction at most.
  public private(set) var lastState: State
  private let reduce: (inout State, Action) -> Void

  /// Creates a timeline starting at `initialState`, whose actions change the state by `reduce`
  /// (the app's reducer with its effects dropped).
  public init(
    initialState: State, checkpointInterval: Int = 1000,
    reduce: @escaping (inout State, Action) -> Void
  ) {
    precondition(checkpointInterval > 0, "checkpointInterval must be at least 1")
    self.checkpointInterval = checkpointInterval
    self.checkpoints = [initialState]
    self.lastState = initialState
    self.reduce = reduce
  }

  /// How many actions the timeline holds; also its last position.
  public var count: Int { actions.count }

  /// How many states the timeline keeps in memory as checkpoints.
  public var checkpointCount: Int { checkpoints.count }

  /// Appends `action` and applies it to the last state.
  public mutating func append(_ action: Action) {
    var state = lastState
    reduce(&state, action)
    append(action, resultingIn: state)
  }

  /// Appends `action` whose result is already known, as when a live store has just reduced it.
  /// `state` must be what `reduce` makes of the last state and `action`.
  public mutating func append(_ action: Action, resultingIn state: State) {
    actions.append(action)
    lastState = state
    if actions.count % checkpointInterval == 0 { checkpoints.append(state) }
  }

  /// The state at `position` (0 … ``count``): the nearest checkpoint with the actions after it
  /// re-applied.
  public func state(at position: Int) -> State {
    precondition(0 <= position && position <= count, "position \(position) is not in 0…\(count)")
    if position == count { return lastState }
    let checkpoint = position / checkpointInterval
    var state = checkpoints[checkpoint]
    for index in (checkpoint * checkpointInterval)..<position {
      reduce(&state, actions[index])
    }
    return state
  }

  /// Drops every action after `position`, so that the next action appended continues from the
  /// state at `position`: what happens when a user goes back and does something else.
  public mutating func removeActions(after position: Int) {
    precondition(0 <= position && position <= count, "position \(position) is not in 0…\(count)")
    guard position < count else { return }
    lastState = state(at: position)
    actions.removeSubrange(position...)
    checkpoints.removeSubrange((position / checkpointInterval + 1)...)
  }
}
