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
  /// started are cancelled; so they are when an `Identifiable` child is replaced by one with
  /// another id. A child action while the state is nil is dropped and reported (a
  /// test failure under `TestStore`, one line on stderr otherwise), worded as TCA's.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      OptionalChildRouter<Self, Child, HashedChildIdentity<ChildState>, ClosureCaseReading>(
        parent: self, toChild: toChild, toChildAction: action, child: child(),
        identity: HashedChildIdentity(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// Runs `child` on optional, identifiable child state while it is not nil, before this
  /// reducer: the `ifLet` above, chosen for a child whose type is known to be `Identifiable`,
  /// which tells one child from the next by comparing ids.
  ///
  /// ```swift
  /// struct Detail: Reducer {
  ///   struct State: Identifiable { let id: UUID; var text = "" }
  ///   // …
  /// }
  /// parent.ifLet(\.detail, action: .detail) { Detail() }   // chosen for Detail.State
  /// ```
  ///
  /// The same rules as for any child: the child's effects are cancelled when it becomes nil or
  /// is replaced by a child with another id. Cost: two reads of the id in place and one `==`
  /// an action, where a child of a type not known to be identifiable is told apart by hashing
  /// its id, twice.
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      OptionalChildRouter<Self, Child, IdentifiedChildIdentity<ChildState>, ClosureCaseReading>(
        parent: self, toChild: toChild, toChildAction: action, child: child(),
        identity: IdentifiedChildIdentity(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
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
  /// started are cancelled; so they are when an `Identifiable` child is replaced by one with
  /// another id. A child action while the state is another case is dropped and
  /// reported, worded as TCA's.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toCase: ActionCase<State, ChildState>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      CaseChildRouter<Self, Child, ClosureCaseReading>(
        parent: self, toCase: toCase, toChildAction: action, child: child(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}
