import ActionLog

/// The dependency calls a session's effects made, each given to the action its effect sent
/// next: what `:why` prints between an effect's action and the action that started the effect,
/// and what the page's timeline draws at each effect.
///
/// ```swift
/// var calls = EffectCalls()
/// calls.add(search, after: 3)        // effect 1 called searchClient.search after action 3
/// calls.sent(4, by: 1)               // effect 1 sent action 4
/// calls.calls(sentWith: 4)           // [search]
/// ```
///
/// A call goes to the first action its effect sends after the call's answer; the calls an
/// effect made after the last action it sent (a cancelled effect's, say) go to no action. A call
/// that names no effect (a log from before calls named them) goes to none either.
///
/// **Bounds.** Memory: one entry per call kept, and one per action that an effect sent after a
/// call. Each method is O(1) amortised, ``calls(sentWith:)`` O(its answer).
package struct EffectCalls {
  /// Every call kept, in the order the answers came, with the seq of the action after which it
  /// came (0: before the first).
  package private(set) var all: [(after: Int, call: LoggedCall)] = []
  /// The calls (indices into ``all``) of each effect not given to an action yet.
  private var pending: [Int: [Int]] = [:]
  /// The calls (indices into ``all``) each action's effect made before sending it.
  private var bySeq: [Int: [Int]] = [:]

  package init() {}

  /// Keeps `call`, answered after action `seq`.
  package mutating func add(_ call: LoggedCall, after seq: Int) {
    all.append((seq, call))
    if let effect = call.effect { pending[effect, default: []].append(all.count - 1) }
  }

  /// Effect `effect` sent action `seq`: the calls it made since the last action it sent are
  /// that action's.
  package mutating func sent(_ seq: Int, by effect: Int) {
    guard !pending.isEmpty, let calls = pending.removeValue(forKey: effect) else { return }
    bySeq[seq] = calls
  }

  /// Effect `effect` ended or was cancelled: the calls it made after its last action go to
  /// no action.
  package mutating func ended(_ effect: Int) {
    guard !pending.isEmpty else { return }
    pending[effect] = nil
  }

  /// Every effect has ended (an opened log's, whose numbers the session's own may reuse).
  package mutating func endAll() {
    pending = [:]
  }

  /// The calls whose effect then sent action `seq`, in the order their answers came.
  package func calls(sentWith seq: Int) -> [LoggedCall] {
    bySeq[seq]?.map { all[$0].call } ?? []
  }

  /// Forgets every call (`:open`).
  package mutating func reset() {
    self = EffectCalls()
  }
}
