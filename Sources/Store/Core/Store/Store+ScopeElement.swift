extension Store {
  /// A store of one element of a collection of features, or nil if there is no element with
  /// `id`.
  ///
  /// ```swift
  /// if let row = store.scope(forEach: \.rows, action: .rows, id: todo.id) {
  ///   row.send(.toggle)   // the root handles .rows(.element(id: todo.id, action: .toggle))
  /// }
  /// ```
  ///
  /// Each read of its state is one lookup by id. Once the element is removed, the store keeps
  /// showing its last value and its observers hear of nothing more; what it sends still goes
  /// to the root, whose `forEach` reports it as an action for a missing element.
  public func scope<ID: Hashable & Sendable, ElementState: Identifiable, ElementAction>(
    forEach toElements: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: ActionCase<Action, IdentifiedAction<ID, ElementAction>>, id: ID
  ) -> Store<ElementState, ElementAction>? {
    scope(
      state: toElements.appending(path: \IdentifiedArray<ID, ElementState>.[id: id]),
      action: action.element(id: id))
  }
}
