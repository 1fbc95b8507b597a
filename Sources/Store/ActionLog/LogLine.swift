import Foundation

/// One line of an action log, parsed: its fields, read by name and type.
///
/// An action's ``LoggableAction/init(logLine:)`` reads its payload from here:
///
/// ```swift
/// case .clockMoveDay:
///   self = .clock(.moveDay(try line.int("days")))
/// ```
///
/// Each read marks its field as used; a field nobody reads is an error (``unusedField``), so a
/// typo in a hand-edited log is reported rather than ignored. A missing field or one of the wrong
/// type throws a ``LogLineError`` naming the field, and the column it is at.
public struct LogLine {
  /// The line's bytes, without its newline.
  package var bytes: [UInt8] = []
  package var fields: [LogField] = []
  /// Bit `n` is set once field `n` has been read.
  package var used: UInt64 = 0

  package init() {
    bytes.reserveCapacity(256)
    fields.reserveCapacity(16)
  }

  /// Parses ``bytes``, replacing the fields of the previous line.
  package mutating func parse() throws(LogLineError) {
    fields.removeAll(keepingCapacity: true)
    used = 0
    var parsed = fields
    fields = []
    defer { fields = parsed }
    try bytes.withUnsafeBufferPointer { (buffer) throws(LogLineError) in
      try FlatJSONParser.parse(buffer, into: &parsed)
    }
  }

  // MARK: - Reading fields

  /// Whether the line has a field `key` (null counts as absent). Does not mark it as read.
  public func has(_ key: String) -> Bool {
    guard let index = index(of: key) else { return false }
    return fields[index].kind != .null
  }

  /// A whole number.
  public mutating func int(_ key: String) throws(LogLineError) -> Int {
    let index = try require(key)
    return try integer(at: index, key: key)
  }

  /// A whole number, or nil when the field is absent or null.
  public mutating func optionalInt(_ key: String) throws(LogLineError) -> Int? {
    guard let index = optional(key) else { return nil }
    return try integer(at: index, key: key)
  }

  /// `true` or `false`.
  public mutating func bool(_ key: String) throws(LogLineError) -> Bool {
    let index = try require(key)
    return try boolean(at: index, key: key)
  }

  /// `true` or `false`, or nil when the field is absent or null.
  public mutating func optionalBool(_ key: String) throws(LogLineError) -> Bool? {
    guard let index = optional(key) else { return nil }
    return try boolean(at: index, key: key)
  }

  /// A number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
  public mutating func double(_ key: String) throws(LogLineError) -> Double {
    let index = try require(key)
    return try floatingPoint(at: index, key: key)
  }

  /// A number, or nil when the field is absent or null.
  public mutating func optionalDouble(_ key: String) throws(LogLineError) -> Double? {
    guard let index = optional(key) else { return nil }
    return try floatingPoint(at: index, key: key)
  }

  /// A string.
  public mutating func string(_ key: String) throws(LogLineError) -> String {
    let index = try require(key)
    return try text(at: index, key: key)
  }

  /// A string, or nil when the field is absent or null.
  public mutating func optionalString(_ key: String) throws(LogLineError) -> String? {
    guard let index = optional(key) else { return nil }
    return try text(at: index, key: key)
  }

  /// An instant: `"2026-11-29T03:45:12Z"` (see ``LogDate``), or a number of seconds since
  /// 2001-01-01T00:00:00Z.
  public mutating func date(_ key: String) throws(LogLineError) -> Date {
    let index = try require(key)
    return try instant(at: index, key: key)
  }

  /// An instant, or nil when the field is absent or null.
  public mutating func optionalDate(_ key: String) throws(LogLineError) -> Date? {
    guard let index = optional(key) else { return nil }
    return try instant(at: index, key: key)
  }

  /// The action this line holds, looked up in `names`; an unknown name throws, listing the
  /// known ones.
  @inlinable
  public mutating func action<Name>(in names: LogNames<Name>) throws(LogLineError) -> Name {
    names.cases[try actionIndex(in: names.table)]
  }

  @usableFromInline
  package mutating func actionIndex(in table: LogNameTable) throws(LogLineError) -> Int {
    let index = try require("action")
    let field = fields[index]
    guard field.kind == .string, !field.valueEscaped else {
      throw LogLineError(
        "\"action\" should be an action's name such as \"\(table.first)\"",
        at: Int(field.valueStart))
    }
    let found = bytes.withUnsafeBufferPointer { buffer in
      table.index(
        of: UnsafeBufferPointer(rebasing: buffer[Int(field.valueStart)..<Int(field.valueEnd)]))
    }
    guard let found else {
      throw LogLineError(
        "unknown action \(rawText(of: field)); this uniflow knows \(table.list)",
        at: Int(field.valueStart) - 1)
    }
    return found
  }

  /// `src`: `"sent"` or `"effect"`, compared as bytes.
  package mutating func origin() throws(LogLineError) -> ActionOrigin {
    let field = fields[try require("src")]
    if field.kind == .string {
      if isText(field, "sent") { return .sent }
      if isText(field, "effect") { return .effect }
    }
    throw LogLineError(
      "\"src\" should be \"sent\" or \"effect\", not \(rawText(of: field))",
      at: Int(field.valueStart) - (field.kind == .string ? 1 : 0))
  }

  /// Where field `key`'s value starts (at the opening quote of a string).
  package func valueOffset(of key: String) -> Int? {
    guard let index = index(of: key) else { return nil }
    let field = fields[index]
    return Int(field.valueStart) - (field.kind == .string ? 1 : 0)
  }

  private func isText(_ field: LogField, _ text: StaticString) -> Bool {
    let start = Int(field.valueStart)
    let count = Int(field.valueEnd) - start
    guard count == text.utf8CodeUnitCount else { return false }
    return bytes.withUnsafeBufferPointer {
      memcmp($0.baseAddress! + start, text.utf8Start, count) == 0
    }
  }

  // MARK: - For the reader

  /// The first field no one has read, as an error naming it.
  package func unusedField() -> LogLineError? {
    for index in fields.indices where used & (1 << UInt64(index)) == 0 {
      let field = fields[index]
      return LogLineError(
        "unexpected field \(keyText(of: field))\(actionClause); remove it",
        at: Int(field.keyStart) - 1)
    }
    return nil
  }

  /// The raw JSON text of field `key`'s value (a nested state, say), marking it read.
  package mutating func rawValue(_ key: String) -> ArraySlice<UInt8>? {
    guard let index = optional(key) else { return nil }
    let field = fields[index]
    let quote = field.kind == .string ? 1 : 0
    return bytes[(Int(field.valueStart) - quote)..<(Int(field.valueEnd) + quote)]
  }

  /// The kind of field `key`'s value, if the line has one.
  package func kind(of key: String) -> LogField.Kind? {
    index(of: key).map { fields[$0].kind }
  }

  /// `key=value` for every field but `seq`, `src` and `action`, values as written: for traces.
  package var payloadDescription: String {
    var parts: [String] = []
    for field in fields {
      let key = keyText(of: field)
      guard !["\"seq\"", "\"src\"", "\"action\""].contains(key) else { continue }
      parts.append("\(key.dropFirst().dropLast())=\(rawText(of: field))")
    }
    return parts.joined(separator: " ")
  }

  /// The 1-based column, in characters, of byte `offset`.
  package func column(ofByte offset: Int) -> Int {
    var column = 1
    for byte in bytes.prefix(offset) where byte & 0xC0 != 0x80 { column += 1 }
    return column
  }

  // MARK: - Internals

  func index(of key: String) -> Int? {
    if let found = key.utf8.withContiguousStorageIfAvailable({ index(ofKeyBytes: $0) }) {
      return found
    }
    return Array(key.utf8).withUnsafeBufferPointer { index(ofKeyBytes: $0) }
  }

  private func index(ofKeyBytes key: UnsafeBufferPointer<UInt8>) -> Int? {
    bytes.withUnsafeBufferPointer { line -> Int? in
      for number in fields.indices {
        let field = fields[number]
        let start = Int(field.keyStart)
        let count = Int(field.keyEnd) - start
        if field.keyEscaped {
          if unescaped(line, start, start + count)?.elementsEqual(key) == true { return number }
        } else if count == key.count,
          count == 0 || memcmp(line.baseAddress! + start, key.baseAddress!, count) == 0
        {
          return number
        }
      }
      return nil
    }
  }

  private mutating func require(_ key: String) throws(LogLineError) -> Int {
    guard let index = optional(key) else {
      throw LogLineError("the field \"\(key)\" is missing\(actionClause)")
    }
    return index
  }

  private mutating func optional(_ key: String) -> Int? {
    guard let index = index(of: key) else { return nil }
    used |= 1 << UInt64(index)
    return fields[index].kind == .null ? nil : index
  }

  private var actionClause: String {
    guard let index = index(of: "action"), fields[index].kind == .string else { return "" }
    return " (in \(rawText(of: fields[index])))"
  }

  private func mismatch(_ key: String, _ field: LogField, expected: String) -> LogLineError {
    LogLineError(
      "\"\(key)\" should be \(expected), not \(field.kind.name) (\(rawText(of: field)))",
      at: Int(field.valueStart) - (field.kind == .string ? 1 : 0))
  }

  private func integer(at index: Int, key: String) throws(LogLineError) -> Int {
    let field = fields[index]
    guard field.kind == .integer else { throw mismatch(key, field, expected: "a whole number") }
    let value = bytes.withUnsafeBufferPointer { line -> Int? in
      var position = Int(field.valueStart)
      let negative = line[position] == UInt8(ascii: "-")
      if negative { position += 1 }
      var magnitude: UInt = 0
      while position < Int(field.valueEnd) {
        let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
        let (plus, overflow2) = times.addingReportingOverflow(UInt(line[position] - 0x30))
        if overflow1 || overflow2 { return nil }
        magnitude = plus
        position += 1
      }
      if negative {
        return magnitude == Int.min.magnitude ? Int.min : Int(exactly: magnitude).map { -$0 }
      }
      return Int(exactly: magnitude)
    }
    guard let value else {
      throw LogLineError(
        "\"\(key)\" is out of range for a whole number: \(rawText(of: field))",
        at: Int(field.valueStart))
    }
    return value
  }

  private func boolean(at index: Int, key: String) throws(LogLineError) -> Bool {
    let field = fields[index]
    guard field.kind == .bool else { throw mismatch(key, field, expected: "true or false") }
    return bytes[Int(field.valueStart)] == UInt8(ascii: "t")
  }

  private func floatingPoint(at index: Int, key: String) throws(LogLineError) -> Double {
    let field = fields[index]
    switch field.kind {
    case .integer, .number:
      let text = String(decoding: valueBytes(field), as: UTF8.self)
      if let value = Double(text) { return value }
    case .string:
      switch String(decoding: valueBytes(field), as: UTF8.self) {
      case "NaN": return .nan
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      default: break
      }
    default:
      break
    }
    throw mismatch(key, field, expected: "a number")
  }

  private func text(at index: Int, key: String) throws(LogLineError) -> String {
    let field = fields[index]
    guard field.kind == .string else { throw mismatch(key, field, expected: "a string") }
    let value = bytes.withUnsafeBufferPointer { line -> String? in
      let start = Int(field.valueStart)
      let end = Int(field.valueEnd)
      if !field.valueEscaped {
        return String(validating: UnsafeBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
      }
      return unescaped(line, start, end).flatMap { String(validating: $0, as: UTF8.self) }
    }
    guard let value else {
      throw LogLineError(
        "\"\(key)\" is not valid UTF-8 text (a \\u escape of a lone surrogate, or invalid bytes)",
        at: Int(field.valueStart) - 1)
    }
    return value
  }

  private func instant(at index: Int, key: String) throws(LogLineError) -> Date {
    let field = fields[index]
    let expected = "a date such as \"2026-11-29T03:45:12Z\""
    switch field.kind {
    case .string:
      let date = bytes.withUnsafeBufferPointer { line -> Date? in
        let range = Int(field.valueStart)..<Int(field.valueEnd)
        return LogDate.parse(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: line[range])))
      }
      guard let date else { throw mismatch(key, field, expected: expected) }
      return date
    case .integer, .number:
      return Date(timeIntervalSinceReferenceDate: try floatingPoint(at: index, key: key))
    default:
      throw mismatch(key, field, expected: expected)
    }
  }

  private func valueBytes(_ field: LogField) -> ArraySlice<UInt8> {
    bytes[Int(field.valueStart)..<Int(field.valueEnd)]
  }

  /// The value as written in the line, quotes included, shortened past 60 characters.
  func rawText(of field: LogField) -> String {
    let quote = field.kind == .string ? 1 : 0
    let text = String(
      decoding: bytes[(Int(field.valueStart) - quote)..<(Int(field.valueEnd) + quote)],
      as: UTF8.self)
    return text.count > 60 ? text.prefix(60) + "…" : text
  }

  /// The key as written in the line, with its quotes.
  func keyText(of field: LogField) -> String {
    "\"" + String(decoding: bytes[Int(field.keyStart)..<Int(field.keyEnd)], as: UTF8.self) + "\""
  }

  /// The bytes a JSON string's escapes stand for; nil for a lone surrogate.
  private func unescaped(_ line: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8]? {
    var out: [UInt8] = []
    var position = start
    func hex4(_ at: Int) -> UInt32 {
      (at..<(at + 4)).reduce(0) { $0 << 4 | (LogField.hexValue(line[$1]) ?? 0) }
    }
    while position < end {
      let byte = line[position]
      guard byte == UInt8(ascii: "\\") else {
        out.append(byte)
        position += 1
        continue
      }
      let code = line[position + 1]
      position += 2
      switch code {
      case UInt8(ascii: "b"): out.append(0x08)
      case UInt8(ascii: "f"): out.append(0x0C)
      case UInt8(ascii: "n"): out.append(0x0A)
      case UInt8(ascii: "r"): out.append(0x0D)
      case UInt8(ascii: "t"): out.append(0x09)
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
        UTF8.encode(unicode) { out.append($0) }
      default: out.append(code)  // " \ /
      }
    }
    return out
  }
}
