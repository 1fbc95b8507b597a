/// A case of any enum, actions or state: ``ActionCase`` under the name that says so.
///
/// ```swift
/// enum Destination { case detail(DetailState), settings }
/// let detail: CasePath<Destination, DetailState> = CasePath(Destination.detail)
/// ```
public typealias CasePath<Root, Value> = ActionCase<Root, Value>

/// An enum that lists its cases once, as ``ActionCase`` values, so that APIs can name a case by
/// key path — `\.child.loaded` — and compose it across levels, as TCA's `@CasePathable` does
/// with a macro.
///
/// Write one line per case, with the reflective initialisers (no pattern match):
///
/// ```swift
/// enum AppAction: CasePathable {
///   case child(ChildAction)
///   case quit
///
///   struct AllCasePaths: Sendable {
///     let child = ActionCase(AppAction.child)
///     let quit = ActionCase(AppAction.quit)
///   }
///   static let allCasePaths = AllCasePaths()
/// }
/// // \AppAction.AllCasePaths.child.loaded, if ChildAction is CasePathable too
/// ```
///
/// A key path names only a case listed there: for one left out, Swift says `key path cannot
/// refer to enum case 'quit'` (the enum's own case, not the listed one) — add its line.
///
/// APIs that take such a key path evaluate it once, when they are built: what an action costs
/// is then only the extractors of the cases along the path.
public protocol CasePathable {
  /// A value with one ``ActionCase`` property per case of the enum.
  associatedtype AllCasePaths: Sendable
  /// The enum's cases. A generic enum cannot store a static property: make it a computed one.
  ///
  /// ```swift
  /// static let allCasePaths = AllCasePaths()
  /// ```
  static var allCasePaths: AllCasePaths { get }
}

extension CasePathable {
  /// The case that `keyPath` names, from the enum's ``allCasePaths``.
  ///
  /// ```swift
  /// let loaded = AppAction.case(\.child.loaded)   // ActionCase<AppAction, Int>
  /// ```
  public static func `case`<Value>(_ keyPath: KeyPath<AllCasePaths, ActionCase<Self, Value>>)
    -> ActionCase<Self, Value>
  {
    allCasePaths[keyPath: keyPath]
  }
}

extension ActionCase {
  /// This case, then `next`, a case of this case's value: one case of `Root` two levels down.
  ///
  /// ```swift
  /// let reload = ActionCase.clock.appending(ActionCase(ClockAction.reload))
  /// reload.embed(())   // AppAction.clock(.reload)
  /// ```
  ///
  /// The composed case costs the two extractors, one after the other.
  @inlinable
  public func appending<Next>(_ next: ActionCase<Value, Next>) -> ActionCase<Root, Next> {
    let outer = self
    return ActionCase<Root, Next>(
      embed: { outer.embedBody(next.embedBody($0)) },
      extract: { root in outer.extract(from: root).flatMap { next.extract(from: $0) } })
  }
}

extension ActionCase where Value: CasePathable {
  /// A case of this case's value, named by a key path into its ``CasePathable/allCasePaths``:
  /// what makes `\.child.grandchild.loaded` compose.
  ///
  /// ```swift
  /// let loaded = AppAction.allCasePaths.child.loaded   // ActionCase<AppAction, Int>
  /// ```
  public subscript<Next>(dynamicMember keyPath: KeyPath<Value.AllCasePaths, ActionCase<Value, Next>>)
    -> ActionCase<Root, Next>
  {
    appending(Value.allCasePaths[keyPath: keyPath])
  }
}
