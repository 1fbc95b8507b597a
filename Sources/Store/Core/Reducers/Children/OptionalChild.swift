/// Runs a reducer on optional state while it is not nil; a child action while it is nil is
/// dropped and reported as misuse. What ``Scope`` builds for optional child state (`ifLet` does
/// the same in place, with its own router).
///
/// ```swift
/// Scope(state: \Parent.State.detail, action: .detail) { Detail() }   // a Scope<_, _, OptionalChild<Detail>>
/// ```
public struct OptionalChild<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let site: ChildSite
  @usableFromInline let operatorName: String

  @inlinable
  init(_ base: Base, site: ChildSite, operatorName: String) {
    self.base = base
    self.site = site
    self.operatorName = operatorName
  }

  /// Runs the base reducer on the unwrapped state, in place; reports the action if the state
  /// is nil.
  ///
  /// ```swift
  /// let effect = child.reduce(into: &state.detail, action: .close)
  /// ```
  @inlinable
  public func reduce(into state: inout Base.State?, action: Base.Action) -> Effect<Base.Action> {
    guard state != nil else {
      return Effect(.reportMisuse(ChildMisuse.nilChild(action, operator: operatorName, at: site)))
    }
    return base.reduce(into: &state!, action: action)
  }
}
