extension Reducer where Action: Sendable {
  /// Runs `child` on optional child state while it is not nil, before this reducer.
  ///
  /// ```swift
  /// Reduce<Todos.State, Todos.Action> { state, action in
  ///   if case .detail(.closeTapped) = action { state.detail = nil }
  ///   return .none
  /// }
  /// .ifLet(\.detail, action: .detail) { Detail() }
  /// ```
  ///
  /// When the child state becomes nil — by any reducer, for any action — the effects the child
  /// started are cancelled. A child action while the state is nil is dropped and reported (a
  /// test failure under `TestStore`, one line on stderr otherwise), worded as TCA's.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return PresentedChildReducer(
      parent: self,
      child: Scope(state: toChild, action: action) {
        OptionalChild(child(), site: site, operatorName: "ifLet")
      },
      isPresent: { state in state[keyPath: toChild] != nil }, site: site)
  }

  /// Runs `child` on one case of this reducer's enum state while the state is that case,
  /// before this reducer.
  ///
  /// ```swift
  /// Reduce<Screen, ScreenAction> { state, action in
  ///   if case .logOutTapped = action { state = .loggedOut }
  ///   return .none
  /// }
  /// .ifCaseLet(.loggedIn, action: .loggedIn) { LoggedIn() }
  /// ```
  ///
  /// When the state leaves the case — by any reducer, for any action — the effects the child
  /// started are cancelled. A child action while the state is another case is dropped and
  /// reported, worded as TCA's.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toCase: ActionCase<State, ChildState>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return PresentedChildReducer(
      parent: self,
      child: Scope(state: \State.self, action: action) {
        CaseChild(child(), toCase: toCase, site: site, operatorName: "ifCaseLet")
      },
      isPresent: { state in toCase.extract(from: state) != nil }, site: site)
  }
}

/// The reducer `ifLet` and `ifCaseLet` return: the child (scoped, run only while present) runs
/// first, under a hidden cancellation id; then the parent; and if the child was present before
/// the parent ran and is not after, the child's effects are cancelled.
@usableFromInline
struct PresentedChildReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.State == Child.State, Parent.Action == Child.Action, Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let isPresent: (Parent.State) -> Bool
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, child: Child, isPresent: @escaping (Parent.State) -> Bool, site: ChildSite
  ) {
    self.parent = parent
    self.child = child
    self.isPresent = isPresent
    self.site = site
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = child.reduce(into: &state, action: action)
    if !childEffect.isNone {
      let namespace = site.childEffects
      childEffect = childEffect.namespaced(by: namespace).cancellable(id: namespace)
    }
    let wasPresent = isPresent(state)
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = wasPresent && !isPresent(state)
    if !dismissed {
      if parentEffect.isNone { return childEffect }
      if childEffect.isNone { return parentEffect }
      return .merge(childEffect, parentEffect)
    }
    return .merge(childEffect, parentEffect, Effect(.cancel(site.childEffects)))
  }
}
