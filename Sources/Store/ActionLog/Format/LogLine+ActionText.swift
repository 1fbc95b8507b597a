import Foundation
import Store

// The `action` field's text for a codec that reads the action from that text itself (the
// derived codec, whose whole action is one string): handed over as bytes, where they lie on a
// line read in place as on a parsed one, so that such a line needs no parse and no `String`.

extension LogLine {
  /// Thrown by ``withActionText(_:)`` when the line has no `action` string to hand over, or the
  /// codec's reader gave up on it.
  package struct NotRead: Error {}

  /// Hands the `action` field's text — valid UTF-8, its JSON escapes decoded (into a buffer
  /// of its own when it has any) — to `read`, and marks the field read when `read` returns.
  /// Throws ``NotRead``, with nothing read, when there is no such plain string here, or `read`
  /// throws it: the codec then reads the field as any other (``string(_:)``), which says what
  /// is wrong, and a line read in place goes to the parser. (A thrown error rather than an
  /// optional result: a generic `Optional` would be looked up on every line.)
  ///
  /// ```swift
  /// if let action = try? line.withActionText({ try Self.fastRead($0) }) { self = action }
  /// ```
  ///
  /// Bound: one pass over the field's bytes, plus `read`'s cost; one allocation, for a field
  /// with an escape.
  package mutating func withActionText<Value>(
    _ read: (UnsafeBufferPointer<UInt8>) throws(NotRead) -> Value
  ) throws(NotRead) -> Value {
    if place != nil { return try actionTextInPlace(read) }
    guard let index = index(of: "action") else { throw NotRead() }
    let field = fields[index]
    guard field.kind == .string else { throw NotRead() }
    let value = try bytes.withUnsafeBufferPointer { (line) throws(NotRead) in
      try Self.withText(line, field.valueRange, escaped: field.valueEscaped, read)
    }
    used |= 1 << UInt64(index)
    return value
  }

  /// Whether the line is being read in place (``readInPlace(_:into:)``).
  package var isReadInPlace: Bool { place != nil }

  /// Leaves a line being read in place to the parser, which reads it again from the start.
  package mutating func leaveToParser() -> LogLineError {
    leftInPlace = true
    return Self.leftToParser
  }

  /// ``withActionText(_:)`` on a line read in place: the field the head found in plain text,
  /// or, when it holds an escape, the next field if it is `action`.
  private mutating func actionTextInPlace<Value>(
    _ read: (UnsafeBufferPointer<UInt8>) throws(NotRead) -> Value
  ) throws(NotRead) -> Value {
    guard !leftInPlace, let reader = place else { throw NotRead() }
    let line = reader.bytes
    if let name = reader.actionName {
      let value = try Self.withText(line, name, escaped: false, read)
      place!.actionName = nil
      return value
    }
    // `,"action":"…"` with an escape in it, right where the head stopped.
    var position = reader.position
    guard LogFieldReader.starts(line, &position, LogFieldReader.actionKey, 8),
      position + 2 < reader.end, line[position] == UInt8(ascii: "\""),
      line[position + 1] == UInt8(ascii: ":")
    else { throw NotRead() }
    var parser = FlatJSONParser(bytes: line, index: position + 2)
    guard let (kind, text) = try? parser.value(), kind == .string,
      parser.index <= reader.end,
      parser.index == reader.end || line[parser.index] == UInt8(ascii: ",")
    else { throw NotRead() }
    let value = try Self.withText(line, text.start..<text.end, escaped: text.escaped, read)
    place!.position = parser.index
    return value
  }

  /// `read` of the string at `range` of `line` (its escapes checked already), unescaped when
  /// `escaped`; ``NotRead`` when it is not valid UTF-8 or escapes a lone surrogate.
  private static func withText<Value>(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool,
    _ read: (UnsafeBufferPointer<UInt8>) throws(NotRead) -> Value
  ) throws(NotRead) -> Value {
    guard escaped else {
      let text = UnsafeBufferPointer(rebasing: line[range])
      guard isASCII(text) || validText(text) != nil else { throw NotRead() }
      return try read(text)
    }
    // Unescaped, never longer than written.
    let out = UnsafeMutablePointer<UInt8>.allocate(capacity: max(range.count, 1))
    defer { out.deallocate() }
    guard let count = unescape(line, range.lowerBound, range.upperBound, into: out) else {
      throw NotRead()
    }
    let text = UnsafeBufferPointer(start: out, count: count)
    guard isASCII(text) || validText(text) != nil else { throw NotRead() }
    return try read(text)
  }
}
