import Foundation

/// Where a child-routing operator (`forEach`, `ifLet`, `ifCaseLet`, an optional `Scope`) was
/// written: names its hidden cancellation ids and its misuse reports.
@usableFromInline
final class ChildSite: Hashable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt
  /// Not part of the identity: the same place has one `#filePath`.
  let filePath: StaticString

  @usableFromInline
  init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }

  @usableFromInline
  static func == (left: ChildSite, right: ChildSite) -> Bool {
    left.line == right.line && left.column == right.column && left.fileID == right.fileID
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(fileID)
    hasher.combine(line)
    hasher.combine(column)
  }

  /// The effects an element's reducer started: cancelled when the element goes.
  @usableFromInline
  func elementEffects<ID: Hashable & Sendable>(_ id: ID) -> EffectID {
    EffectID(ElementEffectsID(site: self, id: id))
  }

  /// The effects a present child's reducer started: cancelled when the child goes.
  @usableFromInline
  var childEffects: EffectID { EffectID(ChildEffectsID(site: self)) }

  func failure(_ message: String) -> TestFailure {
    TestFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// The hidden id of one element's effects.
struct ElementEffectsID<ID: Hashable & Sendable>: Hashable, Sendable {
  let site: ChildSite
  let id: ID
}

/// The hidden id of an optional or enum child's effects.
struct ChildEffectsID: Hashable, Sendable {
  let site: ChildSite
}

/// The misuse reports of child-routing operators, one line each, worded as TCA's.
@usableFromInline
enum ChildMisuse {
  @usableFromInline
  static func missingElement(_ action: Any, at site: ChildSite) -> TestFailure {
    site.failure(
      "A \"forEach\" at \"\(site.fileID):\(site.line)\" received an action for a missing "
        + "element, and dropped it. Action: \(actionLine(action)). This is generally considered an "
        + "application logic error, and can happen for a few reasons: • A parent reducer removed "
        + "an element with this id before this reducer ran. This reducer must run before any "
        + "other reducer removes an element, which ensures that element reducers can handle "
        + "their actions while their state is still available (`forEach` runs the element's "
        + "reducer before the parent's; a reducer that runs before it must not remove "
        + "elements). • An in-flight effect sent this action when the collection held no "
        + "element with this id. The effects an element's own reducer started are cancelled "
        + "when it is removed; cancel an effect of the parent that answers an element before "
        + "removing it. • This action was sent to the store while its state held no element "
        + "with this id. To fix, send element actions only through the store "
        + "`scope(forEach:action:id:)` returned while the element existed.")
  }

  @usableFromInline
  static func nilChild(_ action: Any, operator name: String, at site: ChildSite) -> TestFailure {
    site.failure(
      "\(article(name)) \"\(name)\" at \"\(site.fileID):\(site.line)\" received a child action when child "
        + "state was \"nil\", and dropped it. Action: \(actionLine(action)). This is generally "
        + "considered an application logic error, and can happen for a few reasons: • A parent "
        + "reducer set child state to \"nil\" before this reducer ran. This reducer must run "
        + "before any other reducer sets child state to \"nil\". This ensures that child "
        + "reducers can handle their actions while their state is still available. • An "
        + "in-flight effect sent this action when child state was \"nil\". While it may be "
        + "perfectly reasonable to ignore this action, consider cancelling the associated "
        + "effect before child state becomes \"nil\", especially if it is a long-living effect. "
        + "• This action was sent to the store while state was \"nil\". To fix, send child "
        + "actions only through a store that `scope(state:action:)` returned while the child "
        + "state was not \"nil\".")
  }

  @usableFromInline
  static func otherCase(_ action: Any, state: Any, operator name: String, at site: ChildSite)
    -> TestFailure
  {
    site.failure(
      "\(article(name)) \"\(name)\" at \"\(site.fileID):\(site.line)\" received a child action when child "
        + "state was set to a different case, and dropped it. Action: \(actionLine(action)). State: "
        + "\(actionLine(state)). This is generally considered an application logic error, and can "
        + "happen for a few reasons: • A parent reducer set \"\(typeName(state))\" to a "
        + "different case before this reducer ran. This reducer must run before any other "
        + "reducer sets child state to a different case. This ensures that child reducers can "
        + "handle their actions while their state is still available. • An in-flight effect "
        + "sent this action when child state was unavailable. While it may be perfectly "
        + "reasonable to ignore this action, consider cancelling the associated effect before "
        + "child state changes to another case, especially if it is a long-living effect. • "
        + "This action was sent to the store while state was another case. To fix, send child "
        + "actions only while the state is set to the child's case.")
  }

  /// `An "ifLet"`, `A "Scope"`.
  static func article(_ name: String) -> String {
    name.first.map { "aeiou".contains($0) } == true ? "An" : "A"
  }

  /// An action's dump on one line, its type named: `List.Action.rows(.element(id: 1, …))`.
  static func actionLine(_ action: Any) -> String {
    let text = oneLine(action)
    guard text.hasPrefix(".") else { return text }
    return typeName(action) + text
  }

  /// A value's dump on one line: `Row.Action.rows(.element(id: 1, action: "x"))`.
  static func oneLine(_ value: Any) -> String {
    dumpLines(value).map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(").replacingOccurrences(of: " )", with: ")")
  }

  /// The type's name without module names: `Result<Int, SomeError>`, `List.Action`.
  static func typeName(_ value: Any) -> String {
    var name = String(reflecting: type(of: value))
    // A private type's context: `StoreTests.(unknown context at $10d3c).List`.
    while let open = name.range(of: "(unknown context at "),
      let close = name[open.upperBound...].range(of: ").")
    {
      name.removeSubrange(open.lowerBound..<close.upperBound)
    }
    // The first component of each qualified name is its module.
    var result = ""
    var index = name.startIndex
    var atNameStart = true
    while index < name.endIndex {
      let character = name[index]
      if atNameStart, character.isLetter || character == "_" {
        let end =
          name[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") }
          ?? name.endIndex
        if end < name.endIndex, name[end] == ".", name[name.index(after: end)...].first != "." {
          index = name.index(after: end)  // drop `Module.`
        } else {
          result += name[index..<end]
          index = end
        }
        atNameStart = false
        continue
      }
      result.append(character)
      atNameStart = "<, (".contains(character)
      index = name.index(after: index)
    }
    return result
  }
}
