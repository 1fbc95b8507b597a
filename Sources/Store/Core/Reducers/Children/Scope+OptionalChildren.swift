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
