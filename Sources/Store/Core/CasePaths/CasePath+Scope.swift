extension Scope where ParentAction: CasePathable {
  /// Scopes the reducer built by `child` to `state` and the action case that `action` names in
  /// the parent action's ``CasePathable/allCasePaths`` — across as many levels as the key path
  /// goes.
  ///
  /// ```swift
  /// Scope(state: \AppState.clock, action: \.clock) { ClockReducer() }
  /// ```
  ///
  /// The key path is evaluated once, here; each action then costs the cases' extractors.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: KeyPath<ParentAction.AllCasePaths, ActionCase<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: ParentAction.allCasePaths[keyPath: action], child: child)
  }
}

extension Store where Action: CasePathable {
  /// A store of part of this store's state and of the action case that `action` names.
  ///
  /// ```swift
  /// let clock = store.scope(state: \.clock, action: \.clock)
  /// clock.send(.moveDay(1))   // the root store handles AppAction.clock(.moveDay(1))
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChild: KeyPath<State, ChildState>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction> {
    scope(state: toChild, action: Action.allCasePaths[keyPath: action])
  }

  /// A store of optional child state and of the action case that `action` names, or nil while
  /// that state is nil.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: \.detail) { detail.send(.close) }
  /// ```
  public func scope<ChildState, ChildAction>(
    state toChild: KeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>
  ) -> Store<ChildState, ChildAction>? {
    scope(state: toChild, action: Action.allCasePaths[keyPath: action])
  }
}
