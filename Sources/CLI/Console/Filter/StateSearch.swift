import ActionLog

/// `:find` and `:changed`: one pass over a history's states, reading the value at a path in
/// each.
///
/// ```swift
/// StateSearch.changes(at: try StatePath("count"), in: history)
/// // [(seq: 2, old: "0", new: "1"), …]
/// ```
///
/// **Bound:** O(n) reductions for a history of n actions (``ActionHistory/forEachState(_:)``),
/// plus, per state, the path's read (``StatePath/value(in:)``: per segment one `Mirror` and
/// the child at the position the property had in the state before) and its text
/// (``StateText``, at most its budget): linear in the session's length, O(n) memory for the
/// changes or finds. Budget: 1,000,000 actions of the demo in at most 10 CPU seconds for each
/// of `:changed` and `:find` (`uniflow-bench --only changed`, docs/performance.md).
package enum StateSearch {
  /// A change at the path: after action `seq`, `old` became `new` (`nil` where there was no
  /// value).
  package struct Change: Equatable {
    package let seq: Int
    package let old: String
    package let new: String
  }

  /// An action after which the path had `value`.
  package struct Found: Equatable {
    package let seq: Int
    package let value: String
  }

  /// Every action after which the value at `path` is written differently than before it.
  ///
  /// **Bound:** one pass — n reductions, n reads of the path and n texts for a history of n
  /// actions; O(changes) memory. At most 10 CPU seconds for 1,000,000 of the demo's actions.
  @MainActor
  package static func changes<State, Action>(
    at path: StatePath, in history: ActionHistory<State, Action>
  ) -> [Change] {
    var found: [Change] = []
    var previous: String?
    let reader = StatePath.Reader()
    history.forEachState { seq, state in
      let text = self.text(at: path, in: state, reader: reader)
      if let previous, previous != text, seq > history.firstPosition {
        found.append(Change(seq: seq, old: previous, new: text))
      }
      previous = text
    }
    return found
  }

  /// Every action after which the path had a value — `value`, when given, as the screens write
  /// it.
  ///
  /// **Bound:** one pass — n reductions, n reads of the path and n texts for a history of n
  /// actions; O(found) memory. At most 10 CPU seconds for 1,000,000 of the demo's actions.
  @MainActor
  package static func find<State, Action>(
    at path: StatePath, value: String?, in history: ActionHistory<State, Action>
  ) -> [Found] {
    var found: [Found] = []
    let reader = StatePath.Reader()
    history.forEachState { seq, state in
      guard seq > history.firstPosition, let present = path.value(in: state, reader: reader)
      else { return }
      let text = StateText.describe(present)
      if value == nil || text == value || text == "\"\(value!)\"" {
        found.append(Found(seq: seq, value: text))
      }
    }
    return found
  }

  /// The value at `path` as the screens write it, or `nil`.
  static func text(at path: StatePath, in state: Any, reader: StatePath.Reader) -> String {
    path.value(in: state, reader: reader).map { StateText.describe($0) } ?? "nil"
  }
}
