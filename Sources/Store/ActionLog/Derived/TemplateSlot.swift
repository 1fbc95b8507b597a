import Foundation
import Store

/// Where a template's literal — or a list of literals — lies in its value's bytes, and what
/// it is there.
///
/// ```swift
/// TemplateSlot(kind: .int, offset: 8, holes: 1)          // `id: 7`
/// TemplateSlot(kind: .stringList, offset: 0, holes: 2)   // `["Swift Talk", "Point-Free"]`
/// ```
struct TemplateSlot: Sendable {
  /// What lies at the slot: a literal of one of the types the decoder reads from a number or
  /// a string as they are written, or an array of them (its storage's reference).
  enum Kind: UInt8, Sendable, CaseIterable {
    case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64
    case double, float, string
    /// A `Date`: its ISO 8601 text, or seconds since 2001 (a `Double` in the value's bytes).
    case date
    case stringList, intList, doubleList

    /// The literal type of the kind, or of a list's elements.
    var literal: Kind {
      switch self {
      case .stringList: .string
      case .intList: .int
      case .doubleList: .double
      default: self
      }
    }

    var isList: Bool { self == .stringList || self == .intList || self == .doubleList }

    /// The kind of a literal the decoder read as `type`; nil for any other type.
    init?(literal type: Any.Type) {
      let kinds: [(Any.Type, Kind)] = [
        (Int.self, .int), (Int8.self, .int8), (Int16.self, .int16), (Int32.self, .int32),
        (Int64.self, .int64), (UInt.self, .uint), (UInt8.self, .uint8), (UInt16.self, .uint16),
        (UInt32.self, .uint32), (UInt64.self, .uint64), (Double.self, .double),
        (Float.self, .float), (String.self, .string), (Date.self, .date),
      ]
      guard let kind = kinds.first(where: { $0.0 == type })?.1 else { return nil }
      self = kind
    }

    /// The kind of a list the decoder made as `value`; nil for any other value.
    init?(list value: Any) {
      switch value {
      case is [String]: self = .stringList
      case is [Int]: self = .intList
      case is [Double]: self = .doubleList
      default: return nil
      }
    }
  }

  var kind: Kind
  /// The byte offset in the value.
  var offset: Int
  /// How many of the line's literals it takes: 1, or a list's elements.
  var holes: Int

  /// Writes the literals of `bytes` at `shape`'s holes `first…` into the slot of the value at
  /// `base`; false, with nothing written, when one does not read as the decoder would read it
  /// (the line is then read by `init(from:)`).
  ///
  /// Safe: the slot is where learning found a whole value of the kind, stored as its own bytes
  /// at an offset aligned for it; a `String` or an array is assigned through a typed pointer,
  /// which releases the one there and retains the new one.
  func write(
    _ bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape, from first: Int,
    into base: UnsafeMutableRawPointer
  ) -> Bool {
    let at = base + offset
    switch kind {
    case .int: return Self.store(Int.self, bytes, shape.holes[first], at)
    case .int8: return Self.store(Int8.self, bytes, shape.holes[first], at)
    case .int16: return Self.store(Int16.self, bytes, shape.holes[first], at)
    case .int32: return Self.store(Int32.self, bytes, shape.holes[first], at)
    case .int64: return Self.store(Int64.self, bytes, shape.holes[first], at)
    case .uint: return Self.store(UInt.self, bytes, shape.holes[first], at)
    case .uint8: return Self.store(UInt8.self, bytes, shape.holes[first], at)
    case .uint16: return Self.store(UInt16.self, bytes, shape.holes[first], at)
    case .uint32: return Self.store(UInt32.self, bytes, shape.holes[first], at)
    case .uint64: return Self.store(UInt64.self, bytes, shape.holes[first], at)
    case .double:
      guard let value = TemplateLiteral.double(bytes, shape.holes[first]) else { return false }
      at.storeBytes(of: value, as: Double.self)
    case .float:
      guard let value = TemplateLiteral.double(bytes, shape.holes[first]) else { return false }
      at.storeBytes(of: Float(value), as: Float.self)
    case .date:
      guard let value = TemplateLiteral.date(bytes, shape.holes[first]) else { return false }
      at.storeBytes(of: value, as: Double.self)
    case .string:
      guard let value = TemplateLiteral.string(bytes, shape.holes[first]) else { return false }
      at.assumingMemoryBound(to: String.self).pointee = value
    case .stringList:
      guard let list = list(bytes, shape, first, TemplateLiteral.string) else { return false }
      at.assumingMemoryBound(to: [String].self).pointee = list
    case .intList:
      guard let list: [Int] = list(bytes, shape, first, TemplateLiteral.integer) else {
        return false
      }
      at.assumingMemoryBound(to: [Int].self).pointee = list
    case .doubleList:
      guard let list = list(bytes, shape, first, TemplateLiteral.double) else { return false }
      at.assumingMemoryBound(to: [Double].self).pointee = list
    }
    return true
  }

  private static func store<I: FixedWidthInteger>(
    _: I.Type, _ bytes: UnsafeBufferPointer<UInt8>, _ hole: LineShape.Hole,
    _ at: UnsafeMutableRawPointer
  ) -> Bool {
    guard let value: I = TemplateLiteral.integer(bytes, hole) else { return false }
    at.storeBytes(of: value, as: I.self)
    return true
  }

  private func list<Element>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ shape: LineShape, _ first: Int,
    _ read: (UnsafeBufferPointer<UInt8>, LineShape.Hole) -> Element?
  ) -> [Element]? {
    var list: [Element] = []
    list.reserveCapacity(holes)
    for index in first..<(first + holes) {
      guard let element = read(bytes, shape.holes[index]) else { return nil }
      list.append(element)
    }
    return list
  }
}

/// A literal of a line read as ``ValueSyntaxDecoder`` reads it, from the line's bytes; nil for
/// what it would read otherwise or refuse (the line then goes to it).
enum TemplateLiteral {
  /// A whole number of type `I` (digits, a leading `-`, `_` between digits), nil when it does
  /// not fit.
  static func integer<I: FixedWidthInteger>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ hole: LineShape.Hole
  ) -> I? {
    guard hole.kind == .number else { return nil }
    var value: I = 0
    var negative = false
    for index in hole.range {
      let byte = bytes[index]
      if byte == UInt8(ascii: "-") {
        negative = true
        continue
      }
      if byte == UInt8(ascii: "_") { continue }
      let digit = I(truncatingIfNeeded: byte &- UInt8(ascii: "0"))
      let (times, overflowed) = value.multipliedReportingOverflow(by: 10)
      let (next, overflowedAgain) =
        negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      guard !overflowed, !overflowedAgain else { return nil }
      value = next
    }
    return value
  }

  /// A finite `Double`: digits as JSON writes them through the fast reader of log values,
  /// anything else (`_`) as `Double(String)` reads it, which is what the decoder does.
  static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ hole: LineShape.Hole) -> Double? {
    guard hole.kind == .number || hole.kind == .decimal else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[hole.range])
    let value: Double?
    if isPlainNumber(text) {
      value = LogLine.decimal(text)
    } else {
      var written = String(decoding: text, as: UTF8.self)
      written.removeAll { $0 == "_" }
      value = Double(written)
    }
    guard let value, value.isFinite else { return nil }
    return value
  }

  /// Whether `text` is `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?`, the grammar `LogLine.decimal`
  /// takes.
  static func isPlainNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = text.count
    func digits() -> Bool {
      let start = index
      while index < count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      return index > start
    }
    if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
    guard digits() else { return false }
    if index < count, text[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() else { return false }
    }
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
        index += 1
      }
      guard digits() else { return false }
    }
    return index == count
  }

  /// A string's value, its escapes decoded as the syntax's parser decodes them; nil for one it
  /// would refuse.
  static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ hole: LineShape.Hole) -> String? {
    let range = (hole.range.lowerBound + 1)..<(hole.range.upperBound - 1)
    switch hole.kind {
    case .string:
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    case .escapedString:
      let text = Array(bytes[hole.range])
      guard let syntax = try? ValueSyntax(text), syntax.nodes.first?.kind == .string else {
        return nil
      }
      return syntax.string(at: 0)
    default:
      return nil
    }
  }

  /// An instant's seconds since 2001: ``LogDate`` text, or a number of seconds.
  static func date(_ bytes: UnsafeBufferPointer<UInt8>, _ hole: LineShape.Hole) -> Double? {
    switch hole.kind {
    case .string:
      let range = (hole.range.lowerBound + 1)..<(hole.range.upperBound - 1)
      return LogDate.parse(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[range])))?
        .timeIntervalSinceReferenceDate
    case .number, .decimal:
      return double(bytes, hole)
    case .escapedString:
      return nil
    }
  }
}
