import Store

/// The screens of an app that gives none: its state, path by path. At launch and on `:view`
/// one line per stored property (`episodes: [(id: 1, …), … 9998 more]`); after each action, the
/// paths that changed with their new values, one line each (`episodes[id: 1].download:
/// .downloading(40)`), found by ``StateChanges`` — so a line costs what changed, not the state.
///
/// ```swift
/// StateScreens.lines(of: state)   // [ConsoleScreen("episodes", "[]"), …]
/// var walk = StateScreens.walk()
/// StateScreens.changes(from: before, to: after, walk: &walk)
/// // [ConsoleScreen("episodes[id: 1].download", ".downloading(40)")]
/// ```
package enum StateScreens {
  /// A walk that writes values as the screens do.
  package static func walk() -> StateChanges {
    StateChanges(literal: { StateText.describe($0) }, isWhole: EmittedSwift.isLeaf)
  }

  /// One line per stored property of `state` (the whole state on one line when it has none),
  /// each value cut at `budget` characters.
  ///
  /// Bound: O(properties × budget).
  package static func lines(of state: Any, budget: Int = StateText.budget) -> [ConsoleScreen] {
    let mirror = Mirror(reflecting: state)
    guard mirror.displayStyle == .struct || mirror.displayStyle == .class, !mirror.children.isEmpty
    else { return [ConsoleScreen("state", StateText.describe(state, budget: budget))] }
    return mirror.children.map { child in
      ConsoleScreen(child.label ?? "?", StateText.describe(child.value, budget: budget))
    }
  }

  /// The lines of what changed from `before` to `after`: a path and its new value each; an
  /// element added at a list's end by its id or index; a removal as such.
  ///
  /// Bound: ``StateChanges``'s, and one line of at most the budget per change.
  package static func changes(from before: Any, to after: Any, walk: inout StateChanges)
    -> [ConsoleScreen]
  {
    walk.changes(from: before, to: after).flatMap { change -> [ConsoleScreen] in
      let path = change.path
      switch change.kind {
      case .set(let value):
        // The whole state changed (a `String` state): named as at launch.
        let name = path.segments.isEmpty ? "state" : path.description
        return [ConsoleScreen(name, StateText.describe(value))]
      case .append(let values, let from):
        return values.enumerated().map { offset, value in
          let element =
            (value as? any Identifiable).map { path.appending(.id(.value(Self.id(of: $0)))) }
            ?? path.appending(.index(from + offset))
          return ConsoleScreen(element.description, StateText.describe(value))
        }
      case .removeLast(let count, let left):
        return [ConsoleScreen(path.description, "\(count) removed from the end, \(left) left")]
      case .remove(let id):
        return [
          ConsoleScreen(
            path.appending(.id(.value(id))).description, "removed")
        ]
      }
    }
  }

  private static func id<Element: Identifiable>(of element: Element) -> AnyHashable {
    AnyHashable(element.id)
  }
}

extension ConsoleApp {
  /// The app's screens of `state`, or, for an app that gives none, its state's stored
  /// properties (``StateScreens``).
  package func displayedScreens(of state: State, budget: Int = StateText.budget)
    -> [ConsoleScreen]
  {
    let given = screens(of: state)
    return given.isEmpty ? StateScreens.lines(of: state, budget: budget) : given
  }

  /// No screens: the console shows the state, path by path (``StateScreens``).
  ///
  /// ```swift
  /// app.screens(of: state)   // []
  /// ```
  public func screens(of state: State) -> [ConsoleScreen] { [] }
}
