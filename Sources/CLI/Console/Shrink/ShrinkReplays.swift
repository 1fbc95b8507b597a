/// The replays of a shrink's candidates, each from the last state the list the search holds
/// shares with it rather than from the start: the states along that list are kept every
/// `interval` actions, and a candidate — the list with a chunk deleted — is replayed from the
/// kept state just before its first difference. The deletion passes delete from the end of the
/// list towards its start, so most candidates share a long beginning with it.
///
/// ```swift
/// var replays = ShrinkReplays(count: steps.count, start: start) { state, index in
///   reducer.reduceDroppingEffects(into: &state, action: steps[index].action)
/// }
/// let all = Array(steps.indices)
/// guard holds(replays.finalState(of: all)) else { return }
/// replays.adopt(all)
/// let state = replays.finalState(of: candidate)   // candidate: indices into steps, in order
/// if holds(state) { replays.adopt(candidate) }     // the list the search now holds
/// ```
///
/// **Bounds.** Memory: ⌈N / interval⌉ states for a log of N actions, with `interval` at least
/// √N (so O(√N) states), and O(N) indices. A candidate whose first difference from the list
/// held is at position p of a list of L costs L − p + `interval` reductions at most, against L
/// from the start: for a log whose every action is needed, the search's ≈ 3N replays cost about
/// N² reductions in all instead of 3N².
struct ShrinkReplays<State> {
  private let start: State
  private let reduce: (inout State, Int) -> Void
  private let interval: Int
  /// The list the search holds (indices of actions), whose states are kept: none until the
  /// first ``adopt(_:)``.
  private var held: [Int]
  /// `states[k]`: the state after the first `(k + 1) · interval` actions of `held`.
  private var states: [State] = []
  /// The states along the candidate replayed last, kept the same way: `held`'s once adopted.
  private var replayed: [State] = []
  /// How many reductions the replays made: for tests.
  private(set) var reductions = 0

  /// Replays of sub-lists of `count` actions from `start`; `reduce` applies action `index`.
  init(count: Int, start: State, reduce: @escaping (inout State, Int) -> Void) {
    self.start = start
    self.reduce = reduce
    interval = max(64, Int(Double(count).squareRoot().rounded(.up)))
    held = []
  }

  /// The state after `candidate`'s actions (indices into the log's actions, in order).
  mutating func finalState(of candidate: [Int]) -> State {
    var shared = 0
    let limit = min(candidate.count, held.count)
    while shared < limit, candidate[shared] == held[shared] { shared += 1 }
    let kept = shared / interval
    replayed.removeAll(keepingCapacity: true)
    replayed.append(contentsOf: states[..<kept])
    var state = kept == 0 ? start : states[kept - 1]
    var position = kept * interval
    while position < candidate.count {
      reduce(&state, candidate[position])
      position += 1
      if position % interval == 0 { replayed.append(state) }
    }
    reductions += candidate.count - kept * interval
    return state
  }

  /// The search now holds `candidate`, the list ``finalState(of:)`` replayed last.
  mutating func adopt(_ candidate: [Int]) {
    held = candidate
    swap(&states, &replayed)
  }
}
