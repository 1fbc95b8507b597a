import Foundation

/// The recorder's usual action line, read without the general grammar: most lines of a log
/// begin `{"seq":N,"src":"…","action":"…",` and end `"fp":"…"}`, and reading those known
/// pieces with a few comparisons is cheaper than reading them field by field. Either way the
/// same fields come out; `ParserUsualLineTests` holds the two to it.
extension FlatJSONParser {
  /// Reads `"seq":N,"src":"…","action":"…",` from just after the line's `{`, as the recorder
  /// writes an action line's start, appending its three fields as the general grammar would
  /// and leaving the parser after the last `,`; false (nothing read, nothing appended) for any
  /// other start — a space, an escape, a number with a sign, a fraction or an exponent — which
  /// the general grammar then reads or refuses. Bound: one pass over the bytes it reads.
  mutating func usualStart(into fields: inout [LogField]) -> Bool {
    guard fields.count + 3 <= Self.maxFields, let base = bytes.baseAddress,
      let head = Self.usualHead(bytes, from: index)
    else { return false }
    let count = bytes.count
    var position = head.end
    let actionKey = position + 2
    guard Self.starts(bytes, &position, Self.actionKey, 8),
      Self.starts(bytes, &position, Self.actionKeyEnd, 3),
      let action = Self.plain(bytes, &position), position < count,
      base[position] == UInt8(ascii: ",")
    else { return false }
    position += 1
    func field(_ key: Int, _ length: Int, _ value: Range<Int>, _ kind: LogField.Kind) -> LogField {
      LogField(
        keyStart: Int32(key), keyEnd: Int32(key + length), valueStart: Int32(value.lowerBound),
        valueEnd: Int32(value.upperBound), kind: kind, keyEscaped: false, valueEscaped: false)
    }
    fields.append(field(head.seqKey, 3, head.seq, .integer))
    fields.append(field(head.sourceKey, 3, head.source, .string))
    fields.append(field(actionKey, 6, action, .string))
    index = position
    return true
  }

  /// Reads `"seq":N,"src":"…"` from `start`, just after a line's `{`, as the recorder writes an
  /// action line's start: where its keys and values are, and `end`, the index just after the
  /// `src` value's closing quote; nil for any other start — a space, an escape, a number with a
  /// sign, a leading zero, a fraction or an exponent. Bound: one pass over the bytes it reads.
  static func usualHead(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int)
    -> (seqKey: Int, seq: Range<Int>, sourceKey: Int, source: Range<Int>, end: Int)?
  {
    guard let base = bytes.baseAddress else { return nil }
    let count = bytes.count
    var position = start
    let seqKey = position + 1
    // The pieces' bytes, the first in the lowest byte; ParserUsualLineTests checks them.
    guard starts(bytes, &position, Self.seqKey, 6) else { return nil }
    let seqStart = position
    guard position < count else { return nil }
    if base[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      guard base[position] &- UInt8(ascii: "1") < 9 else { return nil }
      while position < count, base[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    }
    let seqEnd = position
    let sourceKey = position + 2
    guard starts(bytes, &position, Self.sourceKey, 8), let source = plain(bytes, &position)
    else { return nil }
    return (seqKey, seqStart..<seqEnd, sourceKey, source, position)
  }

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
  static func plain(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int)
    -> Range<Int>?
  {
    let count = bytes.count
    let start = position
    position = plainText(in: bytes, from: position)
    while position < count, bytes[position] != UInt8(ascii: "\""),
      bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20
    {
      position += 1
    }
    guard position < count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    position += 1
    return start..<(position - 1)
  }

  /// `"seq":`, `,"src":"`, `,"action` and `":"` as little-endian words.
  static let seqKey: UInt64 = 0x3A22_7165_7322
  static let sourceKey: UInt64 = 0x223A_2263_7273_222C
  static let actionKey: UInt64 = 0x6E6F_6974_6361_222C
  static let actionKeyEnd: UInt64 = 0x22_3A22

  /// Reads `"fp":"…"}` ending the line, as the recorder ends an action line: a fingerprint's
  /// 16 characters of plain text (any the general grammar takes in a string), then the
  /// object's `}` as the line's last byte; false for anything else. Bound: 24 bytes read.
  mutating func usualEnd(into fields: inout [LogField]) -> Bool {
    let length = 24  // "fp":"0123456789abcdef"}
    guard fields.count < Self.maxFields, bytes.count - index == length,
      let base = bytes.baseAddress
    else { return false }
    let start = base + index
    let opening: StaticString = "\"fp\":\""
    guard memcmp(start, opening.utf8Start, 6) == 0, start[22] == UInt8(ascii: "\""),
      start[23] == UInt8(ascii: "}")
    else { return false }
    // The 16 characters are plain text when the first byte that ends plain text is the
    // closing quote.
    guard Self.plainText(in: bytes, from: index + 6) == index + 22 else { return false }
    fields.append(
      LogField(
        keyStart: Int32(index + 1), keyEnd: Int32(index + 3), valueStart: Int32(index + 6),
        valueEnd: Int32(index + 22), kind: .string, keyEscaped: false, valueEscaped: false))
    index = bytes.count
    return true
  }
}
