import Foundation
import Store

/// One line of an action log, parsed: its fields, read by name and type.
///
/// An action's ``LoggableAction/init(logLine:)`` reads its payload from here:
///
/// ```swift
/// case .clockMoveDay:
///   self = .clock(.moveDay(try line.int("days")))
/// ```
///
/// Each read marks its field as used; a field nobody reads is an error (`unusedField()`), so a
/// typo in a hand-edited log is reported rather than ignored. A missing field or one of the wrong
/// type throws a ``LogLineError`` naming the field, and the column it is at.
public struct LogLine: Sendable {
  /// The line's bytes, without its newline.
  package var bytes: [UInt8] = []
  package var fields: [LogField] = []
  /// Bit `n` is set once field `n` has been read.
  package var used: UInt64 = 0
  /// The line being read in place, while ``inPlace`` is set: ``readInPlace(_:into:)`` reads an
  /// action through the same reads as a parsed line, from the bytes where they lie.
  //
  // Why `nonisolated(unsafe)` is safe: the reader points into a buffer that outlives it only for
  // the duration of one `readInPlace` call, on the thread that makes that call; it is set at the
  // call's start and reset before it returns, so a `LogLine` sent to another thread (a value,
  // copied) never carries a pointer that is in use, and no two threads touch one reader.
  @usableFromInline nonisolated(unsafe) var place: LogFieldReader?
  /// Set when a read in place met something it is not sure of: the line is then read again,
  /// parsed, from the start (sticky, so that an error the app's decoder swallows still counts).
  @usableFromInline var leftInPlace = false
  /// The optional fields a read in place found absent, as a small Bloom filter of their keys:
  /// a field taken later whose key is among them leaves the line to the parser, which would
  /// have found it present (two bits a key, ``LogLine/absentBits(_:)``).
  @usableFromInline var absentKeys: UInt64 = 0

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

  /// Makes this the line whose bytes and parsed fields are `bytes` and `fields`, with the
  /// fields `used` marks already read: a line parsed on one thread, handed to another.
  package mutating func load(
    bytes: ArraySlice<UInt8>, fields: ArraySlice<LogField>, used: UInt64
  ) {
    self.bytes.removeAll(keepingCapacity: true)
    self.bytes.append(contentsOf: bytes)
    self.fields.removeAll(keepingCapacity: true)
    self.fields.append(contentsOf: fields)
    self.used = used
  }

  // MARK: - Reading fields

  /// Whether the line has a field `key` (null counts as absent). Does not mark it as read.
  ///
  /// ```swift
  /// if line.has("error") { self = .failed(try line.string("error")) }
  /// ```
  public func has(_ key: String) -> Bool {
    if let place { return hasInPlace(key, place) }
    guard let index = index(of: key) else { return false }
    return fields[index].kind != .null
  }

  /// A whole number; one that does not fit an `Int` is an error saying so.
  ///
  /// ```swift
  /// self = .moveDay(try line.int("days"))   // "days":-1
  /// ```
  public mutating func int(_ key: String) throws(LogLineError) -> Int {
    if place != nil { return try inPlace(key, Self.integerValue) }
    let index = try require(key)
    return try integer(at: index, key: key)
  }

  /// A whole number, or nil when the field is absent or null: `try line.optionalInt("population")`.
  public mutating func optionalInt(_ key: String) throws(LogLineError) -> Int? {
    if place != nil { return try optionalInPlace(key, Self.integerValue) }
    guard let index = optional(key) else { return nil }
    return try integer(at: index, key: key)
  }

  /// `true` or `false`: `try line.bool("found")`.
  public mutating func bool(_ key: String) throws(LogLineError) -> Bool {
    if place != nil { return try inPlace(key, Self.booleanValue) }
    let index = try require(key)
    return try boolean(at: index, key: key)
  }

  /// `true` or `false`, or nil when the field is absent or null: `try line.optionalBool("day")`.
  public mutating func optionalBool(_ key: String) throws(LogLineError) -> Bool? {
    if place != nil { return try optionalInPlace(key, Self.booleanValue) }
    guard let index = optional(key) else { return nil }
    return try boolean(at: index, key: key)
  }

  /// A number, or one of the strings `"NaN"`, `"Infinity"`, `"-Infinity"`, as the writer
  /// writes them; a number too large for a `Double` (`1e999`) is an error, not infinity.
  ///
  /// ```swift
  /// let temperature = try line.double("report.temperatureF")   // 41.3
  /// ```
  public mutating func double(_ key: String) throws(LogLineError) -> Double {
    if place != nil { return try inPlace(key, Self.doubleValue) }
    let index = try require(key)
    return try floatingPoint(at: index, key: key)
  }

  /// A number, or nil when the field is absent or null: `try line.optionalDouble("gust")`.
  public mutating func optionalDouble(_ key: String) throws(LogLineError) -> Double? {
    if place != nil { return try optionalInPlace(key, Self.doubleValue) }
    guard let index = optional(key) else { return nil }
    return try floatingPoint(at: index, key: key)
  }

  /// A string, which must be valid UTF-8: `try line.string("name")`.
  public mutating func string(_ key: String) throws(LogLineError) -> String {
    if place != nil { return try inPlace(key, Self.textValue) }
    let index = try require(key)
    return try text(at: index, key: key)
  }

  /// A string, or nil when the field is absent or null: `try line.optionalString("region")`.
  public mutating func optionalString(_ key: String) throws(LogLineError) -> String? {
    if place != nil { return try optionalInPlace(key, Self.textValue) }
    guard let index = optional(key) else { return nil }
    return try text(at: index, key: key)
  }

  /// An instant: `"2026-11-29T03:45:12Z"` (see `LogDate`), or a finite number of seconds
  /// since 2001-01-01T00:00:00Z.
  ///
  /// ```swift
  /// self = .launched(at: try line.date("at"))
  /// ```
  public mutating func date(_ key: String) throws(LogLineError) -> Date {
    if place != nil { return try inPlace(key, Self.instantValue) }
    let index = try require(key)
    return try instant(at: index, key: key)
  }

  /// An instant, or nil when the field is absent or null: `try line.optionalDate("since")`.
  public mutating func optionalDate(_ key: String) throws(LogLineError) -> Date? {
    if place != nil { return try optionalInPlace(key, Self.instantValue) }
    guard let index = optional(key) else { return nil }
    return try instant(at: index, key: key)
  }

  /// The action this line holds, looked up in `names`; an unknown name throws, listing the
  /// known ones.
  ///
  /// ```swift
  /// switch try line.action(in: Self.logNames) { case .increment: self = .increment }
  /// ```
  @inlinable
  public mutating func action<Name>(in names: LogNames<Name>) throws(LogLineError) -> Name {
    names.cases[try actionIndex(in: names.table)]
  }

  @usableFromInline
  package mutating func actionIndex(in table: LogNameTable) throws(LogLineError) -> Int {
    if place != nil { return try actionIndexInPlace(in: table) }
    let index = try require("action")
    let field = fields[index]
    guard field.kind == .string, !field.valueEscaped else {
      throw LogLineError(
        "\"action\" should be an action's name such as \"\(table.first)\"",
        at: field.valueRange.lowerBound)
    }
    let found = bytes.withUnsafeBufferPointer { buffer in
      table.index(of: UnsafeBufferPointer(rebasing: buffer[field.valueRange]))
    }
    guard let found else {
      throw LogLineError(
        unknownAction: rawText(of: field), known: table.list, at: field.rawRange.lowerBound)
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
      at: field.rawRange.lowerBound)
  }

  /// Where field `key`'s value starts (at the opening quote of a string).
  package func valueOffset(of key: String) -> Int? {
    index(of: key).map { fields[$0].rawRange.lowerBound }
  }

  private func isText(_ field: LogField, _ text: StaticString) -> Bool {
    let range = field.valueRange
    guard range.count == text.utf8CodeUnitCount else { return false }
    return bytes.withUnsafeBufferPointer {
      memcmp($0.baseAddress! + range.lowerBound, text.utf8Start, range.count) == 0
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
    if place != nil {
      leftInPlace = true  // a nested value (a state): the parser's line has the bytes
      return nil
    }
    guard let index = optional(key) else { return nil }
    return bytes[fields[index].rawRange]
  }

  /// The kind of field `key`'s value, if the line has one.
  package func kind(of key: String) -> LogField.Kind? {
    index(of: key).map { fields[$0].kind }
  }

  /// `action key=value …`, as logged, for traces: the action's name, then every field but the
  /// log's own (`seq`, `src`, `action`, `fp`, and any other the cursor has read, such as a
  /// version-2 log's `clock`), values as written.
  package var summary: String {
    let name = index(of: "action").map { rawText(of: fields[$0]) } ?? "?"
    var parts = [name.hasPrefix("\"") ? String(name.dropFirst().dropLast()) : name]
    for (number, field) in fields.enumerated() where used & (1 << UInt64(number)) == 0 {
      let key = keyName(of: field)
      guard !["seq", "src", "action", "fp"].contains(key) else { continue }
      parts.append("\(key)=\(rawText(of: field))")
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
      // Codecs read fields in the order they wrote them, so the wanted field is almost always
      // the first one not read yet: start there and wrap around.
      let count = fields.count
      let first = min((~used).trailingZeroBitCount, count)
      for step in 0..<count {
        let number = first + step < count ? first + step : first + step - count
        let field = fields[number]
        let start = Int(field.keyStart)
        let count = Int(field.keyEnd) - start
        if field.keyEscaped {
          if Self.unescaped(line, start, start + count)?.elementsEqual(key) == true {
            return number
          }
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

  /// The value of field `key` read as 16 hexadecimal digits (a state fingerprint), marking it
  /// read; nil when there is no such field; an error when it is not 16 hexadecimal digits.
  package mutating func hexWord(_ key: String) throws(LogLineError) -> UInt64? {
    guard let index = optional(key) else { return nil }
    let field = fields[index]
    let range = field.valueRange
    let value: UInt64? =
      field.kind == .string && range.count == 16
      ? bytes.withUnsafeBufferPointer { Self.hexWord(range, $0.baseAddress!) } : nil
    guard let value else {
      throw LogLineError(
        "\"\(key)\" should be a state's fingerprint, 16 lowercase hexadecimal digits, not "
          + rawText(of: field), at: range.lowerBound)
    }
    return value
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

  func mismatch(_ key: String, _ field: LogField, expected: String) -> LogLineError {
    LogLineError(
      "\"\(key)\" should be \(expected), not \(field.kind.name) (\(rawText(of: field)))",
      at: field.rawRange.lowerBound)
  }
}
