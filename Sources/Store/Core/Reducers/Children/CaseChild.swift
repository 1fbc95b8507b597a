/// Runs a reducer on one case of an enum state while the state is that case; a child action
/// while it is another case is dropped and reported as misuse. What ``Scope`` builds for an enum
/// case, and what `ifCaseLet` runs.
///
/// ```swift
/// Scope(state: .loaded, action: .loaded) { Loaded() }   // a Scope<_, _, CaseChild<Screen, Loaded>>
/// ```
///
/// The case's value is taken out, reduced and put back: a copy, unlike `ifLet`'s in-place
/// change.
public struct CaseChild<Root, Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let toCase: ActionCase<Root, Base.State>
  @usableFromInline let site: ChildSite
  @usableFromInline let operatorName: String

  @inlinable
  init(_ base: Base, toCase: ActionCase<Root, Base.State>, site: ChildSite, operatorName: String) {
    self.base = base
    self.toCase = toCase
    self.site = site
    self.operatorName = operatorName
  }

  /// Runs the base reducer on the case's value and puts the result back; reports the action if
  /// `state` is another case.
  ///
  /// ```swift
  /// let effect = child.reduce(into: &screen, action: .refresh)
  /// ```
  @inlinable
  public func reduce(into state: inout Root, action: Base.Action) -> Effect<Base.Action> {
    guard var value = toCase.extract(from: state) else {
      return Effect(
        .reportMisuse(
          ChildMisuse.otherCase(action, state: state, operator: operatorName, at: site)))
    }
    let effect = base.reduce(into: &value, action: action)
    state = toCase.embed(value)
    return effect
  }
}
