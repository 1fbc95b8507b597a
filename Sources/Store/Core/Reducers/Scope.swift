/// Runs a child reducer on part of the parent's state, for one case of the parent's action.
///
/// Each feature owns its reducer, state and actions; the app stitches them together:
///
/// ```swift
/// CombineReducers {
///   Scope(state: \AppState.clock, action: .clock) { ClockReducer() }
///   Scope(state: \AppState.dog, action: .dog) { DogReducer() }
/// }
/// ```
///
/// Actions of other cases pass through untouched and cost one failed pattern match.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer
where ParentAction: Sendable, Child.Action: Sendable {
  @usableFromInline let state: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let action: ActionCase<ParentAction, Child.Action>
  @usableFromInline let child: Child
  /// Where the child state sits inside the parent's, when `state` names stored properties all
  /// the way down: then the child is reduced in place through that offset, skipping the
  /// run-time key-path machinery on every action. Nil for computed paths.
  @usableFromInline let offset: Int?

  /// Scopes the reducer built by `child` to `state` and `action`.
  ///
  /// ```swift
  /// Scope(state: \AppState.clock, action: .clock) { ClockReducer() }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: ActionCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.state = state
    self.action = action
    self.child = child()
    self.offset = MemoryLayout<ParentState>.offset(of: state)
  }

  /// Runs the child on its part of `parent` if `parentAction` is the child's case; its effects
  /// come back embedded in the parent's actions.
  ///
  /// ```swift
  /// let effect = scope.reduce(into: &appState, action: .clock(.reload))
  /// ```
  @inlinable
  public func reduce(into parent: inout ParentState, action parentAction: ParentAction)
    -> Effect<ParentAction>
  {
    guard let childAction = action.extract(from: parentAction) else { return .none }
    let effect: Effect<Child.Action>
    if let offset {
      // `offset(of:)` promises the child's storage is at this offset inside the parent's, and
      // the pointer is used only while `parent` is exclusively ours (it is `inout`).
      effect = withUnsafeMutablePointer(to: &parent) { pointer in
        let childPointer = (UnsafeMutableRawPointer(pointer) + offset)
          .assumingMemoryBound(to: Child.State.self)
        return child.reduce(into: &childPointer.pointee, action: childAction)
      }
    } else {
      effect = child.reduce(into: &parent[keyPath: state], action: childAction)
    }
    if effect.isNone { return .none }
    let embed = action.embedBody
    return effect.map(embed)
  }
}
