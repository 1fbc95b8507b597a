import ActionLog

/// The chain `:why` prints: an action, the action whose effect sent it, and so on back to the
/// action that began it — a typed line, a send from the app, or travel.
///
/// ```swift
/// let chain = CauseChain.chain(from: 15, first: 0, cause: history.cause)
/// chain.seqs   // [15, 12, 11]: 15 sent by an effect of 12, 12 by a .send of 11, 11 typed
/// ```
///
/// **Bound:** O(length of the chain) look-ups; each parent is an earlier seq, so at most
/// `seq - first` steps.
package struct CauseChain: Equatable, Sendable {
  /// The seqs from the action asked about back to the first one known.
  package var seqs: [Int]
  /// Why the chain stops short of a typed line, when it does.
  package var note: String?

  /// The chain from action `seq`, whose causes `cause` gives, among the actions after `first`.
  package static func chain(from seq: Int, first: Int, cause: (Int) -> ActionCause?)
    -> CauseChain
  {
    var chain = CauseChain(seqs: [seq])
    var current = seq
    while true {
      guard case .effect(let effect)? = cause(current) else {
        if cause(current) == nil {
          chain.note = "(why \(current) happened was not recorded: it came from an effect)"
        }
        return chain
      }
      guard let parent = effect.parent else {
        chain.note =
          "(the action that started effect \(effect.effect) is not known: it came "
          + "before the recording or the history)"
        return chain
      }
      guard parent < current else { return chain }
      guard parent > first else {
        chain.note = "(seq \(parent), which started effect \(effect.effect), is no longer kept)"
        return chain
      }
      chain.seqs.append(parent)
      current = parent
    }
  }
}

/// A cause in a listing's column, short: `line 3` for a typed line, `of 12` for an effect's
/// action (the seq whose effect sent it), `-` where there is nothing more to say (a send from
/// the app, travel, an effect whose parent is not known). `:why` tells the whole cause.
///
/// ```swift
/// CauseColumn.text(.typed(line: 3))   // "line 3"
/// ```
package enum CauseColumn {
  package static func text(_ cause: ActionCause) -> String {
    switch cause {
    case .typed(let line): return "line \(line)"
    case .effect(let effect): return effect.parent.map { "of \($0)" } ?? "-"
    case .sent, .travel: return "-"
    }
  }
}
