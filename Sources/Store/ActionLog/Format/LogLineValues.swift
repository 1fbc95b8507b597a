import Foundation
import Store

/// Turning a field's bytes into a value of the type asked for, with an error naming the field
/// when it holds something else.
extension LogLine {
  func integer(at index: Int, key: String) throws(LogLineError) -> Int {
    let field = fields[index]
    guard field.kind == .integer else { throw mismatch(key, field, expected: "a whole number") }
    let value = bytes.withUnsafeBufferPointer { Self.integerValue($0, field) }
    guard let value else {
      throw LogLineError(
        "\"\(key)\" is out of range for a whole number: \(rawText(of: field))",
        at: field.valueRange.lowerBound)
    }
    return value
  }

  func boolean(at index: Int, key: String) throws(LogLineError) -> Bool {
    let field = fields[index]
    guard field.kind == .bool else { throw mismatch(key, field, expected: "true or false") }
    return bytes[field.valueRange.lowerBound] == UInt8(ascii: "t")
  }

  func floatingPoint(at index: Int, key: String) throws(LogLineError) -> Double {
    let field = fields[index]
    if let value = bytes.withUnsafeBufferPointer({ Self.doubleValue($0, field) }) { return value }
    // A number too large for a double reads as infinity, which the writer never writes as a
    // number (it writes "Infinity"): `1e999` is out of range, not +∞.
    if field.kind == .integer || field.kind == .number {
      throw LogLineError(
        "\"\(key)\" is out of range for a number: \(rawText(of: field))",
        at: field.rawRange.lowerBound)
    }
    throw mismatch(key, field, expected: "a number")
  }

  func text(at index: Int, key: String) throws(LogLineError) -> String {
    let field = fields[index]
    guard field.kind == .string else { throw mismatch(key, field, expected: "a string") }
    guard let value = bytes.withUnsafeBufferPointer({ Self.textValue($0, field) }) else {
      throw LogLineError(
        "\"\(key)\" is not valid UTF-8 text (a \\u escape of a lone surrogate, or invalid bytes)",
        at: field.rawRange.lowerBound)
    }
    return value
  }

  /// `utf8` as a string, or nil if it is not valid UTF-8. ASCII, which most of a log's text is,
  /// needs no validating: `String(validating:as:)` is generic, and unspecialised here it looks
  /// up two types' metadata a call.
  static func validText(_ utf8: UnsafeBufferPointer<UInt8>) -> String? {
    let text = String(decoding: utf8, as: UTF8.self)
    if isASCII(utf8) { return text }
    // Decoding repairs what is not valid UTF-8, so the text is valid exactly when its bytes
    // are the ones given. (`String(validating:as:)` is generic and costs several times this.)
    var copy = text
    let same = copy.withUTF8 { decoded in
      decoded.count == utf8.count
        && (utf8.count == 0 || memcmp(decoded.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
    }
    return same ? text : nil
  }

  /// Whether every byte is under 0x80: eight at a time, then one by one.
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let raw = UnsafeRawPointer(base)
    var index = 0
    var high: UInt64 = 0
    while index + 8 <= bytes.count {
      high |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
      index += 8
    }
    while index < bytes.count {
      high |= UInt64(base[index])
      index += 1
    }
    return high & 0x8080_8080_8080_8080 == 0
  }

  func instant(at index: Int, key: String) throws(LogLineError) -> Date {
    let field = fields[index]
    let expected = "a date such as \"2026-11-29T03:45:12Z\""
    switch field.kind {
    case .string:
      guard let date = bytes.withUnsafeBufferPointer({ Self.dateValue($0, field) }) else {
        throw mismatch(key, field, expected: expected)
      }
      return date
    case .integer, .number:
      // `floatingPoint` refuses what does not fit a double, so the instant is finite.
      return Date(timeIntervalSinceReferenceDate: try floatingPoint(at: index, key: key))
    default:
      throw mismatch(key, field, expected: expected)
    }
  }

  /// The value as written in the line, quotes included, shortened past 60 characters.
  func rawText(of field: LogField) -> String {
    let text = String(decoding: bytes[field.rawRange], as: UTF8.self)
    return text.count > 60 ? text.prefix(60) + "…" : text
  }

  /// The key as written in the line, without its quotes.
  func keyName(of field: LogField) -> String {
    String(decoding: bytes[Int(field.keyStart)..<Int(field.keyEnd)], as: UTF8.self)
  }

  /// The key as written in the line, with its quotes.
  func keyText(of field: LogField) -> String {
    "\"" + keyName(of: field) + "\""
  }

  /// The bytes a JSON string's escapes stand for, between `start` and `end` (a string's inside,
  /// its escapes checked already); nil for a lone surrogate.
  static func unescaped(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8]? {
    var whole = true
    let out = [UInt8](unsafeUninitializedCapacity: max(end - start, 1)) { buffer, count in
      // An escape is never shorter than what it stands for: `end - start` bytes are enough.
      guard let written = unescape(line, start, end, into: buffer.baseAddress!) else {
        whole = false
        return
      }
      count = written
    }
    return whole ? out : nil
  }

  /// The text a JSON string's inside between `start` and `end` stands for (its escapes checked
  /// already), unescaped in a buffer on the stack when it is short: nil for a lone surrogate or
  /// what is not valid UTF-8. One allocation, the string's own, at most.
  static func unescapedText(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
    -> String?
  {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(end - start, 1)) { buffer in
      guard let count = unescape(line, start, end, into: buffer.baseAddress!) else { return nil }
      return validText(UnsafeBufferPointer(rebasing: buffer[..<count]))
    }
  }

  /// Writes the bytes the escaped string between `start` and `end` stands for to `out`, which
  /// has room for `end - start`; how many it wrote, or nil for a lone surrogate.
  ///
  /// Bound: one pass, each byte read once and written at most once.
  static func unescape(
    _ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int,
    into out: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    var count = 0
    var position = start
    func hex4(_ at: Int) -> UInt32 {
      (at..<(at + 4)).reduce(0) { $0 << 4 | (LogField.hexValue(line[$1]) ?? 0) }
    }
    func put(_ byte: UInt8) {
      out[count] = byte
      count += 1
    }
    while position < end {
      // Plain text up to the next escape, copied in one go.
      var run = position
      while run < end, line[run] != UInt8(ascii: "\\") { run += 1 }
      if run > position {
        (out + count).update(from: line.baseAddress! + position, count: run - position)
        count += run - position
        position = run
        continue
      }
      let code = line[position + 1]
      position += 2
      switch code {
      case UInt8(ascii: "b"): put(0x08)
      case UInt8(ascii: "f"): put(0x0C)
      case UInt8(ascii: "n"): put(0x0A)
      case UInt8(ascii: "r"): put(0x0D)
      case UInt8(ascii: "t"): put(0x09)
      case UInt8(ascii: "u"):
        var scalar = hex4(position)
        position += 4
        if (0xD800..<0xDC00).contains(scalar) {
          guard position + 6 <= end, line[position] == UInt8(ascii: "\\"),
            line[position + 1] == UInt8(ascii: "u")
          else { return nil }
          let low = hex4(position + 2)
          guard (0xDC00..<0xE000).contains(low) else { return nil }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          position += 6
        }
        guard let unicode = Unicode.Scalar(scalar) else { return nil }
        UTF8.encode(unicode) { put($0) }
      default: put(code)  // " \ /
      }
    }
    return count
  }
}
