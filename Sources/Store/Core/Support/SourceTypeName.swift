/// The name of `type` as it is written in source, without module names:
/// `ClockState`, `Counter.State`, `Reduce<Counter.State, Counter.Action>`.
package func sourceTypeName(_ type: Any.Type) -> String {
  // Every type name in the reflected form starts with its module's name: drop it.
  var result = ""
  var atTypeStart = true
  var skipping = false
  let text = String(reflecting: type)
  for (offset, character) in zip(text.indices, text) {
    if atTypeStart, character.isLetter || character == "_" {
      let rest = text[offset...]
      let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      skipping = rest.dropFirst(name.count).first == "."
    }
    atTypeStart = "<[(, :".contains(character)
    if skipping {
      if character == "." { skipping = false }
      continue
    }
    result.append(character)
  }
  return result
}
