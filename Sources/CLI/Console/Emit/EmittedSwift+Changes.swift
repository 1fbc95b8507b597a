import PropertyTesting
import Store

extension EmittedSwift {
  /// The assignments that turn `before` into `after`, as a `TestStore` assertion writes them:
  /// one per changed field of a struct, at the deepest level; through an optional that stays
  /// set (`$0.detail?.draft = …`); in an identified collection, by id — `remove(id:)` for the
  /// elements gone, `[id: 2]?.title = …` for those changed, `append` for new ones at the end;
  /// in an array, `append`, `removeLast` or changed elements by index; anything else (an enum,
  /// a value that appeared) assigned whole, with ``value(_:)``.
  ///
  /// ```swift
  /// EmittedSwift.assignments(from: before, to: after, path: "$0")
  /// // ["$0.nextID = 2", "$0.todos.append(try logValue(#\"{\"id\":2,…}\"#))"]
  /// ```
  ///
  /// Bound: O(size of the two values) time — `==` where the values are `Equatable`, which for
  /// collections that share storage (a part of the state a step left alone) costs nothing; a
  /// list of `Equatable` elements that grew or shrank at its end compared typed, taking out only
  /// the elements added; any other change of a collection walks its elements with `Mirror`, and
  /// an identified collection's ids go through a set and a dictionary, O(n) expected; a value is
  /// written out only where it is assigned whole. Output is proportional to what changed, never
  /// to the whole value: a session that adds N todos emits N appends.
  package static func assignments(from before: Any, to after: Any, path: String) -> [String] {
    guard !same(before, after) else { return [] }
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    // Written only when needed: the value's Swift (or JSON) costs its whole size.
    func whole() -> [String] { ["\(path) = \(value(after))"] }
    switch (old.displayStyle, new.displayStyle) {
    case (.optional, .optional):
      guard let wrappedOld = old.children.first?.value, let wrappedNew = new.children.first?.value
      else { return whole() }
      return assignments(from: wrappedOld, to: wrappedNew, path: path + "?")
    case (.collection, .collection) where type(of: before) == type(of: after):
      if let changes = endChanges(from: before, to: after, path: path) { return changes }
      if let oldIDs = (before as? any IdentifiedElements)?.elementIDs,
        let newIDs = (after as? any IdentifiedElements)?.elementIDs
      {
        return identifiedChanges(
          old.children.map(\.value), oldIDs, new.children.map(\.value), newIDs, path: path)
          ?? whole()
      }
      return listChanges(old.children.map(\.value), new.children.map(\.value), path: path)
        ?? whole()
    case (.struct, .struct):
      // Foundation's structs (a date, a URL) are written whole: their fields are private.
      guard old.children.map(\.label) == new.children.map(\.label), !isPlain(after) else {
        return whole()
      }
      return zip(old.children, new.children).flatMap { old, new in
        assignments(from: old.value, to: new.value, path: path + "." + (new.label ?? ""))
      }
    default:
      return whole()
    }
  }

  /// A list of `Equatable` elements that only grew or shrank at its end, as appends or a
  /// removal, found typed — its shared ends compared without boxing an element, as `replay
  /// --diff` compares them — and taking out only the elements added; nil for any other change
  /// (or list), left to the element-by-element walk. The same lines that walk writes.
  private static func endChanges(from before: Any, to after: Any, path: String) -> [String]? {
    guard let old = before as? any DumpableList, let new = after as? any DumpableList,
      let shared = old.dumpSharedEnds(with: after)
    else { return nil }
    let identified = before is any IdentifiedElements
    if shared.start == old.dumpCount {
      let added = (shared.start..<new.dumpCount).map { value(new.dumpElement($0)) }
      if identified { return added.map { "\(path).append(\($0))" } }
      return added.count == 1
        ? ["\(path).append(\(added[0]))"]
        : ["\(path).append(contentsOf: [\(added.joined(separator: ", "))])"]
    }
    if !identified, shared.start == new.dumpCount {
      return ["\(path).removeLast(\(old.dumpCount - new.dumpCount))"]
    }
    return nil
  }

  /// An array's change as appends, a removal at its end or changed elements; nil when it is
  /// none of those.
  private static func listChanges(_ old: [Any], _ new: [Any], path: String) -> [String]? {
    let kept = zip(old, new).prefix { same($0, $1) }.count
    if kept == old.count {
      let added = new[kept...].map { value($0) }
      return added.count == 1
        ? ["\(path).append(\(added[0]))"]
        : ["\(path).append(contentsOf: [\(added.joined(separator: ", "))])"]
    }
    if kept == new.count { return ["\(path).removeLast(\(old.count - new.count))"] }
    guard old.count == new.count else { return nil }
    return zip(old, new).enumerated().flatMap { index, pair in
      assignments(from: pair.0, to: pair.1, path: "\(path)[\(index)]")
    }
  }

  /// An identified collection's change as removals by id, changes of the elements kept (by
  /// id) and appends; nil when the kept elements changed order or new ones are not at the end.
  private static func identifiedChanges(
    _ old: [Any], _ oldIDs: [AnyHashable], _ new: [Any], _ newIDs: [AnyHashable], path: String
  ) -> [String]? {
    let newSet = Set(newIDs)
    let oldSet = Set(oldIDs)
    let keptIDs = oldIDs.filter { newSet.contains($0) }
    guard Array(newIDs.prefix(keptIDs.count)) == keptIDs,
      newIDs.dropFirst(keptIDs.count).allSatisfy({ !oldSet.contains($0) })
    else { return nil }
    var lines: [String] = []
    for id in oldIDs where !newSet.contains(id) {
      lines.append("\(path).remove(id: \(value(id.base)))")
    }
    let oldByID = Dictionary(zip(oldIDs, old), uniquingKeysWith: { first, _ in first })
    for (id, element) in zip(newIDs, new).prefix(keptIDs.count) {
      guard let before = oldByID[id] else { continue }
      lines += assignments(from: before, to: element, path: "\(path)[id: \(value(id.base))]?")
    }
    for element in new.dropFirst(keptIDs.count) {
      lines.append("\(path).append(\(value(element)))")
    }
    return lines
  }

  /// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
  private static func same(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? any Equatable, let equal = equals(left, right) { return equal }
    return dumpLines(left) == dumpLines(right)
  }

  private static func equals<Value: Equatable>(_ left: Value, _ right: Any) -> Bool? {
    (right as? Value).map { left == $0 }
  }
}
