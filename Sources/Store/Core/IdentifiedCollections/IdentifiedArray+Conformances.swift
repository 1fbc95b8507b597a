extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// The listed elements; two with the same id stop the program.
  ///
  /// ```swift
  /// let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "milk")]
  /// ```
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both hold equal elements in the same order: O(n).
  ///
  /// ```swift
  /// IdentifiedArrayOf<Row>() == []   // true
  /// ```
  ///
  /// Inlinable, so that it runs specialised for the element type where it is called (a screen
  /// that compares its part of the state after every action); unspecialised, every element's
  /// comparison would go through the generic witness tables.
  @inlinable
  public static func == (left: Self, right: Self) -> Bool {
    if left.idsVersion == right.idsVersion, left.slots.count == right.slots.count,
      left.slots.withUnsafeBufferPointer({ l in
        right.slots.withUnsafeBufferPointer { r in l.baseAddress == r.baseAddress }
      })
    {
      return true  // the same storage
    }
    return left.count == right.count && left.elementsEqual(right)
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order: O(n).
  ///
  /// ```swift
  /// let unique: Set<IdentifiedArrayOf<Row>> = [rows, rows]   // one member
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for element in self { hasher.combine(element) }
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as a plain array — the same JSON as `[Element]`.
  ///
  /// ```swift
  /// let json = try JSONEncoder().encode(rows)   // [{"id":1,"title":"milk"}]
  /// ```
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self { try container.encode(element) }
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes a plain array of elements; a repeated id throws `DecodingError.dataCorrupted`
  /// naming the id and both offsets.
  ///
  /// ```swift
  /// let rows = try JSONDecoder().decode(IdentifiedArrayOf<Row>.self, from: json)
  /// ```
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      let (inserted, first) = append(element)
      if !inserted {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: container.codingPath + [OffsetKey(count)],
            debugDescription: Self.duplicateMessage(element.id, first: first, at: count)))
      }
    }
  }

  /// The message of a repeated id found while decoding.
  static func duplicateMessage(_ id: ID, first: Int, at offset: Int) -> String {
    "The id \(id) appears twice, at offsets \(first) and \(offset), and an IdentifiedArray "
      + "holds one element per id. To fix, give each element its own id, or decode a plain "
      + "array and merge the elements that share one."
  }
}

/// The coding key of an element of an unkeyed container: its offset.
private struct OffsetKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(intValue ?? 0)" }

  init(_ offset: Int) {
    intValue = offset
  }

  init?(stringValue: String) { nil }

  init?(intValue: Int) {
    self.intValue = intValue
  }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The elements as an array writes them: `[Row(id: 1, title: "milk")]`.
  ///
  /// ```swift
  /// print(rows)
  /// ```
  public var description: String { Array(self).description }

  /// The type and its elements: `IdentifiedArray<Row>([…])`.
  ///
  /// ```swift
  /// debugPrint(rows)
  /// ```
  public var debugDescription: String {
    "IdentifiedArray<\(Element.self)>(\(Array(self).debugDescription))"
  }

  /// The elements, shown as a collection (diffs and dumps show them as they would an array).
  ///
  /// ```swift
  /// Mirror(reflecting: rows).displayStyle   // .collection
  /// ```
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
  }
}

/// A collection whose elements are found by id, seen without its generic parameters: how code
/// that writes Swift from values (an emitted test) says `rows[id: 2]?.title = …` and
/// `rows.remove(id: 1)` rather than replacing the whole collection.
package protocol IdentifiedElements {
  /// The elements' ids, in order.
  var elementIDs: [AnyHashable] { get }
}

extension IdentifiedArray: IdentifiedElements {
  package var elementIDs: [AnyHashable] { map { AnyHashable($0.id) } }
}
