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
/// to position `n`. ``removeActions(before:)`` drops the oldest actions and states whole
/// intervals at a time, so that a long session keeps a bounded horizon; positions keep their
/// numbers, and the oldest one kept is ``firstPosition``.
///
/// **Bounds.** Memory: the actions kept plus one state per interval. `append` is O(1)
/// amortised (one reduction when the result is not given); `state(at:)` is at most
/// `checkpointInterval - 1` reductions; `removeActions(before:)` O(count / checkpointInterval).
public struct ActionTimeline<State, Action> {
  /// How many actions lie between two checkpoints.
  public let checkpointInterval: Int
  /// The actions kept, chunk `k` holding those from position `(firstChunk + k) ·
  /// checkpointInterval` on.
  @usableFromInline var chunks: [[Action]] = [[]]
  /// `checkpoints[k]` is the state at position `(firstChunk + k) · checkpointInterval`.
  @usableFromInline var checkpoints: [State]
  /// The absolute number of `chunks[0]`.
  @usableFromInline var firstChunk = 0
  /// The state after the last action, kept so that appending costs one reduction at most.
  @usableFromInline var last: State
  /// How many actions the timeline has had, dropped ones included.
  @usableFromInline var appended = 0
  private let reduce: (inout State, Action) -> Void

  // `append(_:resultingIn:)` and what it reads are inlinable, so that a caller in another module
  // (the console's session history, once per action) runs it specialised rather than generic.

  /// The state after the last action, kept so that appending costs one reduction at most.
  @inlinable public var lastState: State { last }
  /// How many actions the timeline has had, dropped ones included; also its last position.
  @inlinable public var count: Int { appended }

  /// Creates a timeline starting at `initialState`, whose actions change the state by `reduce`
  /// (the app's reducer with its effects dropped).
  public init(
    initialState: State, checkpointInterval: Int = 1000,
    reduce: @escaping (inout State, Action) -> Void
  ) {
    precondition(checkpointInterval > 0, "checkpointInterval must be at least 1")
    self.checkpointInterval = checkpointInterval
    self.checkpoints = [initialState]
    self.last = initialState
    self.reduce = reduce
  }

  /// The oldest position whose state the timeline still has: 0 until
  /// ``removeActions(before:)`` drops the oldest.
  @inlinable public var firstPosition: Int { firstChunk * checkpointInterval }

  /// The actions kept, in the order they were applied: the one leading from ``firstPosition``
  /// first. (Builds an array; ``action(_:)`` reads one.)
  public var actions: [Action] { Array(chunks.joined()) }

  /// Action number `number` (``firstPosition`` + 1 … ``count``): the one leading from position
  /// `number - 1` to `number`.
  public func action(_ number: Int) -> Action {
    precondition(
      firstPosition < number && number <= count,
      "action \(number) is not in \(firstPosition + 1)…\(count)")
    let index = number - 1 - firstPosition
    return chunks[index / checkpointInterval][index % checkpointInterval]
  }

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
  @inlinable
  public mutating func append(_ action: Action, resultingIn state: State) {
    if chunks[chunks.count - 1].count == checkpointInterval {
      chunks.append([])
      chunks[chunks.count - 1].reserveCapacity(checkpointInterval)
    }
    chunks[chunks.count - 1].append(action)
    appended += 1
    last = state
    if appended % checkpointInterval == 0 { checkpoints.append(state) }
  }

  /// The state at `position` (``firstPosition`` … ``count``): the nearest checkpoint with the
  /// actions after it re-applied.
  public func state(at position: Int) -> State {
    precondition(
      firstPosition <= position && position <= count,
      "position \(position) is not in \(firstPosition)…\(count)")
    if position == count { return lastState }
    let chunk = position / checkpointInterval - firstChunk
    var state = checkpoints[chunk]
    for action in chunks[chunk][..<(position % checkpointInterval)] { reduce(&state, action) }
    return state
  }

  /// Drops every action after `position`, so that the next action appended continues from the
  /// state at `position`: what happens when a user goes back and does something else.
  public mutating func removeActions(after position: Int) {
    precondition(
      firstPosition <= position && position <= count,
      "position \(position) is not in \(firstPosition)…\(count)")
    guard position < count else { return }
    last = state(at: position)
    let chunk = position / checkpointInterval - firstChunk
    chunks.removeSubrange((chunk + 1)...)
    chunks[chunk].removeSubrange((position % checkpointInterval)...)
    checkpoints.removeSubrange((chunk + 1)...)
    appended = position
  }

  /// Drops the actions and states before `position`, rounded down to a multiple of
  /// ``checkpointInterval`` (``firstPosition`` afterwards), so that memory stays bounded in a long
  /// session; returns the actions dropped, oldest first. The states from ``firstPosition`` on
  /// are unchanged.
  @discardableResult
  public mutating func removeActions(before position: Int) -> [Action] {
    let dropped = min(position, count) / checkpointInterval - firstChunk
    guard dropped > 0 else { return [] }
    let removed = Array(chunks[..<dropped].joined())
    chunks.removeFirst(dropped)
    if chunks.isEmpty { chunks = [[]] }
    checkpoints.removeFirst(dropped)
    firstChunk += dropped
    return removed
  }
}
