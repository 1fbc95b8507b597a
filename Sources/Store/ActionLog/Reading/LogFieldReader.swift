import Foundation
import Store

/// Reads an action line straight from its bytes, field after field in the order the recorder
/// writes them — no field table, no copy of the line, no `String` keys — for a fast action
/// reader (``LogActionReadable``).
///
/// ```swift
/// guard var reader = LogFieldReader(usualLine: bytes, after: lastSeq),
///   reader.action(in: logNames) == .moveDay, let days = reader.int("days"), reader.isComplete
/// else { return nil }   // the line goes to the general parser and `init(logLine:)`
/// ```
///
/// The recorder writes an action line as `{"seq":N,"src":"…","action":"…",` then the action's
/// fields as `"key":value` separated by commas, then `"fp":"…"}`, with no spaces. This reader
/// takes exactly that and nothing else: each read takes the next field if its key is the one
/// asked for, written plainly, and its value of the kind asked for; anything else — a space, a
/// field out of order, an escaped key, a `null`, a field left over (``isComplete``) — gives nil,
/// and the line goes to ``LogLine`` and ``LoggableAction/init(logLine:)``, which read fields by
/// name in any order and say what is wrong. Every value is checked against JSON's grammar by
/// the parser's own routines, and converted by the same functions `LogLine` uses
/// (`LogLine.integerValue` and the others), so a line it reads whole is one the general path
/// reads the same. Bound: one pass over the line's bytes, no allocation but the strings
/// returned.
@usableFromInline
package struct LogFieldReader {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  /// Where the next field begins: at the `,` before it, or the line's `{`.
  @usableFromInline var position: Int
  /// Where the fields end: at the line's `}`, or at the `,` before the recorder's `"fp"`.
  @usableFromInline let end: Int
  /// The line's `seq`, when read by ``init(usualLine:after:)``.
  package private(set) var seq = 0
  /// The line's `src`, when read by ``init(usualLine:after:)``.
  package private(set) var origin = ActionOrigin.sent
  /// The `action` field's plain text, found by ``init(usualLine:after:)`` right after `src`;
  /// set to nil when ``actionIndex(in:)`` reads it.
  @usableFromInline var actionName: Range<Int>?

  /// A reader of the fields of the object `bytes` holds, from its first (for tests and checks
  /// of single fields); nil unless `bytes` begins with `{`.
  package init?(fieldsOf bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.first == UInt8(ascii: "{") else { return nil }
    self.bytes = bytes
    position = 0
    end = bytes.count - 1
  }

  /// A reader of an action line of the recorder's usual shape, having read its `seq` — one more
  /// than `lastSeq` (nil: any) — and its `src`, and found its `action` (which
  /// ``action(in:)`` reads); nil for any other line (see ``FlatJSONParser/usualStart(into:)``).
  package init?(usualLine bytes: UnsafeBufferPointer<UInt8>, after lastSeq: Int?) {
    // `{"seq":` and at least 8 bytes after it, read a word at a time.
    guard bytes.count >= 32, let base = bytes.baseAddress else { return nil }
    let raw = UnsafeRawPointer(base)
    func word(_ offset: Int) -> UInt64 {
      UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }
    let low7: UInt64 = (1 << 56) - 1
    guard word(0) & low7 == Self.openingSeq else { return nil }
    // seq: 0, or 1…9 then digits, at most 18 of them.
    var position = 7
    let first = base[position] &- UInt8(ascii: "0")
    var seq = Int(first)
    position += 1
    if first != 0 {
      guard first < 10 else { return nil }
      while position < bytes.count, base[position] &- UInt8(ascii: "0") < 10 {
        seq = seq &* 10 &+ Int(base[position] &- UInt8(ascii: "0"))
        position += 1
      }
      guard position - 7 <= 18 else { return nil }
    }
    if let lastSeq, lastSeq == Int.max || seq != lastSeq + 1 { return nil }
    // `,"src":"` then `sent"` or `effect"`, then a `,` (eight bytes at least are left: the line
    // ends with `}` at the earliest 17 bytes later).
    guard position + 24 <= bytes.count, word(position) == FlatJSONParser.sourceKey else {
      return nil
    }
    position += 8
    let source = word(position)
    if source & ((1 << 48) - 1) == Self.sentThenComma {
      origin = .sent
      position += 5
    } else if source == Self.effectThenComma {
      origin = .effect
      position += 7
    } else {
      return nil
    }
    self.bytes = bytes
    self.seq = seq
    (fingerprint, end) = Self.ending(bytes)
    // `,"action":"…"` in plain text, then the next field's `,` or the end of the fields.
    let head = position
    if FlatJSONParser.starts(bytes, &position, FlatJSONParser.actionKey, 8),
      FlatJSONParser.starts(bytes, &position, FlatJSONParser.actionKeyEnd, 3),
      let name = FlatJSONParser.plain(bytes, &position), position <= end,
      position == end || bytes[position] == UInt8(ascii: ",")
    {
      actionName = name
      self.position = position
    } else {
      self.position = head
    }
  }

  /// Where a usual line's fields stand once ``init(usualLine:after:)`` has read its head: kept
  /// with the line's bytes so another thread can read its action without reading the head
  /// again (``init(bytes:resuming:)``).
  package struct Head: Sendable {
    var position: Int32
    var end: Int32
    /// The action's name, or -1 and -1 when the head did not find it.
    var actionStart: Int32
    var actionEnd: Int32
  }

  /// This reader's head, for ``init(bytes:resuming:)``.
  package var head: Head {
    Head(
      position: Int32(position), end: Int32(end),
      actionStart: Int32(actionName?.lowerBound ?? -1),
      actionEnd: Int32(actionName?.upperBound ?? -1))
  }

  /// A reader of the usual line `bytes` whose head ``init(usualLine:after:)`` read before (its
  /// ``head``), standing where that reader stood; its seq, origin and fingerprint are not kept.
  package init(bytes: UnsafeBufferPointer<UInt8>, resuming head: Head) {
    self.bytes = bytes
    position = Int(head.position)
    end = Int(head.end)
    if head.actionStart >= 0 { actionName = Int(head.actionStart)..<Int(head.actionEnd) }
  }

  /// `{"seq":`, `sent",` and `effect",` as little-endian words, the first byte lowest.
  static let openingSeq: UInt64 = 0x3A_2271_6573_227B
  static let sentThenComma: UInt64 = 0x2C22_746E_6573
  static let effectThenComma: UInt64 = 0x2C22_7463_6566_6665

  /// The state fingerprint ending the line — `,"fp":"…"}` with 16 lowercase hexadecimal
  /// digits, the recorder's last field — and where the fields before it end; or nil and the
  /// line's last byte.
  private static func ending(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64?, Int) {
    let length = 25  // ,"fp":"0123456789abcdef"}
    let last = bytes.count - 1
    guard bytes.count > length, let base = bytes.baseAddress else { return (nil, last) }
    let start = base + bytes.count - length
    let opening = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    guard opening & ((1 << 56) - 1) == Self.fingerprintKey, start[23] == UInt8(ascii: "\""),
      start[24] == UInt8(ascii: "}"),
      let fingerprint = LogLine.hexWord(bytes.count - 18..<bytes.count - 2, base)
    else { return (nil, last) }
    return (fingerprint, bytes.count - length)
  }

  /// `,"fp":"` as a little-endian word, the first byte lowest.
  static let fingerprintKey: UInt64 = 0x22_3A22_7066_222C

  /// The recorder's state fingerprint ending a usual line (``init(usualLine:after:)``), if it
  /// has one: `,"fp":"…"}` with 16 lowercase hexadecimal digits.
  @usableFromInline package private(set) var fingerprint: UInt64?

  /// Whether every field has been read: what is left of the line is its end, `}`, or the
  /// recorder's state fingerprint and then the end (see ``fingerprint``).
  ///
  /// Asked of the bytes, not of ``fingerprint``, so that a reader resuming another's head
  /// (``init(bytes:resuming:)``), which keeps no fingerprint, answers the same: the fields end
  /// before the line's last byte only where the head found the fingerprint.
  @inlinable
  package var isComplete: Bool {
    position == end && actionName == nil
      && (end != bytes.count - 1 || bytes[end] == UInt8(ascii: "}"))
  }

  /// Whether the next field's key is `key`, written plainly (not reading it).
  @inlinable @inline(__always)
  package func nextIs(_ key: StaticString) -> Bool {
    let count = key.utf8CodeUnitCount
    guard position + count + 4 <= end, let base = bytes.baseAddress else { return false }
    let separator = base[position]
    guard separator == UInt8(ascii: ",") || separator == UInt8(ascii: "{") && position == 0,
      base[position + 1] == UInt8(ascii: "\""), base[position + 2 + count] == UInt8(ascii: "\""),
      base[position + 3 + count] == UInt8(ascii: ":")
    else { return false }
    return Self.same(UnsafeRawPointer(base + position + 2), key)
  }

  /// Whether the `key.utf8CodeUnitCount` bytes at `line` are those of `key`: compared a word at
  /// a time, the last word overlapping the one before it rather than byte by byte, and never
  /// reading past the end of either.
  @inlinable @inline(__always)
  static func same(_ line: UnsafeRawPointer, _ key: StaticString) -> Bool {
    let count = key.utf8CodeUnitCount
    let wanted = UnsafeRawPointer(key.utf8Start)
    func equal<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      line.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == wanted.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    switch count {
    case 0: return true
    case 1: return equal(UInt8.self, at: 0)
    case 2..<4: return equal(UInt16.self, at: 0) && equal(UInt16.self, at: count - 2)
    case 4..<8: return equal(UInt32.self, at: 0) && equal(UInt32.self, at: count - 4)
    default:
      var offset = 0
      while offset + 8 < count {
        guard equal(UInt64.self, at: offset) else { return false }
        offset += 8
      }
      return equal(UInt64.self, at: count - 8)
    }
  }

  /// The next field, read, if its key is `key`: its value checked against JSON's grammar —
  /// here for a plain string or a whole number, else by the parser's own `value()` — and
  /// followed by a `,` or the `}` that ends the fields; a `null` is not taken.
  @inlinable @inline(__always)
  mutating func take(_ key: StaticString) -> LogField? {
    guard nextIs(key), let base = bytes.baseAddress else { return nil }
    let keyStart = position + 2
    let keyEnd = keyStart + key.utf8CodeUnitCount
    let start = keyEnd + 2
    var kind = LogField.Kind.string
    var valueStart = start
    var valueEnd = start
    var escaped = false
    var after = start
    let first = base[start]
    if first == UInt8(ascii: "\"") {
      // Plain text up to the closing quote: eight bytes at a time, then byte by byte.
      var index = FlatJSONParser.plainText(in: bytes, from: start + 1)
      while index < end, base[index] != UInt8(ascii: "\""), base[index] != UInt8(ascii: "\\"),
        base[index] >= 0x20
      {
        index += 1
      }
      if index < end, base[index] == UInt8(ascii: "\"") {
        (valueStart, valueEnd, after) = (start + 1, index, index + 1)
      }
    } else if first &- UInt8(ascii: "0") < 10 || first == UInt8(ascii: "-") {
      // -?(0|[1-9][0-9]*), then a fraction .[0-9]+ or nothing, and no exponent after it.
      var index = first == UInt8(ascii: "-") ? start + 1 : start
      let digits = index
      while index < end, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
      var fractionDigits = 0
      if index > digits, index < end, base[index] == UInt8(ascii: ".") {
        let point = index
        index += 1
        while index < end, base[index] &- UInt8(ascii: "0") < 10 { index += 1 }
        fractionDigits = index - point - 1
        if fractionDigits == 0 { index = digits }  // `1.` is not a number: the parser says so
      }
      if index > digits, base[digits] != UInt8(ascii: "0") || base[digits + 1] &- 0x30 >= 10,
        base[index] != UInt8(ascii: "."), base[index] | 0x20 != UInt8(ascii: "e")
      {
        (kind, valueEnd, after) = (fractionDigits > 0 ? .number : .integer, index, index)
      }
    }
    if after == start {
      // Anything else: an escaped string, a fraction, true, false — as the parser reads it.
      var parser = FlatJSONParser(bytes: bytes, index: start)
      guard let (parsedKind, value) = try? parser.value(), parsedKind != .null else { return nil }
      (kind, valueStart, valueEnd, escaped, after) = (
        parsedKind, value.start, value.end, value.escaped, parser.index
      )
    }
    guard after <= end, base[after] == UInt8(ascii: ",") || after == end else { return nil }
    position = after
    return LogField(
      keyStart: Int32(keyStart), keyEnd: Int32(keyEnd), valueStart: Int32(valueStart),
      valueEnd: Int32(valueEnd), kind: kind, keyEscaped: false, valueEscaped: escaped)
  }

  /// The action named by the `action` field, as ``LogLine/action(in:)`` finds it.
  @inlinable
  package mutating func action<Name>(in names: LogNames<Name>) -> Name? {
    actionIndex(in: names.table).map { names.cases[$0] }
  }

  @inlinable
  package mutating func actionIndex(in table: LogNameTable) -> Int? {
    if let name = actionName {
      actionName = nil
      return table.index(of: UnsafeBufferPointer(rebasing: bytes[name]))
    }
    guard let field = take("action"), field.kind == .string, !field.valueEscaped else {
      return nil
    }
    return table.index(of: UnsafeBufferPointer(rebasing: bytes[field.valueRange]))
  }

  /// A whole number within `Int`.
  @inlinable
  package mutating func int(_ key: StaticString) -> Int? {
    take(key).flatMap { LogLine.integerValue(bytes, $0) }
  }

  /// `true` or `false`.
  @inlinable
  package mutating func bool(_ key: StaticString) -> Bool? {
    guard let field = take(key), field.kind == .bool else { return nil }
    return bytes[field.valueRange.lowerBound] == UInt8(ascii: "t")
  }

  /// A finite number, or `"NaN"`, `"Infinity"`, `"-Infinity"`.
  @inlinable
  package mutating func double(_ key: StaticString) -> Double? {
    take(key).flatMap { LogLine.doubleValue(bytes, $0) }
  }

  /// A string, unescaped and valid UTF-8.
  @inlinable
  package mutating func string(_ key: StaticString) -> String? {
    take(key).flatMap { LogLine.textValue(bytes, $0) }
  }

  /// An instant: ``LogDate`` text or a finite number of seconds since 2001.
  @inlinable
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
  @inlinable
  package mutating func optionalString(_ key: StaticString) -> String?? {
    guard nextIs(key) else { return .some(nil) }
    return string(key).map { .some($0) }
  }

  /// An optional whole number, as ``optionalString(_:)`` reads an optional string.
  @inlinable
  package mutating func optionalInt(_ key: StaticString) -> Int?? {
    guard nextIs(key) else { return .some(nil) }
    return int(key).map { .some($0) }
  }
}
