/// An action for one element of a collection of features: which element, and what it does.
///
/// A parent's action gets a case holding it, and the reducer operator `forEach`
/// routes it to the element with that id:
///
/// ```swift
/// enum TodosAction: Sendable {
///   case addTapped
///   case rows(IdentifiedAction<Todo.ID, TodoAction>)
/// }
/// store.send(.rows(.element(id: todo.id, action: .toggle)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action> {
  /// `action` for the element whose id is `id`.
  ///
  /// ```swift
  /// IdentifiedAction.element(id: 3, action: TodoAction.toggle)
  /// ```
  case element(id: ID, action: Action)
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
/// Codable as an enum is, `{"element":{"id":…,"action":…}}`, when its parts are, so that an
/// action holding one is too (a console then logs and reads it with no code of the app's).
extension IdentifiedAction: Codable where ID: Codable, Action: Codable {}

extension ActionCase {
  /// The case of one element's actions inside a parent's actions: embeds an element's action
  /// with `id`, and extracts only actions for `id`.
  @usableFromInline
  func element<ID, ElementAction>(id: ID) -> ActionCase<Root, ElementAction>
  where Value == IdentifiedAction<ID, ElementAction> {
    let embedBody = self.embedBody
    let extractBody = self.extractBody
    return ActionCase<Root, ElementAction>(
      embed: { embedBody(.element(id: id, action: $0)) },
      extract: { root in
        guard case .element(let elementID, let action) = extractBody(root), elementID == id
        else { return nil }
        return action
      })
  }
}
