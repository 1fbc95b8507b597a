import Foundation
import Store

/// The one fast path of the log's reading: an action line read straight from its bytes, where
/// they lie, field after field in the order the recorder writes them — no field table, no copy
/// of the line. Every ``LoggableAction`` is read through it: ``LogLine``'s reads by name take
/// the next field from here while the line is read in place (``LogLine/readInPlace(_:into:)``),
/// and anything this reader is not sure of sends the whole line to the parser
/// (``FlatJSONParser``) and `init(logLine:)` again, which say what is wrong.
///
/// ```swift
/// guard var reader = LogFieldReader(usualLine: bytes, after: lastSeq),
///   let days = reader.take(key), reader.isComplete
/// else { return nil }   // the line goes to the parser
/// ```
///
/// The recorder writes an action line as `{"seq":N,"src":"…","action":"…",` then the action's
/// fields as `"key":value` separated by commas, then `"fp":"…"}`, with no spaces. This reader
/// takes exactly that: each read takes the next field if its key is the one asked for, written
/// plainly, and its value checked against JSON's grammar by the parser's own routines; anything
/// else — a space, a field out of order, an escaped key, a `null`, a field left over
/// (``isComplete``), a byte after the closing `}` — gives nil. Values are converted by the
/// functions `LogLine`'s parsed reads use (`LogLine.integerValue` and the others), so a line read
/// whole here is one the parser reads the same. Bound: one pass over the line's bytes, no
/// allocation but the strings returned.
@usableFromInline
package struct LogFieldReader {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  /// Where the next field begins: at the `,` before it.
  @usableFromInline var position: Int
  /// Where the fields end: at the line's closing `}`, or at the `,` before the recorder's
  /// `"fp"` that ends the line.
  @usableFromInline let end: Int
  /// The line's `seq`, when read by ``init(usualLine:after:)``.
  package private(set) var seq = 0
  /// The line's `src`, when read by ``init(usualLine:after:)``.
  package private(set) var origin = ActionOrigin.sent
  /// The `action` field's plain text, found right after `src`; nil once read, or when the head
  /// did not find it there.
  @usableFromInline var actionName: Range<Int>?
  /// The recorder's state fingerprint ending the line (`,"fp":"…"}` with 16 lowercase
  /// hexadecimal digits), if it has one there. A line whose fields are all read in place
  /// (``isComplete``) has no other `fp`; any other line goes to the parser, which finds its
  /// `fp` wherever it stands.
  package private(set) var fingerprint: UInt64?

  /// A reader of an action line of the recorder's usual shape, having read its `seq` — one more
  /// than `lastSeq` (nil: any) — and its `src`, and found its `action`; nil for any other line
  /// (a space, an escape, a sign, a leading zero, a byte after the closing `}`).
  ///
  /// With `causes` (a log with ``LogRecords/causes``), a `"cause"` field just before the
  /// fingerprint is the cursor's, not the action's: the fields end before it, and a cause that
  /// does not read as one leaves the line to the parser, which reports it.
  package init?(
    usualLine bytes: UnsafeBufferPointer<UInt8>, after lastSeq: Int?, causes: Bool = false
  ) {
    // `{"seq":` and at least 8 bytes after it, read a word at a time.
    guard bytes.count >= 32, let base = bytes.baseAddress,
      base[bytes.count - 1] == UInt8(ascii: "}")
    else { return nil }
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
    guard position + 24 <= bytes.count, word(position) == Self.sourceKey else { return nil }
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
    var (fingerprint, end) = Self.ending(bytes)
    if causes {
      guard let fieldsEnd = Self.causeStart(bytes, end: end) else { return nil }
      end = fieldsEnd
    }
    (self.fingerprint, self.end) = (fingerprint, end)
    // `,"action":"…"` in plain text, then the next field's `,` or the end of the fields.
    let head = position
    if Self.starts(bytes, &position, Self.actionKey, 8),
      Self.starts(bytes, &position, Self.actionKeyEnd, 3),
      let name = Self.plain(bytes, &position), position <= end,
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
  /// ``head``), standing where that reader stood, with the fingerprint it found.
  package init(bytes: UnsafeBufferPointer<UInt8>, resuming head: Head, fingerprint: UInt64?) {
    self.bytes = bytes
    position = Int(head.position)
    end = Int(head.end)
    self.fingerprint = fingerprint
    if head.actionStart >= 0 { actionName = Int(head.actionStart)..<Int(head.actionEnd) }
  }

  /// `{"seq":`, `,"src":"`, `sent",`, `effect",`, `,"action` and `":"` as little-endian words,
  /// the first byte lowest.
  static let openingSeq: UInt64 = 0x3A_2271_6573_227B
  static let sourceKey: UInt64 = 0x223A_2263_7273_222C
  static let sentThenComma: UInt64 = 0x2C22_746E_6573
  static let effectThenComma: UInt64 = 0x2C22_7463_6566_6665
  static let actionKey: UInt64 = 0x6E6F_6974_6361_222C
  static let actionKeyEnd: UInt64 = 0x22_3A22

  /// The state fingerprint ending the line — `,"fp":"…"}` with 16 lowercase hexadecimal
  /// digits, the recorder's last field — and where the fields before it end; or nil and the
  /// line's closing `}`.
  private static func ending(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64?, Int) {
    let length = 25  // ,"fp":"0123456789abcdef"}
    let last = bytes.count - 1
    guard bytes.count > length, let base = bytes.baseAddress else { return (nil, last) }
    let start = base + bytes.count - length
    let opening = UInt64(littleEndian: UnsafeRawPointer(start).loadUnaligned(as: UInt64.self))
    guard opening & ((1 << 56) - 1) == Self.fingerprintKey, start[23] == UInt8(ascii: "\""),
      let fingerprint = LogLine.hexWord(bytes.count - 18..<bytes.count - 2, base)
    else { return (nil, last) }
    return (fingerprint, bytes.count - length)
  }

  /// Where a `,"cause":"…"` field ending at `end` starts, or `end` when there is none there;
  /// nil for one whose text is not a cause, or escaped.
  private static func causeStart(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Int? {
    let quote = UInt8(ascii: "\""), key: StaticString = #","cause":"#
    guard end >= 1, bytes[end - 1] == quote else { return end }
    var open = end - 2
    while open >= 0, bytes[open] != quote {
      if bytes[open] == UInt8(ascii: "\\") { return nil }
      open -= 1
    }
    let start = open - key.utf8CodeUnitCount
    guard start >= 0, let base = bytes.baseAddress,
      memcmp(base + start, key.utf8Start, key.utf8CodeUnitCount) == 0
    else { return end }
    let text = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(end - 1)])
    return ActionCause.isSpelled(by: text) ? start : nil
  }

  /// `,"fp":"` as a little-endian word, the first byte lowest.
  static let fingerprintKey: UInt64 = 0x22_3A22_7066_222C

  /// Whether every field has been read: what is left of the line is its `}`, or the
  /// recorder's state fingerprint and then the `}`.
  @inlinable
  package var isComplete: Bool { position == end && actionName == nil }

  /// Whether the next field's key is `key` (its UTF-8), written plainly (not reading it).
  @inlinable @inline(__always)
  package func nextIs(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = key.count
    guard position + count + 4 <= end, let base = bytes.baseAddress else { return false }
    guard base[position] == UInt8(ascii: ","), base[position + 1] == UInt8(ascii: "\""),
      base[position + 2 + count] == UInt8(ascii: "\""),
      base[position + 3 + count] == UInt8(ascii: ":")
    else { return false }
    return count == 0 || Self.same(UnsafeRawPointer(base + position + 2), key)
  }

  /// Whether the `key.count` bytes at `line` are those of `key`: compared a word at a time,
  /// the last word overlapping the one before it rather than byte by byte, never reading past
  /// the end of either.
  @inlinable @inline(__always)
  static func same(_ line: UnsafeRawPointer, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = key.count
    let wanted = UnsafeRawPointer(key.baseAddress!)
    func equal<Word: FixedWidthInteger>(_: Word.Type, at offset: Int) -> Bool {
      line.loadUnaligned(fromByteOffset: offset, as: Word.self)
        == wanted.loadUnaligned(fromByteOffset: offset, as: Word.self)
    }
    switch count {
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
  /// followed by a `,` or the end of the fields; a `null` is not taken.
  @inlinable @inline(__always)
  mutating func take(_ key: UnsafeBufferPointer<UInt8>) -> LogField? {
    guard nextIs(key), !Self.belongsToTheLog(key), let base = bytes.baseAddress else {
      return nil
    }
    let keyStart = position + 2
    let keyEnd = keyStart + key.count
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
      // Anything else: an escaped string, an exponent, true, false, an object — as the parser
      // reads it.
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

  /// Whether `key` is one of the log's own (`seq`, `src`, `action`, `fp`), which a payload
  /// never uses: the parser's line reads those as the log's, so a line with one among its
  /// payload is left to it.
  @inlinable @inline(__always)
  static func belongsToTheLog(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
    switch key.count {
    case 2: key[0] == UInt8(ascii: "f") && key[1] == UInt8(ascii: "p")
    case 3:
      key[0] == UInt8(ascii: "s")
        && (key[1] == UInt8(ascii: "e") && key[2] == UInt8(ascii: "q")
          || key[1] == UInt8(ascii: "r") && key[2] == UInt8(ascii: "c"))
    case 6: memcmp(key.baseAddress!, "action", 6) == 0
    default: false
    }
  }

  /// Whether the fields not read yet may hold `key`: false only when they surely do not — no
  /// `"key"` among their bytes and no escape that could spell it — so that an optional field
  /// found absent here is absent for the parser too.
  ///
  /// - Parameter plainKeys: the fields' keys are known to hold no escape (those this reader has
  ///   read), so an escape elsewhere cannot spell `key`.
  package func mayHold(_ key: UnsafeBufferPointer<UInt8>, plainKeys: Bool = false) -> Bool {
    guard let base = bytes.baseAddress, position < end else { return false }
    let start = UnsafeRawPointer(base + position)
    let count = end - position
    if !plainKeys, memchr(start, Int32(UInt8(ascii: "\\")), count) != nil { return true }
    // Each quote the key's bytes follow, and a quote after them: found by its first byte.
    let first = Int32(key.first ?? UInt8(ascii: "\""))
    var at = 1
    while at < count, let found = memchr(start + at, first, count - at) {
      let offset = start.distance(to: UnsafeRawPointer(found))
      if offset + key.count < count, base[position + offset - 1] == UInt8(ascii: "\""),
        base[position + offset + key.count] == UInt8(ascii: "\""),
        key.isEmpty || memcmp(found, key.baseAddress!, key.count) == 0
      {
        return true
      }
      at = offset + 1
    }
    return false
  }

  /// The index in `table` of the action named by the `action` field.
  @inlinable
  package mutating func actionIndex(in table: LogNameTable) -> Int? {
    if let name = actionName {
      actionName = nil
      return table.index(of: UnsafeBufferPointer(rebasing: bytes[name]))
    }
    return nil
  }

  // MARK: - The head's pieces

  /// Whether the `length` (≤ 8) bytes at `position` are those of `word`, the first in its
  /// lowest byte, passing them: one load of eight bytes, so eight must be left (a usual line
  /// has more).
  static func starts(
    _ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, _ word: UInt64, _ length: Int
  ) -> Bool {
    guard bytes.count - position >= 8, let base = bytes.baseAddress else { return false }
    let loaded = UInt64(
      littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
    let mask: UInt64 = length == 8 ? ~0 : (1 << UInt64(8 * length)) &- 1
    guard loaded & mask == word else { return false }
    position += length
    return true
  }

  /// A string's plain text from `position` up to its closing quote, which it passes; nil if an
  /// escape or a control character comes first, or the line ends.
  static func plain(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Range<Int>? {
    let count = bytes.count
    let start = position
    position = FlatJSONParser.plainText(in: bytes, from: position)
    while position < count, bytes[position] != UInt8(ascii: "\""),
      bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20
    {
      position += 1
    }
    guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    position += 1
    return start..<(position - 1)
  }
}
