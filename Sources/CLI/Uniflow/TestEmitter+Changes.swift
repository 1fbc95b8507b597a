import Features
import Store

/// The state changes an emitted test asserts, step after step, and what finding them cost: the
/// assignments that turn one state into the next, found by walking only the path to what
/// changed.
///
/// ```swift
/// var changes = StateChanges()
/// changes.assignments(from: before, to: after, path: "$0")
/// // ["$0.clock.dayOffset = 1", "$0.dog.dogs.append(Dog(name: \"bella\", …))"]
/// changes.reflected   // 3: AppState, DogState … the structs on the way
/// ```
///
/// What it writes: one assignment per changed field of a struct, at the deepest struct level; a
/// list that grew or shrank at its end as an `append` or a `removeLast`, one of the same length
/// as its changed elements; anything else (an enum, a date) assigned whole.
///
/// **Bound.** Per step, for a state whose lists (on the path to what changed) hold P elements
/// and a change of C elements: `==` on the parts along the changed path (each O(P) when it holds
/// the list, O(1) when the list's storage is shared, as for a step that left it alone); the
/// list's ends compared typed, a byte compare first (O(P), like the reducer's own copy of the
/// list when the state before it is kept); `Mirror` only on the structs along the path and on
/// the C elements that changed (``reflected``, ``boxed``); output proportional to what changed
/// (plus the path), never to the whole value: a session that adopts N dogs emits N appends.
struct StateChanges {
  /// Parts walked with `Mirror` so far: the structs along the changed paths, and any list the
  /// typed compare cannot take (elements that are not `Equatable`).
  private(set) var reflected = 0
  /// List elements taken out of their list (to be compared one by one or written): those
  /// between the ends the two lists share.
  private(set) var boxed = 0

  /// The assignments that turn `before` into `after`, at `path` (`$0` for a whole state).
  mutating func assignments(from before: Any, to after: Any, path: String) -> [String] {
    guard !Self.same(before, after) else { return [] }
    if let list = before as? any DumpableList, type(of: before) == type(of: after) {
      return typedListChanges(list, after, path: path)
        ?? ["\(path) = \(TestEmitter.literal(after))"]
    }
    reflected += 1
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    if old.displayStyle == .collection, new.displayStyle == .collection,
      type(of: before) == type(of: after)
    {
      let (oldElements, newElements) = (old.children.map(\.value), new.children.map(\.value))
      boxed += oldElements.count + newElements.count
      return Self.listChanges(
        count: (oldElements.count, newElements.count),
        shared: Self.sharedStart(oldElements, newElements), path: path,
        old: { oldElements[$0] }, new: { newElements[$0] })
        ?? ["\(path) = \(TestEmitter.literal(after))"]
    }
    guard new.displayStyle == .struct, TestEmitter.custom(after) == nil,
      old.children.map(\.label) == new.children.map(\.label)
    else { return ["\(path) = \(TestEmitter.literal(after))"] }
    return zip(old.children, new.children).flatMap { old, new in
      assignments(from: old.value, to: new.value, path: path + "." + (new.label ?? ""))
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
    return Self.listChanges(
      count: (old.dumpCount, new.dumpCount), shared: shared, path: path,
      old: {
        taken += 1
        return old.dumpElement($0)
      },
      new: {
        taken += 1
        return new.dumpElement($0)
      })
  }

  /// A list's change as appends, a removal at its end or changed elements; nil when it is none
  /// of those. `shared` says how many elements the lists share at their start and then at their
  /// end; `old` and `new` give an element by its offset.
  private static func listChanges(
    count: (old: Int, new: Int), shared: (start: Int, end: Int), path: String,
    old: (Int) -> Any, new: (Int) -> Any
  ) -> [String]? {
    if shared.start == count.old {
      let added = (shared.start..<count.new).map { TestEmitter.literal(new($0)) }
      return added.count == 1
        ? ["\(path).append(\(added[0]))"]
        : ["\(path).append(contentsOf: [\(added.joined(separator: ", "))])"]
    }
    if shared.start == count.new { return ["\(path).removeLast(\(count.old - count.new))"] }
    guard count.old == count.new else { return nil }
    return (shared.start..<(count.new - shared.end)).compactMap { index in
      let (before, after) = (old(index), new(index))
      return Self.same(before, after) ? nil : "\(path)[\(index)] = \(TestEmitter.literal(after))"
    }
  }

  /// How many elements two boxed lists share at their start (and none counted at their end).
  private static func sharedStart(_ old: [Any], _ new: [Any]) -> (start: Int, end: Int) {
    (zip(old, new).prefix { same($0, $1) }.count, 0)
  }

  /// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
  static func same(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? any Equatable, let equal = equals(left, right) { return equal }
    return dumpLines(left) == dumpLines(right)
  }

  private static func equals<Value: Equatable>(_ left: Value, _ right: Any) -> Bool? {
    (right as? Value).map { left == $0 }
  }
}
