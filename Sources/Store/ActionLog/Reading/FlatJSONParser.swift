import Store

/// Reads one line of an action log — a JSON object — into a table of fields, without building
/// strings, numbers or dictionaries: each field is the byte ranges of its key and value.
///
/// ```swift
/// var fields: [LogField] = []
/// try bytes.withUnsafeBufferPointer { try FlatJSONParser.parse($0, into: &fields) }
/// ```
///
/// Values are checked against JSON's grammar as they are skipped. Nested objects and arrays (a
/// state snapshot) are kept whole, as raw JSON for `JSONDecoder`; only their brackets and
/// strings are checked here. A million lines a second is the budget, which is why this exists:
/// `JSONSerialization` reads about 217,000 lines a second on the machine this was built on.
@usableFromInline
package struct FlatJSONParser {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline var index = 0

  @usableFromInline
  init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
    self.bytes = bytes
    self.index = index
  }

  /// The most fields one line may have (`LogLine` marks the ones read in a 64-bit mask).
  package static let maxFields = 64

  /// Parses `bytes` as one JSON object, appending its fields to `fields`: the reader of every
  /// line the fast path (``LogFieldReader``) leaves, with the words for what is wrong.
  package static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, into fields: inout [LogField]
  ) throws(LogLineError) {
    var parser = FlatJSONParser(bytes: bytes)
    try parser.object(into: &fields)
  }

  private mutating func object(into fields: inout [LogField]) throws(LogLineError) {
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else {
      throw LogLineError("expected '{': each line of a log is one JSON object", at: index)
    }
    index += 1
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
    } else {
      while true {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
          throw LogLineError("expected a field name in double quotes", at: index)
        }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
          throw LogLineError("expected ':' after the field name", at: index)
        }
        index += 1
        skipSpace()
        let (kind, value) = try self.value()
        guard fields.count < Self.maxFields else {
          throw LogLineError("more than \(Self.maxFields) fields in one line", at: key.start - 1)
        }
        fields.append(
          LogField(
            keyStart: Int32(key.start), keyEnd: Int32(key.end), valueStart: Int32(value.start),
            valueEnd: Int32(value.end), kind: kind, keyEscaped: key.escaped,
            valueEscaped: value.escaped))
        skipSpace()
        guard index < bytes.count else {
          throw LogLineError("the line ends inside the object: expected ',' or '}'", at: index)
        }
        if bytes[index] == UInt8(ascii: ",") {
          index += 1
          skipSpace()
          continue
        }
        guard bytes[index] == UInt8(ascii: "}") else {
          throw LogLineError("expected ',' or '}' after a value", at: index)
        }
        index += 1
        break
      }
    }
    skipSpace()
    guard index == bytes.count else {
      throw LogLineError("unexpected text after the object's closing '}'", at: index)
    }
  }

  private mutating func skipSpace() {
    while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  /// A string starting at the opening quote: the range inside the quotes.
  private mutating func string() throws(LogLineError) -> (start: Int, end: Int, escaped: Bool) {
    let start = index + 1
    var escaped = false
    var position = start
    let count = bytes.count
    while true {
      // The common case: plain text up to the closing quote, eight bytes at a time, then byte
      // by byte.
      position = Self.plainText(in: bytes, from: position)
      while position < count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
        position += 1
      }
      guard position < count else {
        index = position
        throw LogLineError("the line ends inside a string: a closing '\"' is missing", at: index)
      }
      switch bytes[position] {
      case UInt8(ascii: "\""):
        index = position + 1
        return (start, position, escaped)
      case UInt8(ascii: "\\"):
        escaped = true
        index = position
        try escape()
        position = index
      default:
        throw LogLineError(
          "a control character inside a string; write it as an escape such as \\n", at: position)
      }
    }
  }

  /// Where the plain text starting at `position` ends, looking at eight bytes at a time: the
  /// first quote, backslash or control character in a whole word, or the start of the last,
  /// partial word, which the caller scans byte by byte.
  ///
  /// A byte equal to `b` is a zero byte of `word ^ (b × 0x0101…)`; `(x − 0x0101…) & ~x &
  /// 0x8080…` sets the high bit of x's zero bytes, and `(x − 0x2020…) & ~x & 0x8080…` of its
  /// bytes under 0x20. Borrows can set bits above a true hit, never below one, so the lowest
  /// bit set in the three masks together is the first byte that ends the text.
  @inlinable
  static func plainText(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    let quotes = ones &* UInt64(UInt8(ascii: "\""))
    let backslashes = ones &* UInt64(UInt8(ascii: "\\"))
    let spaces = ones &* 0x20
    guard let base = bytes.baseAddress else { return start }
    var position = start
    while position + 8 <= bytes.count {
      let word = UInt64(
        littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
      let quote = word ^ quotes
      let backslash = word ^ backslashes
      let hits =
        ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- spaces) & ~word)
        & highs
      if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
      position += 8
    }
    return position
  }

  /// An escape starting at its backslash.
  private mutating func escape() throws(LogLineError) {
    let backslash = index
    index += 1
    guard index < bytes.count else {
      throw LogLineError("the line ends inside an escape", at: backslash)
    }
    switch bytes[index] {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
      index += 1
    case UInt8(ascii: "u"):
      guard index + 4 < bytes.count,
        bytes[(index + 1)...(index + 4)].allSatisfy({ LogField.hexValue($0) != nil })
      else {
        throw LogLineError("\\u must be followed by four hexadecimal digits", at: backslash)
      }
      index += 5
    default:
      throw LogLineError(
        "unknown escape; JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: backslash)
    }
  }

  @usableFromInline
  mutating func value() throws(LogLineError) -> (
    LogField.Kind, (start: Int, end: Int, escaped: Bool)
  ) {
    guard index < bytes.count else { throw LogLineError("expected a value", at: index) }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "\""):
      return (.string, try string())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let kind = try number()
      return (kind, (start, index, false))
    case UInt8(ascii: "t"):
      try literal("true")
      return (.bool, (start, index, false))
    case UInt8(ascii: "f"):
      try literal("false")
      return (.bool, (start, index, false))
    case UInt8(ascii: "n"):
      try literal("null")
      return (.null, (start, index, false))
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      let kind: LogField.Kind = bytes[index] == UInt8(ascii: "{") ? .object : .array
      try nested()
      return (kind, (start, index, false))
    default:
      throw LogLineError(
        "expected a value: a string, number, true, false, null, object or array", at: index)
    }
  }

  /// A JSON number: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
  private mutating func number() throws(LogLineError) -> LogField.Kind {
    let start = index
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    guard index < bytes.count, isDigit(bytes[index]) else {
      throw LogLineError("expected a digit after '-'", at: index)
    }
    if bytes[index] == UInt8(ascii: "0") {
      index += 1
      if index < bytes.count, isDigit(bytes[index]) {
        throw LogLineError("a number may not start with 0 followed by digits", at: start)
      }
    } else {
      skipDigits()
    }
    var kind = LogField.Kind.integer
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw LogLineError("expected a digit after '.'", at: index)
      }
      skipDigits()
      kind = .number
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      guard index < bytes.count, isDigit(bytes[index]) else {
        throw LogLineError("expected a digit in the number's exponent", at: index)
      }
      skipDigits()
      kind = .number
    }
    return kind
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private mutating func skipDigits() {
    while index < bytes.count, isDigit(bytes[index]) { index += 1 }
  }

  private mutating func literal(_ word: StaticString) throws(LogLineError) {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
    else {
      throw LogLineError(
        "expected a value: a string, number, true, false, null, object or array", at: index)
    }
    index += count
  }

  /// An object or array kept whole: its brackets must pair up and its strings must close.
  private mutating func nested() throws(LogLineError) {
    var open: [UInt8] = []
    let start = index
    repeat {
      let byte = bytes[index]
      switch byte {
      case UInt8(ascii: "\""):
        _ = try string()
        continue
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        open.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        guard open.last == byte else {
          throw LogLineError("'\(Character(Unicode.Scalar(byte)))' closes nothing here", at: index)
        }
        open.removeLast()
      default:
        break
      }
      index += 1
    } while !open.isEmpty && index < bytes.count
    guard open.isEmpty else {
      throw LogLineError("the line ends inside a nested object or array", at: start)
    }
  }
}

/// One field of a parsed line: where its key and value are in the line's bytes.
@usableFromInline
package struct LogField: Sendable {
  /// What kind of JSON value a field holds.
  @usableFromInline
  package enum Kind: UInt8, Sendable {
    case string, integer, number, bool, null, object, array

    var name: String {
      switch self {
      case .string: "a string"
      case .integer: "a whole number"
      case .number: "a number"
      case .bool: "true or false"
      case .null: "null"
      case .object: "an object"
      case .array: "an array"
      }
    }
  }

  var keyStart: Int32
  var keyEnd: Int32
  /// For a string, the range inside the quotes; else the value's whole text.
  @usableFromInline var valueStart: Int32
  @usableFromInline var valueEnd: Int32
  @usableFromInline var kind: Kind
  var keyEscaped: Bool
  @usableFromInline var valueEscaped: Bool

  @usableFromInline
  init(
    keyStart: Int32, keyEnd: Int32, valueStart: Int32, valueEnd: Int32, kind: Kind,
    keyEscaped: Bool, valueEscaped: Bool
  ) {
    self.keyStart = keyStart
    self.keyEnd = keyEnd
    self.valueStart = valueStart
    self.valueEnd = valueEnd
    self.kind = kind
    self.keyEscaped = keyEscaped
    self.valueEscaped = valueEscaped
  }

  /// The value's bytes: inside the quotes for a string, else its whole text.
  @inlinable var valueRange: Range<Int> { Int(valueStart)..<Int(valueEnd) }

  /// The value as written, a string's quotes included.
  var rawRange: Range<Int> {
    let quote = kind == .string ? 1 : 0
    return (Int(valueStart) - quote)..<(Int(valueEnd) + quote)
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
