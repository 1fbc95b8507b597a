/// An action's case path, the name the page's filter matches: `.rows(.element(id: 1, action:
/// .toggled))` is `rows.element.toggled`, `.search(.answered(["Tea"]))` is `search.answered`.
///
/// ```swift
/// ActionName.of(TodosAction.search(.queryChanged("wat")))   // "search.queryChanged"
/// ```
///
/// From the action's case down through each payload that is itself an action (an enum whose
/// type's name ends in `Action`, or a payload's element labelled `action`); a payload of any
/// other type ends the name. **Bounds.** O(depth of the action's nesting), at most 32 cases.
package enum ActionName {
  package static func of(_ action: Any) -> String {
    var names: [String] = []
    var value: Any = action
    for _ in 0..<32 {
      let mirror = Mirror(reflecting: value)
      guard mirror.displayStyle == .enum else { break }
      guard let child = mirror.children.first, let label = child.label else {
        // A case without a payload: its name is the value's description.
        names.append(String(describing: value))
        break
      }
      names.append(label)
      guard let next = nestedAction(in: child.value) else { break }
      value = next
    }
    return names.joined(separator: ".")
  }

  /// The action inside a case's payload: the payload itself when it is an action, or its
  /// element labelled `action` (or its only element) when that is one.
  private static func nestedAction(in payload: Any) -> Any? {
    if isAction(payload) { return payload }
    let mirror = Mirror(reflecting: payload)
    guard mirror.displayStyle == .tuple else { return nil }
    let children = Array(mirror.children)
    if let labelled = children.first(where: { $0.label == "action" }), isEnum(labelled.value) {
      return labelled.value
    }
    if children.count == 1, isAction(children[0].value) { return children[0].value }
    return nil
  }

  private static func isEnum(_ value: Any) -> Bool {
    Mirror(reflecting: value).displayStyle == .enum
  }

  private static func isAction(_ value: Any) -> Bool {
    // `IdentifiedAction<Int, Row.Action>` by its name before the generic arguments.
    isEnum(value) && String(describing: type(of: value)).prefix { $0 != "<" }.hasSuffix("Action")
  }
}
