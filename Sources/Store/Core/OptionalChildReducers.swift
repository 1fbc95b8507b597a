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

extension Scope {
  /// Scopes a child reducer to optional state: it runs while the state is not nil, and a child
  /// action while it is nil is dropped and reported as misuse.
  ///
  /// ```swift
  /// Scope(state: \Parent.State.detail, action: .detail) { Detail() }
  /// ```
  ///
  /// Unlike `ifLet`, it does not cancel the child's effects when the state becomes nil.
  @inlinable
  public init<ChildState, ChildAction, Base: Reducer>(
    state: WritableKeyPath<ParentState, ChildState?>, action: ActionCase<ParentAction, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> child: () -> Base
  ) where Child == OptionalChild<Base>, Base.State == ChildState, Base.Action == ChildAction {
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let base = child()
    self.init(state: state, action: action) {
      OptionalChild(base, site: site, operatorName: "Scope")
    }
  }

  /// Scopes a child reducer to one case of the parent's enum state: it runs while the state is
  /// that case, and a child action while it is another case is dropped and reported as misuse.
  ///
  /// ```swift
  /// Scope(state: ActionCase.loaded, action: .loaded) { Loaded() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction, Base: Reducer>(
    state toCase: ActionCase<ParentState, ChildState>,
    action: ActionCase<ParentAction, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> child: () -> Base
  )
  where Child == CaseChild<ParentState, Base>, Base.State == ChildState, Base.Action == ChildAction
  {
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let base = child()
    self.init(state: \ParentState.self, action: action) {
      CaseChild(base, toCase: toCase, site: site, operatorName: "Scope")
    }
  }
}
