/// A type's name as its own code writes it: qualified by the types it is nested in, without the
/// module, so that a dump tells `Todo.State` from `Todos.State`.
///
/// ```swift
/// typeName(Todos.State.self)          // "Todos.State"
/// typeName([Todos.State].self)        // "Array<Todos.State>"
/// ```
///
/// Every path in the name loses its module (`Swift.Int` → `Int`, generic arguments included); a
/// type declared inside a function or as `private` keeps only what follows its anonymous context
/// (`(unknown context at $…)`). Linear in the length of the name.
package func typeName(_ type: Any.Type) -> String {
  let full = String(reflecting: type)
  var out = ""
  var path: [Substring] = []
  var hasModule = true
  var index = full.startIndex

  func flush() {
    if hasModule, path.count > 1 { path.removeFirst() }
    out += path.joined(separator: ".")
    path = []
    hasModule = true
  }

  while index < full.endIndex {
    let character = full[index]
    if character.isLetter || character.isNumber || character == "_" {
      let end =
        full[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") }
        ?? full.endIndex
      path.append(full[index..<end])
      index = end
    } else if character == ".", !path.isEmpty || !hasModule {
      index = full.index(after: index)
    } else if character == "(", full[index...].hasPrefix("(unknown context at "),
      let close = full[index...].firstIndex(of: ")")
    {
      // Everything before an anonymous context is where the context is, not what the type is
      // called: drop it, and the dot after it.
      path = []
      hasModule = false
      index = full.index(after: close)
    } else {
      flush()
      out.append(character)
      index = full.index(after: index)
    }
  }
  flush()
  return out
}
