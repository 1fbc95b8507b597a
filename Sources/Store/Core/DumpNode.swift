/// What a memoised dump remembers of one part of a value (a struct, a collection, a dictionary,
/// an enum): the value, where and how it was laid out, how many lines it took, and its own parts.
///
/// A later dump copies the lines of a part whose value is `==` to the one remembered in the same
/// place (``StateDumper``), instead of walking it with `Mirror` again.
final class DumpNode {
  /// How a part is laid out: the same value dumps to the same lines only under the same key.
  struct Key: Equatable {
    let label: String?
    let indent: String
    let trailing: String
  }

  let value: Any
  let key: Key
  /// How many lines the part took.
  let count: Int
  /// Its parts in order, each with its first line's offset from this one's; nil for a part
  /// written on one line (nothing to remember).
  let parts: [(offset: Int, node: DumpNode?)]

  /// The value as `Equatable`, looked up once (nil for a type that is not).
  private let equatable: (any Equatable)?

  init(value: Any, key: Key, count: Int, parts: [(offset: Int, node: DumpNode?)]) {
    self.value = value
    self.key = key
    self.count = count
    self.parts = parts
    self.equatable = value as? any Equatable
  }

  /// Whether `other` is of the same type as the remembered value and `==` to it. False for a
  /// type that is not `Equatable`: its parts are then compared one by one.
  func holds(_ other: Any) -> Bool {
    guard let equatable, type(of: other) == type(of: value) else { return false }
    return equatable.isEqual(to: other)
  }
}

extension Equatable {
  /// Whether `other` is a `Self` equal to this value.
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// Dumps a sequence of values — each state of a replay, one after the other — as
/// ``dumpLines(_:)`` does, walking only what changed since the value before.
///
/// ```swift
/// var dumper = StateDumper()
/// let before = dumper.lines(of: state)
/// reducer.reduce(into: &state, action: action)
/// print(lineDiff(expected: before, actual: dumper.lines(of: state)))
/// ```
///
/// Each part of a value (a struct, a collection, a dictionary, an enum) is remembered with its
/// lines; in the next value, a part that is `==` to the one in the same place (for a collection
/// whose count changed, in the same place from either end) has its lines copied instead of being
/// walked with `Mirror`. The lines are always exactly `dumpLines(value)`'s, provided `==` tells
/// apart every value that dumps differently (the console's states are compared with it already:
/// an action after which `==` holds shows no change).
///
/// **Bounds.** For a value of L lines of which a part of C lines changed, O(L) to copy lines and
/// compare the remembered parts along the changed path (each `==` is the type's own, usually
/// O(1) for storage that did not change) and O(C) `Mirror` work; memory O(L) for the lines and
/// the parts of the last value.
package struct StateDumper {
  private var last: (lines: [String], node: DumpNode?)?
  /// How many parts the last dump walked with `Mirror` (the rest were copied).
  package private(set) var reflected = 0

  package init() {}

  /// `value`'s lines, as ``dumpLines(_:)`` writes them.
  package mutating func lines(of value: Any) -> [String] {
    var dumper = Dumper(memo: last?.lines ?? [])
    let previous = last.flatMap { last in last.node.map { (node: $0, start: 0) } }
    let node = dumper.dump(value, label: nil, indent: "", trailing: "", previous: previous)
    last = (dumper.lines, node)
    reflected = dumper.reflected
    return dumper.lines
  }
}
