import Foundation
import Store

/// Reads an action line's parsed fields in the order the writer wrote them, in place — no copy
/// of the line, no `String` keys — for a fast action reader (``LogActionReadable``).
///
/// ```swift
/// guard let days = reader.int("days"), reader.isComplete else { return nil }
/// return .moveDay(days)
/// ```
///
/// Each read takes the next field not read yet (the log's own `seq`, `src`, `fp` are read
/// already), if its key is the one asked for and its value is of the kind asked for; anything
/// else gives nil, and the line goes to ``LoggableAction/init(logLine:)``, which reads fields
/// by name in any order and says what is wrong. A value read here is the value `LogLine` reads
/// from the same field: both convert with the same functions (`LogLine.integerValue` and the
/// others). Bound: O(the line's length) time over all reads, no allocation but the strings
/// returned.
@usableFromInline
package struct LogFieldReader {
  let bytes: UnsafeBufferPointer<UInt8>
  let fields: UnsafeBufferPointer<LogField>
  /// Bit `n` is set once field `n` has been read.
  var used: UInt64
  /// The first field that may be unread.
  var next = 0

  package init(
    bytes: UnsafeBufferPointer<UInt8>, fields: UnsafeBufferPointer<LogField>, used: UInt64
  ) {
    self.bytes = bytes
    self.fields = fields
    self.used = used
  }

  /// Whether every field has been read: the line holds nothing the action did not take.
  package var isComplete: Bool {
    fields.count == 64 ? used == ~0 : used == (1 << UInt64(fields.count)) &- 1
  }

  /// Whether the next unread field's key is `key` (not reading it).
  package mutating func nextIs(_ key: StaticString) -> Bool {
    while next < fields.count, used & (1 << UInt64(next)) != 0 { next += 1 }
    guard next < fields.count else { return false }
    let field = fields[next]
    let start = Int(field.keyStart)
    let count = Int(field.keyEnd) - start
    return !field.keyEscaped && count == key.utf8CodeUnitCount
      && (count == 0 || memcmp(bytes.baseAddress! + start, key.utf8Start, count) == 0)
  }

  /// The next unread field, read, if its key is `key`.
  package mutating func take(_ key: StaticString) -> LogField? {
    guard nextIs(key) else { return nil }
    used |= 1 << UInt64(next)
    return fields[next]
  }

  /// The action named by the `action` field, as ``LogLine/action(in:)`` finds it.
  @inlinable
  package mutating func action<Name>(in names: LogNames<Name>) -> Name? {
    actionIndex(in: names.table).map { names.cases[$0] }
  }

  @usableFromInline
  package mutating func actionIndex(in table: LogNameTable) -> Int? {
    guard let field = take("action"), field.kind == .string, !field.valueEscaped else {
      return nil
    }
    return table.index(of: UnsafeBufferPointer(rebasing: bytes[field.valueRange]))
  }

  /// A whole number within `Int`.
  package mutating func int(_ key: StaticString) -> Int? {
    take(key).flatMap { LogLine.integerValue(bytes, $0) }
  }

  /// `true` or `false`.
  package mutating func bool(_ key: StaticString) -> Bool? {
    guard let field = take(key), field.kind == .bool else { return nil }
    return bytes[field.valueRange.lowerBound] == UInt8(ascii: "t")
  }

  /// A finite number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
  package mutating func double(_ key: StaticString) -> Double? {
    take(key).flatMap { LogLine.doubleValue(bytes, $0) }
  }

  /// A string, unescaped and valid UTF-8.
  package mutating func string(_ key: StaticString) -> String? {
    take(key).flatMap { LogLine.textValue(bytes, $0) }
  }

  /// An instant: ``LogDate`` text or a finite number of seconds since 2001.
  package mutating func date(_ key: StaticString) -> Date? {
    guard let field = take(key) else { return nil }
    switch field.kind {
    case .string: return LogLine.dateValue(bytes, field)
    case .integer, .number:
      return LogLine.doubleValue(bytes, field).map(Date.init(timeIntervalSinceReferenceDate:))
    default: return nil
    }
  }

  /// An optional string the writer leaves out when nil: `.some(nil)` when the next field is
  /// not `key`, `.some(text)` when it is a string, nil (give up) when it is anything else.
  package mutating func optionalString(_ key: StaticString) -> String?? {
    guard nextIs(key) else { return .some(nil) }
    return string(key).map { .some($0) }
  }

  /// An optional whole number, as ``optionalString(_:)`` reads an optional string.
  package mutating func optionalInt(_ key: StaticString) -> Int?? {
    guard nextIs(key) else { return .some(nil) }
    return int(key).map { .some($0) }
  }
}
