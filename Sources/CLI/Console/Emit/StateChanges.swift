import PropertyTesting
import Store

/// The state changes an emitted test asserts, step after step, and what finding them cost: the
/// assignments that turn one state into the next, as a `TestStore` assertion writes them, found
/// by walking only the path to what changed.
///
/// ```swift
/// var changes = StateChanges(literal: EmittedSwift.value, isWhole: EmittedSwift.isLeaf)
/// changes.assignments(from: before, to: after, path: "$0")
/// // ["$0.clock.dayOffset = 1", "$0.dog.dogs.append(Dog(name: \"bella\", …))"]
/// changes.reflected   // the structs on the way: AppState, DogState
/// ```
///
/// What it writes: one assignment per changed field of a struct, at the deepest struct level;
/// through an optional struct that stays set (`$0.detail?.draft = …`); a list that grew or
/// shrank at its end as an `append` (`append(contentsOf:)` for several) or a `removeLast`; in
/// an identified collection otherwise, by id — `remove(id:)` for the elements gone,
/// `[id: 2]?.title = …` for those changed, `append` for new ones at the end; in a list of the
/// same length, the changed elements by index; anything else (an enum, a value that appeared, a
/// value `isWhole` names) assigned whole, as `literal` writes it.
///
/// **Bound.** Per step, for a state whose lists (on the path to what changed) hold P elements
/// and a change of C elements: `==` on the parts along the changed path (each O(P) when it holds
/// the list, O(1) when the list's storage is shared, as for a step that left it alone); a list
/// of `Equatable` elements has its ends compared typed, a byte compare first (O(P), like the
/// reducer's own copy of the list when the state before it is kept); `Mirror` only on the
/// structs along the path and on the C elements that changed (``reflected``, ``boxed``); an
/// identified collection whose ids moved goes through a set and a dictionary of its ids, O(P)
/// expected. Output is proportional to what changed (plus the path), never to the whole value:
/// a session that adopts N dogs emits N appends.
package struct StateChanges {
  /// Parts walked with `Mirror` so far: the structs along the changed paths, and any list the
  /// typed compare cannot take (elements that are not `Equatable`).
  package private(set) var reflected = 0
  /// List elements taken out of their list (to be compared one by one or written): those
  /// between the ends the two lists share.
  package private(set) var boxed = 0
  /// A value as Swift.
  private let literal: (Any) -> String
  /// Whether a value is written whole, never walked: a date, a type with a literal of its own.
  private let isWhole: (Any) -> Bool

  /// Changes written with `literal`, walking into any struct `isWhole` does not name.
  package init(literal: @escaping (Any) -> String, isWhole: @escaping (Any) -> Bool) {
    self.literal = literal
    self.isWhole = isWhole
  }

  /// The assignments that turn `before` into `after`, at `path` (`$0` for a whole state).
  package mutating func assignments(from before: Any, to after: Any, path: String) -> [String] {
    guard !Self.same(before, after) else { return [] }
    let whole = { [literal] in ["\(path) = \(literal(after))"] }
    if isWhole(after) { return whole() }
    if let list = before as? any DumpableList, type(of: before) == type(of: after) {
      return typedListChanges(list, after, path: path) ?? whole()
    }
    reflected += 1
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    switch (old.displayStyle, new.displayStyle) {
    case (.optional, .optional):
      guard let wrappedOld = old.children.first?.value,
        let wrappedNew = new.children.first?.value, !isWhole(wrappedNew),
        Mirror(reflecting: wrappedNew).displayStyle == .struct
      else { return whole() }
      return assignments(from: wrappedOld, to: wrappedNew, path: path + "?")
    case (.collection, .collection) where type(of: before) == type(of: after):
      let (oldElements, newElements) = (old.children.map(\.value), new.children.map(\.value))
      boxed += oldElements.count + newElements.count
      let shared = (zip(oldElements, newElements).prefix { Self.same($0, $1) }.count, 0)
      return listChanges(
        count: (oldElements.count, newElements.count), shared: shared, path: path,
        ids: { Self.ids(before, after) }, old: { oldElements[$0] }, new: { newElements[$0] })
        ?? whole()
    case (.struct, .struct) where old.children.map(\.label) == new.children.map(\.label):
      return zip(old.children, new.children).flatMap { old, new in
        assignments(from: old.value, to: new.value, path: path + "." + (new.label ?? ""))
      }
    default:
      return whole()
    }
  }

  /// A list of `Equatable` elements compared typed: its shared ends without boxing an element,
  /// then only the elements between them.
  private mutating func typedListChanges(_ old: any DumpableList, _ after: Any, path: String)
    -> [String]?
  {
    guard let new = after as? any DumpableList, let shared = old.dumpSharedEnds(with: after)
    else { return nil }
    var taken = 0
    defer { boxed += taken }
    return listChanges(
      count: (old.dumpCount, new.dumpCount), shared: shared, path: path,
      ids: { Self.ids(old, after) },
      old: {
        taken += 1
        return old.dumpElement($0)
      },
      new: {
        taken += 1
        return new.dumpElement($0)
      })
  }

  /// A list's change as appends, a removal at its end, changed elements (by id in an identified
  /// collection, whose `ids` are given, else by index), or by id in general; nil when it is
  /// none of those. `shared` says how many elements the lists share at their start and then at
  /// their end; `old` and `new` give an element by its offset.
  private mutating func listChanges(
    count: (old: Int, new: Int), shared: (start: Int, end: Int), path: String,
    ids: () -> (old: [AnyHashable], new: [AnyHashable])?, old: (Int) -> Any,
    new: (Int) -> Any
  ) -> [String]? {
    if shared.start == count.old {
      let added = (shared.start..<count.new).map { literal(new($0)) }
      return added.count == 1
        ? ["\(path).append(\(added[0]))"]
        : ["\(path).append(contentsOf: [\(added.joined(separator: ", "))])"]
    }
    if shared.start == count.new { return ["\(path).removeLast(\(count.old - count.new))"] }
    if let ids = ids() {
      return identifiedChanges(ids, path: path, old: old, new: new)
    }
    guard count.old == count.new else { return nil }
    var lines: [String] = []
    for index in shared.start..<(count.new - shared.end) {
      lines += assignments(from: old(index), to: new(index), path: "\(path)[\(index)]")
    }
    return lines
  }

  /// An identified collection's change as removals by id, changes of the elements kept (by
  /// id) and appends; nil when the kept elements changed order or new ones are not at the end.
  private mutating func identifiedChanges(
    _ ids: (old: [AnyHashable], new: [AnyHashable]), path: String, old: (Int) -> Any,
    new: (Int) -> Any
  ) -> [String]? {
    let newSet = Set(ids.new)
    let oldSet = Set(ids.old)
    let keptIDs = ids.old.filter { newSet.contains($0) }
    guard Array(ids.new.prefix(keptIDs.count)) == keptIDs,
      ids.new.dropFirst(keptIDs.count).allSatisfy({ !oldSet.contains($0) })
    else { return nil }
    var lines: [String] = []
    for id in ids.old where !newSet.contains(id) {
      lines.append("\(path).remove(id: \(literal(id.base)))")
    }
    var oldOffsets: [AnyHashable: Int] = [:]
    for (offset, id) in ids.old.enumerated() where newSet.contains(id) { oldOffsets[id] = offset }
    for (offset, id) in ids.new.prefix(keptIDs.count).enumerated() {
      guard let before = oldOffsets[id] else { continue }
      let (was, now) = (old(before), new(offset))
      guard !Self.same(was, now) else { continue }
      lines += assignments(from: was, to: now, path: "\(path)[id: \(literal(id.base))]?")
    }
    for offset in keptIDs.count..<ids.new.count {
      lines.append("\(path).append(\(literal(new(offset))))")
    }
    return lines
  }

  /// The ids of two identified collections, or nil for other lists.
  private static func ids(_ before: Any, _ after: Any) -> (old: [AnyHashable], new: [AnyHashable])?
  {
    guard let old = (before as? any IdentifiedElements)?.elementIDs,
      let new = (after as? any IdentifiedElements)?.elementIDs
    else { return nil }
    return (old, new)
  }

  /// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
  package static func same(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? any Equatable, let equal = equals(left, right) { return equal }
    return dumpLines(left) == dumpLines(right)
  }

  private static func equals<Value: Equatable>(_ left: Value, _ right: Any) -> Bool? {
    (right as? Value).map { left == $0 }
  }
}

extension EmittedSwift {
  /// ``StateChanges/assignments(from:to:path:)`` with values as ``value(_:)`` writes them.
  ///
  /// ```swift
  /// EmittedSwift.assignments(from: before, to: after, path: "$0")
  /// // ["$0.nextID = 2", "$0.todos.append(try logValue(#\"{\"id\":2,…}\"#))"]
  /// ```
  package static func assignments(from before: Any, to after: Any, path: String) -> [String] {
    var changes = StateChanges(literal: { value($0) }, isWhole: isLeaf)
    return changes.assignments(from: before, to: after, path: path)
  }
}
