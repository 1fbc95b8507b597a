import Foundation
import Store

/// Reads a state's JSON value by value, for a hand-written state reader (``LogStateReadable``):
/// each call reads one value of the kind asked for and returns nil — never an error — when the
/// text is anything else, so that the reader gives up and `Codable` decides, with its own words.
///
/// ```swift
/// var reader = LogJSONReader(bytes)
/// var count: Int?
/// let ok = reader.object { reader, key in
///   guard key.is("count"), count == nil else { return false }
///   count = reader.int()
///   return count != nil
/// }
/// ```
///
/// It accepts only what `JSONDecoder` with ``LogStateCoding/decoder()`` reads to the same value:
/// integers as plain digits within `Int`, finite numbers (or the strings `NaN`, `Infinity`,
/// `-Infinity`) as doubles, dates as ``LogDate`` text or finite seconds, keys without escapes.
/// Bound: O(length of the JSON) time; it never recurses on its own (the state's shape nests it).
///
/// The readers that take closures (`object`, `fields`, `array`, `read`, `optional`) are
/// inlinable, so that an app's state reader is specialised where it is written and its closures
/// inlined: unspecialised, every field would look up the metadata of an `Optional` of its value
/// at run time, on every snapshot a replay reads.
@usableFromInline
package struct LogJSONReader {
  @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
  @usableFromInline var index = 0

  package init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// A key of an object, as its UTF-8 bytes (with no escapes in it).
  @usableFromInline
  package struct Key {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>

    @inlinable
    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
    }

    /// Whether the key is `name`.
    @inlinable
    package func `is`(_ name: StaticString) -> Bool {
      name.utf8CodeUnitCount == bytes.count
        && memcmp(name.utf8Start, bytes.baseAddress!, bytes.count) == 0
    }
  }

  /// Whether only white space is left.
  package mutating func atEnd() -> Bool {
    skipSpace()
    return index == bytes.count
  }

  /// Reads an object: `body` is called with each key, the reader just before its value, and
  /// must read the value and return true. False when the text is not an object, a key has an
  /// escape, or `body` returns false.
  @inlinable
  package mutating func object(_ body: (inout LogJSONReader, Key) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    while true {
      skipSpace()
      guard let key = plainKey(), take(UInt8(ascii: ":")) else { return false }
      skipSpace()
      guard body(&self, key) else { return false }
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}"))
    }
  }

  /// Reads an object whose keys are among `names`, each at most once: `body` reads the value
  /// of `names[field]`. The fields seen, as bits (`1 << field`); nil when a key is unknown or
  /// repeated, or `body` returns false.
  @inlinable
  package mutating func fields(
    _ names: [StaticString], _ body: (inout LogJSONReader, _ field: Int) -> Bool
  ) -> UInt64? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var seen: UInt64 = 0
    if take(UInt8(ascii: "}")) { return seen }
    // The name after the last one read is tried first, where it lies: a log writes keys
    // sorted, and readers list their names in that order, so each key is usually one
    // comparison of its bytes, with no scan for its end (``expectKey(_:)``).
    var next = 0
    while true {
      skipSpace()
      let field: Int
      if next < names.count, expectKey(names[next]) {
        field = next
      } else {
        guard let key = plainKey(), let found = names.firstIndex(where: { key.is($0) }) else {
          return nil
        }
        field = found
      }
      guard take(UInt8(ascii: ":")), seen & (1 << field) == 0 else { return nil }
      seen |= 1 << field
      next = field + 1
      skipSpace()
      guard body(&self, field) else { return nil }
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "}")) ? seen : nil
    }
  }

  /// Sets `value` to what `read` reads; whether it read one.
  @inlinable
  package mutating func read<Value>(
    _ value: inout Value?, _ read: (inout LogJSONReader) -> Value?
  ) -> Bool {
    value = read(&self)
    return value != nil
  }

  /// Sets `value` to nil for `null`, else to what `read` reads; whether either was there.
  @inlinable
  package mutating func optional<Value>(
    _ value: inout Value?, _ read: (inout LogJSONReader) -> Value?
  ) -> Bool {
    if null() {
      value = nil
      return true
    }
    return self.read(&value, read)
  }

  /// Reads an array: `body` reads each element and returns true.
  @inlinable
  package mutating func array(_ body: (inout LogJSONReader) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    while true {
      skipSpace()
      guard body(&self) else { return false }
      if take(UInt8(ascii: ",")) { continue }
      return take(UInt8(ascii: "]"))
    }
  }

  /// Reads `null`, if that is what comes next; false (reading nothing) otherwise.
  @inlinable
  package mutating func null() -> Bool {
    literal("null")
  }

  /// Reads `text` if the JSON goes on with exactly its bytes (white space before it skipped,
  /// none inside); false, reading nothing, otherwise. For a value the log usually writes one
  /// way, such as a case with no payload (`{"idle":{}}`), read at once before the general way.
  ///
  /// ```swift
  /// if reader.exactly(#"{"idle":{}}"#) { return .idle }
  /// ```
  package mutating func exactly(_ text: StaticString) -> Bool {
    skipSpace()
    return literal(text)
  }

  /// Reads `true` or `false`.
  package mutating func bool() -> Bool? {
    if literal("true") { return true }
    if literal("false") { return false }
    return nil
  }

  /// Reads an integer written as plain digits (`-12`), within `Int`.
  package mutating func int() -> Int? {
    let negative = peek == UInt8(ascii: "-")
    var position = index + (negative ? 1 : 0)
    let start = position
    var magnitude: UInt64 = 0
    while position < bytes.count, let digit = Self.digit(bytes[position]) {
      let (times, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
      let (plus, overflow2) = times.addingReportingOverflow(UInt64(digit))
      guard !overflow1, !overflow2 else { return nil }
      magnitude = plus
      position += 1
    }
    let count = position - start
    // No leading zeros (not JSON), no "-0", no fraction or exponent: `Codable` decides those.
    guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0"),
      position == bytes.count || !Self.continuesNumber(bytes[position]),
      !(negative && magnitude == 0)
    else { return nil }
    let value: Int
    if negative {
      guard magnitude <= UInt64(Int.max) + 1 else { return nil }
      value = magnitude == UInt64(Int.max) + 1 ? Int.min : -Int(magnitude)
    } else {
      guard magnitude <= UInt64(Int.max) else { return nil }
      value = Int(magnitude)
    }
    index = position
    return value
  }

  /// Reads a finite number, or one of the strings `NaN`, `Infinity` and `-Infinity`.
  package mutating func double() -> Double? {
    if peek == UInt8(ascii: "\"") {
      let start = index
      switch string() {
      case "NaN": return .nan
      case "Infinity": return .infinity
      case "-Infinity": return -.infinity
      default:
        index = start
        return nil
      }
    }
    return finiteNumber()
  }

  /// Reads a date as ``LogStateCoding`` writes one: ``LogDate`` text, or finite seconds since
  /// 2001.
  package mutating func date() -> Date? {
    if peek == UInt8(ascii: "\"") {
      // The usual text, plain ASCII, is parsed where it lies: no string made.
      if let ascii = asciiString() { return LogDate.parse(UnsafeRawBufferPointer(ascii)) }
      guard let text = string() else { return nil }
      return LogDate.parse(text)
    }
    return finiteNumber().map(Date.init(timeIntervalSinceReferenceDate:))
  }

  // MARK: Below the values

  @inlinable
  var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  @inlinable
  mutating func skipSpace() {
    while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
      index += 1
    }
  }

  /// Skips white space and reads `byte` if it comes next.
  @inlinable
  @inline(__always)
  mutating func take(_ byte: UInt8) -> Bool {
    skipSpace()
    guard peek == byte else { return false }
    index += 1
    return true
  }

  @inlinable
  mutating func literal(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count,
      memcmp(word.utf8Start, bytes.baseAddress! + index, count) == 0
    else { return false }
    index += count
    return true
  }

  /// Reads the key `name` (quotes and all) if it comes next, as ``plainKey()`` would read it;
  /// false, reading nothing, otherwise. `name` has no quote, backslash or control character.
  @inlinable
  @inline(__always)
  mutating func expectKey(_ name: StaticString) -> Bool {
    let count = name.utf8CodeUnitCount
    guard index + count + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\""),
      bytes[index + count + 1] == UInt8(ascii: "\"")
    else { return false }
    let start = name.utf8Start
    for offset in 0..<count where start[offset] != bytes[index + 1 + offset] { return false }
    index += count + 2
    return true
  }

  /// A key with no escapes, and its closing quote read.
  @inlinable
  mutating func plainKey() -> Key? {
    guard peek == UInt8(ascii: "\"") else { return nil }
    let (end, _) = plainText(from: index + 1)
    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    let key = Key(bytes: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
    index = end + 1
    return key
  }

  /// A JSON number (grammar checked) that is finite as a `Double`.
  mutating func finiteNumber() -> Double? {
    var position = index
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    while position < bytes.count, Self.digit(bytes[position]) != nil { position += 1 }
    let integerDigits = position - integerStart
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0")
    else { return nil }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      let start = position
      while position < bytes.count, Self.digit(bytes[position]) != nil { position += 1 }
      guard position > start else { return nil }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      let start = position
      while position < bytes.count, Self.digit(bytes[position]) != nil { position += 1 }
      guard position > start else { return nil }
    }
    guard position == bytes.count || !Self.continuesNumber(bytes[position]),
      let value = Double(String(decoding: bytes[index..<position], as: UTF8.self)),
      value.isFinite
    else { return nil }
    index = position
    return value
  }

  static func digit(_ byte: UInt8) -> UInt8? {
    byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : nil
  }

  /// Whether `byte` would continue a number (so the digits read so far are not all of it).
  static func continuesNumber(_ byte: UInt8) -> Bool {
    digit(byte) != nil || byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e")
      || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
  }
}
