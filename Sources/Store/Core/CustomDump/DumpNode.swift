import Foundation

/// One piece of a dump: a line, or a part of the value (``DumpNode``) with lines of its own.
enum DumpSegment {
  case line(String)
  case node(DumpNode)

  var node: DumpNode? {
    if case .node(let node) = self { node } else { nil }
  }

  /// How many lines the piece holds.
  var count: Int {
    switch self {
    case .line: 1
    case .node(let node): node.count
    }
  }

  /// Appends the piece's lines, in order.
  func appendLines(to lines: inout [String]) {
    switch self {
    case .line(let line): lines.append(line)
    case .node(let node): for segment in node.segments { segment.appendLines(to: &lines) }
    }
  }
}

/// A part of a dumped value (a struct, a collection, a dictionary, an enum): the value, how it
/// was laid out, and its lines as pieces — its own lines and its parts. Immutable, so a later
/// dump can take a part over whole when its value is `==` to the one here.
final class DumpNode {
  /// How a part is laid out: the same value dumps to the same lines only under the same key.
  struct Key: Equatable {
    let label: String?
    let indent: String
    let trailing: String
  }

  let value: Any
  let key: Key
  let segments: [DumpSegment]
  /// Where, among ``segments``, the parts one a line each (fields, elements, entries) are.
  let children: Range<Int>
  /// How many lines the part holds.
  let count: Int
  /// The value as `Equatable`, looked up once (nil for a type that is not).
  private let equatable: (any Equatable)?

  init(value: Any, key: Key, segments: [DumpSegment], children: Range<Int>) {
    self.value = value
    self.key = key
    self.segments = segments
    self.children = children
    self.count = segments.reduce(0) { $0 + $1.count }
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

/// A list whose elements are `Equatable`, which the dump compares with the list before element
/// by element, typed, boxing only the elements it dumps. (Package: uniflow's test emitter
/// compares the lists of two states the same way.)
package protocol DumpableList {
  var dumpCount: Int { get }
  func dumpElement(_ offset: Int) -> Any
  /// How many elements this list and `other` (a list of the same type, else nil) share at their
  /// start, and then at their end.
  func dumpSharedEnds(with other: Any) -> (start: Int, end: Int)?
}

extension DumpableList where Self: RandomAccessCollection, Element: Equatable, Index == Int {
  package var dumpCount: Int { count }

  package func dumpElement(_ offset: Int) -> Any { self[startIndex + offset] }

  package func dumpSharedEnds(with other: Any) -> (start: Int, end: Int)? {
    guard let other = other as? Self else { return nil }
    return sharedEnds(ContiguousArray(self), ContiguousArray(other))
  }
}

/// How many elements `a` and `b` share at their start, and then at their end: compared through
/// buffers (a collection's own subscript, unspecialised here, costs a metadata lookup each), and
/// first byte for byte — an element a reducer left alone is a bitwise copy of the one before,
/// and dumps as it did — then, if the bytes differ, with `==`.
func sharedEnds<Element: Equatable>(
  _ a: ContiguousArray<Element>, _ b: ContiguousArray<Element>
) -> (start: Int, end: Int) {
  let stride = MemoryLayout<Element>.stride
  return a.withUnsafeBufferPointer { a in
    b.withUnsafeBufferPointer { b in
      func same(_ i: Int, _ j: Int) -> Bool {
        memcmp(a.baseAddress! + i, b.baseAddress! + j, stride) == 0 || a[i] == b[j]
      }
      let limit = Swift.min(a.count, b.count)
      var start = 0
      while start < limit, same(start, start) { start += 1 }
      var end = 0
      while end < limit - start, same(a.count - 1 - end, b.count - 1 - end) { end += 1 }
      return (start, end)
    }
  }
}

extension Array: DumpableList where Element: Equatable {}
extension ContiguousArray: DumpableList where Element: Equatable {}

extension IdentifiedArray: DumpableList where Element: Equatable {
  package func dumpSharedEnds(with other: Any) -> (start: Int, end: Int)? {
    guard let other = other as? Self else { return nil }
    // Without holes, the slots are the elements in order.
    if holes == nil, other.holes == nil { return sharedEnds(slots, other.slots) }
    return sharedEnds(ContiguousArray(self), ContiguousArray(other))
  }
}
