extension Reducer where Action: Sendable & CasePathable {
  /// ``forEach(_:action:fileID:filePath:line:column:element:)`` with the elements' action case
  /// named by key path in the action's ``CasePathable/allCasePaths``.
  ///
  /// ```swift
  /// Reduce(core).forEach(\.rows, action: \.rows) { Row() }
  /// ```
  ///
  /// The key path is evaluated once, here.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, IdentifiedAction<ID, ElementAction>>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> some Reducer<State, Action>
  where
    ElementAction: Sendable, Element.State == ElementState, Element.Action == ElementAction
  {
    ChildReducer(
      ForEachRouter<Self, ID, Element, LearntCaseReading>(
        parent: self, toElements: toElements, toElementAction: Action.allCasePaths[keyPath: action],
        element: element(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// `ifLet(_:action:then:)` with the child's action case named by key path.
  ///
  /// ```swift
  /// Reduce(core).ifLet(\.detail, action: \.detail) { Detail() }
  /// ```
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      OptionalChildRouter<Self, Child, HashedChildIdentity<ChildState>, LearntCaseReading>(
        parent: self, toChild: toChild, toChildAction: Action.allCasePaths[keyPath: action],
        child: child(), identity: HashedChildIdentity(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }

  /// `ifLet(_:action:then:)` with the child's action case named by key path, for a child known
  /// to be `Identifiable`: one child is told from the next by comparing ids, not hashing them.
  ///
  /// ```swift
  /// Reduce(core).ifLet(\.detail, action: \.detail) { Detail() }   // Detail.State: Identifiable
  /// ```
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      OptionalChildRouter<Self, Child, IdentifiedChildIdentity<ChildState>, LearntCaseReading>(
        parent: self, toChild: toChild, toChildAction: Action.allCasePaths[keyPath: action],
        child: child(), identity: IdentifiedChildIdentity(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}

extension Reducer where Action: Sendable & CasePathable, State: CasePathable {
  /// ``ifCaseLet(_:action:fileID:filePath:line:column:then:)`` with the state's case and the
  /// child's action case both named by key path.
  ///
  /// ```swift
  /// Reduce(core).ifCaseLet(\.loggedIn, action: \.loggedIn) { LoggedIn() }
  /// ```
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toCase: KeyPath<State.AllCasePaths, ActionCase<State, ChildState>>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ChildReducer(
      CaseChildRouter<Self, Child, LearntCaseReading>(
        parent: self, toCase: State.allCasePaths[keyPath: toCase],
        toChildAction: Action.allCasePaths[keyPath: action], child: child(),
        site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)))
  }
}

extension Store where Action: CasePathable {
  /// ``scope(forEach:action:id:)`` with the elements' action case named by key path.
  ///
  /// ```swift
  /// if let row = store.scope(forEach: \.rows, action: \.rows, id: 3) { row.send(.toggled) }
  /// ```
  public func scope<ID: Hashable & Sendable, ElementState: Identifiable, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, IdentifiedAction<ID, ElementAction>>>,
    id: ID
  ) -> Store<ElementState, ElementAction>? {
    scope(forEach: toElements, action: Action.allCasePaths[keyPath: action], id: id)
  }
}
