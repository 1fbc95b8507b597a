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
    guard fields.count + 3 <= Self.maxFields, let base = bytes.baseAddress else { return false }
    let count = bytes.count
    var position = index
    func literal(_ text: StaticString) -> Bool {
      let length = text.utf8CodeUnitCount
      guard count - position >= length, memcmp(base + position, text.utf8Start, length) == 0
      else { return false }
      position += length
      return true
    }
    /// A string's plain text up to its closing quote, which it passes; nil if an escape or a
    /// control character comes first, or the line ends.
    func plain() -> (start: Int, end: Int)? {
      let start = position
      position = Self.plainText(in: bytes, from: position)
      while position < count, base[position] != UInt8(ascii: "\""),
        base[position] != UInt8(ascii: "\\"), base[position] >= 0x20
      {
        position += 1
      }
      guard position < count, base[position] == UInt8(ascii: "\"") else { return nil }
      position += 1
      return (start, position - 1)
    }
    let seqKey = position + 1
    guard literal("\"seq\":") else { return false }
    let seqStart = position
    guard position < count else { return false }
    if base[position] == UInt8(ascii: "0") {
      position += 1
    } else {
      guard base[position] &- UInt8(ascii: "1") < 9 else { return false }
      while position < count, base[position] &- UInt8(ascii: "0") < 10 { position += 1 }
    }
    let seqEnd = position
    let sourceKey = position + 2
    guard literal(",\"src\":\""), let source = plain() else { return false }
    let actionKey = position + 2
    guard literal(",\"action\":\""), let action = plain(), literal(",") else { return false }
    func field(_ key: Int, _ length: Int, _ value: (start: Int, end: Int), _ kind: LogField.Kind)
      -> LogField
    {
      LogField(
        keyStart: Int32(key), keyEnd: Int32(key + length), valueStart: Int32(value.start),
        valueEnd: Int32(value.end), kind: kind, keyEscaped: false, valueEscaped: false)
    }
    fields.append(field(seqKey, 3, (seqStart, seqEnd), .integer))
    fields.append(field(sourceKey, 3, source, .string))
    fields.append(field(actionKey, 6, action, .string))
    index = position
    return true
  }

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
    for offset in 6..<22 {
      let byte = start[offset]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { return false }
    }
    fields.append(
      LogField(
        keyStart: Int32(index + 1), keyEnd: Int32(index + 3), valueStart: Int32(index + 6),
        valueEnd: Int32(index + 22), kind: .string, keyEscaped: false, valueEscaped: false))
    index = bytes.count
    return true
  }
}
