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
/// plus, per state, the path's read (``StatePath/value(in:)``) and its text (``StateText``, at
/// most its budget): linear in the session's length.
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
  @MainActor
  package static func changes<State, Action>(
    at path: StatePath, in history: ActionHistory<State, Action>
  ) -> [Change] {
    var found: [Change] = []
    var previous: String?
    history.forEachState { seq, state in
      let text = self.text(at: path, in: state)
      if let previous, previous != text, seq > history.firstPosition {
        found.append(Change(seq: seq, old: previous, new: text))
      }
      previous = text
    }
    return found
  }

  /// Every action after which the path had a value — `value`, when given, as the screens write
  /// it.
  @MainActor
  package static func find<State, Action>(
    at path: StatePath, value: String?, in history: ActionHistory<State, Action>
  ) -> [Found] {
    var found: [Found] = []
    history.forEachState { seq, state in
      guard seq > history.firstPosition, let present = path.value(in: state) else { return }
      let text = StateText.describe(present)
      if value == nil || text == value || text == "\"\(value!)\"" {
        found.append(Found(seq: seq, value: text))
      }
    }
    return found
  }

  /// The value at `path` as the screens write it, or `nil`.
  static func text(at path: StatePath, in state: Any) -> String {
    path.value(in: state).map { StateText.describe($0) } ?? "nil"
  }
}
