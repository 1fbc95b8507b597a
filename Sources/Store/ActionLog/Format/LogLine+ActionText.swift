import Foundation
import Store

// The `action` field's text for a codec that reads the action from that text itself (the
// derived codec, whose whole action is one string): handed over as bytes, where they lie on a
// line read in place as on a parsed one, so that such a line needs no parse and no `String`.

extension LogLine {
  /// Hands the `action` field's text — valid UTF-8, its JSON escapes decoded (in a buffer on
  /// the stack when it has any) — to `read`, and marks the field read when `read` gives a
  /// value. nil, with nothing read, when there is no such plain string here, or `read` gives
  /// nil: the codec then reads the field as any other (``string(_:)``), which says what is
  /// wrong, and a line read in place goes to the parser.
  ///
  /// ```swift
  /// if let action = line.withActionText({ Self.fastRead($0) }) { self = action; return }
  /// ```
  ///
  /// Bound: one pass over the field's bytes, plus `read`'s cost; no allocation of its own.
  package mutating func withActionText<Value>(
    _ read: (UnsafeBufferPointer<UInt8>) -> Value?
  ) -> Value? {
    if place != nil { return actionTextInPlace(read) }
    guard let index = index(of: "action") else { return nil }
    let field = fields[index]
    guard field.kind == .string else { return nil }
    let value = bytes.withUnsafeBufferPointer { line in
      Self.withText(line, field.valueRange, escaped: field.valueEscaped, read)
    }
    if value != nil { used |= 1 << UInt64(index) }
    return value
  }

  /// ``withActionText(_:)`` on a line read in place: the field the head found in plain text,
  /// or, when it holds an escape, the next field if it is `action`.
  private mutating func actionTextInPlace<Value>(
    _ read: (UnsafeBufferPointer<UInt8>) -> Value?
  ) -> Value? {
    guard !leftInPlace, let reader = place else { return nil }
    let line = reader.bytes
    if let name = reader.actionName {
      guard let value = Self.withText(line, name, escaped: false, read) else { return nil }
      place!.actionName = nil
      return value
    }
    // `,"action":"…"` with an escape in it, right where the head stopped.
    var position = reader.position
    guard LogFieldReader.starts(line, &position, LogFieldReader.actionKey, 8),
      position + 2 < reader.end, line[position] == UInt8(ascii: "\""),
      line[position + 1] == UInt8(ascii: ":")
    else { return nil }
    var parser = FlatJSONParser(bytes: line, index: position + 2)
    guard let (kind, text) = try? parser.value(), kind == .string,
      parser.index <= reader.end,
      parser.index == reader.end || line[parser.index] == UInt8(ascii: ",")
    else { return nil }
    guard let value = Self.withText(line, text.start..<text.end, escaped: text.escaped, read)
    else { return nil }
    place!.position = parser.index
    return value
  }

  /// `read` of the string at `range` of `line` (its escapes checked already), unescaped when
  /// `escaped`; nil when it is not valid UTF-8 or escapes a lone surrogate.
  private static func withText<Value>(
    _ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, escaped: Bool,
    _ read: (UnsafeBufferPointer<UInt8>) -> Value?
  ) -> Value? {
    guard escaped else {
      let text = UnsafeBufferPointer(rebasing: line[range])
      guard isASCII(text) || validText(text) != nil else { return nil }
      return read(text)
    }
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) {
      buffer in
      guard let count = unescape(line, range.lowerBound, range.upperBound, into: buffer.baseAddress!)
      else { return nil }
      let text = UnsafeBufferPointer(rebasing: buffer[..<count])
      guard isASCII(text) || validText(text) != nil else { return nil }
      return read(text)
    }
  }
}
