/// Child state shown briefly and dismissed by the first action it receives: an alert, a
/// confirmation dialog (TCA's `AlertState` and `ConfirmationDialogState`, its `_EphemeralState`).
///
/// ```swift
/// struct Alert: EphemeralState, Equatable { var title: String }
/// enum AlertAction: Equatable, Sendable { case ok, again }
///
/// parent.ifLet(\.alert, action: .alert)   // `.alert(.ok)` sets `alert` to nil
/// ```
///
/// `ifLet` on ephemeral state dismisses the child — sets it to nil — once the child (if a
/// reducer is given) has reduced its action and before the parent reduces it, so a parent that
/// shows the alert again on that action leaves it shown; the child's effects are cancelled with
/// it. The choice is made by type where `ifLet` is written: a child state of a generic type not
/// known there to be ephemeral is not dismissed.
public protocol EphemeralState {}

extension Reducer where Action: Sendable {
  /// Dismisses the ephemeral child at `toChild` when it receives an action: the action is
  /// reported as misuse if there is no child, and then this reducer runs.
  ///
  /// ```swift
  /// Reduce<Feature.State, Feature.Action> { state, action in
  ///   if case .tap = action { state.alert = Alert(title: "Hi!") }
  ///   return .none
  /// }
  /// .ifLet(\.alert, action: .alert)
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction: Sendable>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toChild, action: action, fileID: fileID, filePath: filePath, line: line, column: column,
      then: { EmptyReducer<ChildState, ChildAction>() })
  }

  /// Runs `child` on the ephemeral child at `toChild`, then dismisses it, then runs this
  /// reducer (see ``EphemeralState``).
  ///
  /// ```swift
  /// parent.ifLet(\.alert, action: .alert) { AlertLogger() }
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    EphemeralDismissal(self, toChild: toChild, action: action).ifLetPresenting(
      toChild, action: action, fileID: fileID, filePath: filePath, line: line, column: column,
      then: child)
  }

  /// The ephemeral `ifLet` with a child reducer, for an ephemeral child that is also
  /// `Identifiable`.
  ///
  /// ```swift
  /// parent.ifLet(\.dialog, action: .dialog) {}
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState & Identifiable, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    EphemeralDismissal(self, toChild: toChild, action: action).ifLetPresenting(
      toChild, action: action, fileID: fileID, filePath: filePath, line: line, column: column,
      then: child)
  }

  /// The plain `ifLet`, for a child state this generic code does not know to be ephemeral (so
  /// that the overloads above do not call themselves).
  @inlinable
  func ifLetPresenting<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String, filePath: StaticString, line: UInt, column: UInt,
    then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toChild, action: action, fileID: fileID, filePath: filePath, line: line, column: column,
      then: child)
  }
}

extension Reducer where Action: Sendable & CasePathable {
  /// The ephemeral `ifLet` without a child reducer, the child's action case named by key path.
  ///
  /// ```swift
  /// parent.ifLet(\.alert, action: \.alert)
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction: Sendable>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) -> some Reducer<State, Action> {
    ifLet(
      toChild, action: Action.allCasePaths[keyPath: action], fileID: fileID, filePath: filePath,
      line: line, column: column)
  }

  /// The ephemeral `ifLet` with a child reducer, the child's action case named by key path.
  ///
  /// ```swift
  /// parent.ifLet(\.alert, action: \.alert) {}
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toChild, action: Action.allCasePaths[keyPath: action], fileID: fileID, filePath: filePath,
      line: line, column: column, then: child)
  }

  /// The ephemeral `ifLet` with a child reducer, for an `Identifiable` child, the child's action
  /// case named by key path.
  ///
  /// ```swift
  /// parent.ifLet(\.dialog, action: \.dialog) {}
  /// ```
  @inlinable
  public func ifLet<ChildState: EphemeralState & Identifiable, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>,
    action: KeyPath<Action.AllCasePaths, ActionCase<Action, ChildAction>>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    ifLet(
      toChild, action: Action.allCasePaths[keyPath: action], fileID: fileID, filePath: filePath,
      line: line, column: column, then: child)
  }
}

/// The parent of an ephemeral child's `ifLet`: `ifLet` runs the child, then this, which sets the
/// child to nil if the action was the child's, then the parent reducer. `ifLet` sees the child
/// gone after the parent and cancels its effects.
@usableFromInline
struct EphemeralDismissal<Parent: Reducer, ChildState, ChildAction>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toChild: WritableKeyPath<Parent.State, ChildState?>
  @usableFromInline let toChildAction: ActionCase<Parent.Action, ChildAction>

  @inlinable
  init(
    _ parent: Parent, toChild: WritableKeyPath<Parent.State, ChildState?>,
    action: ActionCase<Parent.Action, ChildAction>
  ) {
    self.parent = parent
    self.toChild = toChild
    self.toChildAction = action
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    if toChildAction.extract(from: action) != nil { state[keyPath: toChild] = nil }
    return parent.reduce(into: &state, action: action)
  }
}
