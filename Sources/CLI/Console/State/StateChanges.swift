import PropertyTesting
import Store

/// The changes that turn one state into the next, found by walking only the path to what
/// changed: what a test asserts (``assignments(from:to:path:)``) and what a console without
/// screens prints (``changes(from:to:)``).
///
/// ```swift
/// var walk = StateChanges(literal: EmittedSwift.value, isWhole: EmittedSwift.isLeaf)
/// walk.assignments(from: before, to: after, path: "$0")
/// // ["$0.clock.dayOffset = 1", "$0.dog.dogs.append(Dog(name: \"bella\", …))"]
/// walk.changes(from: before, to: after).map(\.path)   // [clock.dayOffset, dog.dogs]
/// walk.reflected   // the structs on the way: AppState, DogState
/// ```
///
/// What it finds: one change per changed field of a struct, at the deepest struct level;
/// through an optional struct that stays set; a list that grew or shrank at its end as an
/// append (of all the new elements) or a removal of its last ones; in an identified collection
/// otherwise, by id — removals, changes of the elements kept, appends; in a list of the same
/// length, the changed elements by index; anything else (an enum, a value that appeared, a
/// value `isWhole` names) set whole.
///
/// **Bound.** Per step, for a state whose lists (on the path to what changed) hold P elements
/// and a change of C elements: `==` on the parts along the changed path (each O(P) when it holds
/// the list, O(1) when the list's storage is shared, as for a step that left it alone); a list
/// of `Equatable` elements has its ends compared typed, a byte compare first (O(P), like the
/// reducer's own copy of the list when the state before it is kept); `Mirror` only on the
/// structs along the path and on the C elements that changed (``reflected``, ``boxed``); an
/// identified collection whose ids moved goes through a set and a dictionary of its ids, O(P)
/// expected. The changes are proportional to what changed, never to the whole value: a session
/// that adopts N dogs finds N appends.
package struct StateChanges {
  /// One change: where, and what.
  package struct Change {
    package enum Kind {
      /// The value at the path is now this one.
      case set(Any)
      /// These elements were added at the end of the list at the path, which had `from`.
      case append([Any], from: Int)
      /// The list at the path lost its last `count` elements, and has `left`.
      case removeLast(Int, left: Int)
      /// The element with this id left the identified collection at the path.
      case remove(id: AnyHashable)
    }

    package let path: StatePath
    package let kind: Kind
  }

  /// Parts walked with `Mirror` so far: the structs along the changed paths, and any list the
  /// typed compare cannot take (elements that are not `Equatable`).
  package private(set) var reflected = 0
  /// List elements taken out of their list (to be compared one by one or written): those
  /// between the ends the two lists share.
  package private(set) var boxed = 0
  /// A value as Swift, for the assignments.
  private let literal: (Any) -> String
  /// Whether a value is written whole, never walked: a date, a type with a literal of its own.
  private let isWhole: (Any) -> Bool

  /// Changes written with `literal`, walking into any struct `isWhole` does not name.
  package init(literal: @escaping (Any) -> String, isWhole: @escaping (Any) -> Bool) {
    self.literal = literal
    self.isWhole = isWhole
  }

  /// `after` as Swift: `base`, whose value is `before`, changed by assignments in a call of
  /// ``changingHelper``'s `changing(_:_:)` — or `base` itself when they are equal. An emitted
  /// test writes a start state, or a state travelled to, this way: as the changes of a state it
  /// knows.
  ///
  /// ```swift
  /// changes.changing("store.state", from: before, to: after)
  /// // "changing(store.state) {\n      $0.count = 2\n    }"
  /// ```
  package mutating func changing(_ base: String, from before: Any, to after: Any) -> String {
    let lines = assignments(from: before, to: after, path: "$0")
    guard !lines.isEmpty else { return base }
    return "changing(\(base)) {\n" + lines.map { "      " + $0 }.joined(separator: "\n")
      + "\n    }"
  }

  /// The function an emitted test declares for ``changing(_:from:to:)``'s expressions.
  package static let changingHelper = """
    /// `value` with `change` applied: the states the session went through, as changes of known ones.
    private func changing<Value>(_ value: Value, _ change: (inout Value) -> Void) -> Value {
      var copy = value
      change(&copy)
      return copy
    }
    """

  /// The assignments that turn `before` into `after`, at `path` (`$0` for a whole state), as a
  /// `TestStore` assertion writes them.
  package mutating func assignments(from before: Any, to after: Any, path: String) -> [String] {
    changes(from: before, to: after).map { change in
      let target = change.path.swift(root: path, literal: literal)
      switch change.kind {
      case .set(let value):
        return "\(target) = \(literal(value))"
      case .append(let values, _):
        return values.count == 1
          ? "\(target).append(\(literal(values[0])))"
          : "\(target).append(contentsOf: [\(values.map(literal).joined(separator: ", "))])"
      case .removeLast(let count, _):
        return "\(target).removeLast(\(count))"
      case .remove(let id):
        return "\(target).remove(id: \(literal(id.base)))"
      }
    }
  }

  /// The changes that turn `before` into `after`.
  package mutating func changes(from before: Any, to after: Any) -> [Change] {
    var found: [Change] = []
    walk(from: before, to: after, at: StatePath(), into: &found)
    return found
  }

  private mutating func walk(
    from before: Any, to after: Any, at path: StatePath, into found: inout [Change]
  ) {
    guard !Self.same(before, after) else { return }
    let whole = Change(path: path, kind: .set(after))
    if isWhole(after) { return found.append(whole) }
    if let list = before as? any DumpableList, type(of: before) == type(of: after) {
      guard typedListChanges(list, after, at: path, into: &found) else {
        return found.append(whole)
      }
      return
    }
    reflected += 1
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    switch (old.displayStyle, new.displayStyle) {
    case (.optional, .optional):
      guard let wrappedOld = old.children.first?.value,
        let wrappedNew = new.children.first?.value, !isWhole(wrappedNew),
        Mirror(reflecting: wrappedNew).displayStyle == .struct
      else { return found.append(whole) }
      walk(from: wrappedOld, to: wrappedNew, at: path.appending(.unwrap), into: &found)
    case (.collection, .collection) where type(of: before) == type(of: after):
      let (oldElements, newElements) = (old.children.map(\.value), new.children.map(\.value))
      boxed += oldElements.count + newElements.count
      let shared = (zip(oldElements, newElements).prefix { Self.same($0, $1) }.count, 0)
      guard
        listChanges(
          count: (oldElements.count, newElements.count), shared: shared, at: path,
          ids: { Self.ids(before, after) }, old: { oldElements[$0] }, new: { newElements[$0] },
          into: &found)
      else { return found.append(whole) }
    case (.struct, .struct) where old.children.map(\.label) == new.children.map(\.label):
      for (old, new) in zip(old.children, new.children) {
        walk(
          from: old.value, to: new.value, at: path.appending(.property(new.label ?? "")),
          into: &found)
      }
    default:
      found.append(whole)
    }
  }

  /// A list of `Equatable` elements compared typed: its shared ends without boxing an element,
  /// then only the elements between them. False when it cannot be told as changes.
  private mutating func typedListChanges(
    _ old: any DumpableList, _ after: Any, at path: StatePath, into found: inout [Change]
  ) -> Bool {
    guard let new = after as? any DumpableList, let shared = old.dumpSharedEnds(with: after)
    else { return false }
    var taken = 0
    defer { boxed += taken }
    return listChanges(
      count: (old.dumpCount, new.dumpCount), shared: shared, at: path,
      ids: { Self.ids(old, after) },
      old: {
        taken += 1
        return old.dumpElement($0)
      },
      new: {
        taken += 1
        return new.dumpElement($0)
      },
      changed: { count in (after as? any ChangedElements)?.changedOffsets(from: old, upTo: count) },
      into: &found)
  }

  /// A list's change as an append, a removal at its end, changed elements (by id in an
  /// identified collection, whose `ids` are given, else by index); false when it is none of
  /// those. `shared` says how many elements the lists share at their start and then at their
  /// end; `old` and `new` give an element by its offset.
  private mutating func listChanges(
    count: (old: Int, new: Int), shared: (start: Int, end: Int), at path: StatePath,
    ids: () -> (old: [AnyHashable], new: [AnyHashable])?, old: (Int) -> Any,
    new: (Int) -> Any, changed: ((Int) -> [Int]?)? = nil, into found: inout [Change]
  ) -> Bool {
    if shared.start == count.old {
      found.append(
        Change(path: path, kind: .append((shared.start..<count.new).map(new), from: count.old)))
      return true
    }
    if shared.start == count.new {
      found.append(
        Change(path: path, kind: .removeLast(count.old - count.new, left: count.new)))
      return true
    }
    if let ids = ids() {
      return identifiedChanges(
        ids, at: path, old: old, new: new, changed: changed?(count.old), into: &found)
    }
    guard count.old == count.new else { return false }
    for index in shared.start..<(count.new - shared.end) {
      walk(from: old(index), to: new(index), at: path.appending(.index(index)), into: &found)
    }
    return true
  }

  /// An identified collection's change as removals by id, changes of the elements kept (by
  /// id) and appends; false when the kept elements changed order or new ones are not at the
  /// end.
  private mutating func identifiedChanges(
    _ ids: (old: [AnyHashable], new: [AnyHashable]), at path: StatePath, old: (Int) -> Any,
    new: (Int) -> Any, changed: [Int]?, into found: inout [Change]
  ) -> Bool {
    let newSet = Set(ids.new)
    let oldSet = Set(ids.old)
    let keptIDs = ids.old.filter { newSet.contains($0) }
    guard Array(ids.new.prefix(keptIDs.count)) == keptIDs,
      ids.new.dropFirst(keptIDs.count).allSatisfy({ !oldSet.contains($0) })
    else { return false }
    for id in ids.old where !newSet.contains(id) {
      found.append(Change(path: path, kind: .remove(id: id)))
    }
    var oldOffsets: [AnyHashable: Int] = [:]
    for (offset, id) in ids.old.enumerated() where newSet.contains(id) { oldOffsets[id] = offset }
    // With nothing removed the kept elements keep their offsets: those that differ are found
    // typed, and only they are taken out of the list.
    let candidates =
      keptIDs.count == ids.old.count
      ? changed ?? Array(0..<keptIDs.count) : Array(0..<keptIDs.count)
    for offset in candidates {
      let id = ids.new[offset]
      guard let before = oldOffsets[id] else { continue }
      let (was, now) = (old(before), new(offset))
      guard !Self.same(was, now) else { continue }
      walk(
        from: was, to: now, at: path.appending(.id(.value(id))),
        into: &found)
    }
    if keptIDs.count < ids.new.count {
      for offset in keptIDs.count..<ids.new.count {
        found.append(Change(path: path, kind: .append([new(offset)], from: offset)))
      }
    }
    return true
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

/// A list whose elements can be compared with another's of the same type typed, without taking
/// them out of the list: the offsets, below a count, where two lists differ.
protocol ChangedElements {
  /// The offsets below `count` where this list's element differs from `other`'s (a list of the
  /// same type, else nil). O(count), a byte compare first.
  func changedOffsets(from other: Any, upTo count: Int) -> [Int]?
}

extension IdentifiedArray: ChangedElements where Element: Equatable {
  func changedOffsets(from other: Any, upTo count: Int) -> [Int]? {
    guard let other = other as? Self, count <= self.count, count <= other.count else { return nil }
    var offsets: [Int] = []
    for offset in 0..<count {
      var (mine, theirs) = (self[offset], other[offset])
      let same = withUnsafeBytes(of: &mine) { mine in
        withUnsafeBytes(of: &theirs) { theirs in mine.elementsEqual(theirs) }
      }
      if !same, mine != theirs { offsets.append(offset) }
    }
    return offsets
  }
}
