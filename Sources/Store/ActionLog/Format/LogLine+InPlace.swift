import Foundation
import Store

// Reading a line in place: the app's `init(logLine:)` reads its fields through ``LogLine``'s
// usual reads, which take them from the line's bytes where they lie (``LogFieldReader``), in the
// order the recorder wrote them. Whatever the reader is not sure of sets `leftInPlace`, and the
// line is read again, parsed (``FlatJSONParser``), with `init(logLine:)`'s own words for what is
// wrong: every app's actions are read the fast way, with no reader of their own.

extension LogLine {
  /// Reads the action on the usual line `reader` stands on (its head read) with
  /// `Action(logLine:)`, in place, into `slot`: true when every field was read, in order, and
  /// the action made; false — `slot` left uninitialized — when the line is to be parsed and
  /// read again, as it then is word for word the same as if it had never been read in place.
  ///
  /// ```swift
  /// guard var reader = LogFieldReader(usualLine: bytes, after: seq - 1),
  ///   line.readInPlace(reader, into: slot) as Bool
  /// else { /* parse the line */ }
  /// ```
  ///
  /// Bound: one pass over the line, plus a scan of it for each optional field found absent.
  package mutating func readInPlace<Action: LoggableAction>(
    _ reader: LogFieldReader, into slot: UnsafeMutablePointer<Action>
  ) -> Bool {
    place = reader
    leftInPlace = false
    absentKeys = 0
    defer { place = nil }
    do throws(LogLineError) {
      let action = try Action(logLine: &self)
      guard !leftInPlace, place?.isComplete == true else { return false }
      slot.initialize(to: action)
      return true
    } catch {
      return false
    }
  }

  /// The action on the usual action line `bytes` (any `seq`), read in place; nil when the
  /// line is left to the parser: for tests and fuzzers, which hold the two reads to the same
  /// action.
  ///
  /// ```swift
  /// let fast = line.bytes.withUnsafeBufferPointer { LogLine.readInPlace($0, as: AppAction.self) }
  /// ```
  package static func readInPlace<Action: LoggableAction>(
    _ bytes: UnsafeBufferPointer<UInt8>, as _: Action.Type
  ) -> Action? {
    guard let reader = LogFieldReader(usualLine: bytes, after: nil) else { return nil }
    var line = LogLine()
    let slot = UnsafeMutablePointer<Action>.allocate(capacity: 1)
    defer { slot.deallocate() }
    return line.readInPlace(reader, into: slot) ? slot.move() : nil
  }

  /// What a read in place throws when it leaves the line to the parser; never seen outside
  /// ``readInPlace(_:into:)``, which reads the line again.
  static var leftToParser: LogLineError {
    LogLineError("the line is read again by the parser")
  }

  /// The next field, if its key is `key`; otherwise the line is left to the parser.
  @inline(__always)
  mutating func takeInPlace(_ key: String) -> LogField? {
    guard !leftInPlace else { return nil }
    let taken = key.utf8.withContiguousStorageIfAvailable { key -> LogField? in
      // A key found absent before is present after all: the parser's line says so.
      if absentKeys != 0, absentKeys & Self.absentBits(key) == Self.absentBits(key) { return nil }
      return place!.take(key)
    }
    if let taken, let field = taken { return field }
    leftInPlace = true
    return nil
  }

  /// The value of the next field, `key`, as `convert` reads it.
  @inline(__always)
  mutating func inPlace<Value>(
    _ key: String, _ convert: (UnsafeBufferPointer<UInt8>, LogField) -> Value?
  ) throws(LogLineError) -> Value {
    if let field = takeInPlace(key), let value = convert(place!.bytes, field) { return value }
    leftInPlace = true
    throw Self.leftToParser
  }

  /// An optional field: the next one if its key is `key`; nil when it is absent — neither
  /// next, nor among the fields read (``LogFieldReader/mayHold(_:plainKeys:)``), nor the log's
  /// own — on the understanding, kept in ``absentKeys``, that no field read later has that key
  /// and none is left over (``LogFieldReader/isComplete``); otherwise the line is left to the
  /// parser. One look at the key's bytes either way.
  @inline(__always)
  mutating func optionalInPlace<Value>(
    _ key: String, _ convert: (UnsafeBufferPointer<UInt8>, LogField) -> Value?
  ) throws(LogLineError) -> Value? {
    let next = key.utf8.withContiguousStorageIfAvailable { key -> InPlaceOptional in
      guard !leftInPlace else { return .unsure }
      if place!.nextIs(key) {
        if absentKeys != 0, absentKeys & Self.absentBits(key) == Self.absentBits(key) {
          return .unsure
        }
        return place!.take(key).map { .field($0) } ?? .unsure
      }
      guard !LogFieldReader.belongsToTheLog(key),
        !Self.before(place!).mayHold(key, plainKeys: true)
      else { return .unsure }
      absentKeys |= Self.absentBits(key)
      return .absent
    }
    switch next {
    case .field(let field)?:
      if let value = convert(place!.bytes, field) { return value }
    case .absent?:
      return nil
    default:
      break
    }
    leftInPlace = true
    throw Self.leftToParser
  }

  /// Two bits of 64 for `key`, from an FNV-1a hash of its bytes.
  @inline(__always)
  static func absentBits(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in key { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return 1 << (hash & 63) | 1 << ((hash >> 6) & 63)
  }

  /// `place` over the fields it has read, for a look at them.
  private static func before(_ place: LogFieldReader) -> LogFieldReader {
    var head = place.head
    head.end = head.position
    head.position = 0
    return LogFieldReader(bytes: place.bytes, resuming: head, fingerprint: nil)
  }

  /// `has(key)` on a line read in place, as the parsed line answers it: a field `key` that is
  /// not null, read or not.
  func hasInPlace(_ key: String, _ place: LogFieldReader) -> Bool {
    let look = { (key: UnsafeBufferPointer<UInt8>) -> Bool? in
      if place.nextIs(key) {
        return place.bytes[place.position + key.count + 4] != UInt8(ascii: "n")
      }
      return Self.whole(place).mayHold(key) ? nil : false
    }
    let quick =
      key.utf8.withContiguousStorageIfAvailable(look)
      ?? Array(key.utf8).withUnsafeBufferPointer(look)
    if let quick { return quick }
    // Perhaps elsewhere on the line: as the parser's line answers.
    return Self.parsed(place)?.has(key) ?? false
  }

  /// The line `place` reads, parsed, for the rare question a read in place cannot answer
  /// from the next field alone; nil when it does not parse (the parser then refuses it).
  private static func parsed(_ place: LogFieldReader) -> LogLine? {
    var line = LogLine()
    line.bytes = Array(place.bytes)
    guard (try? line.parse()) != nil else { return nil }
    return line
  }

  /// `place` standing at the line's first field, for a look at all of it.
  private static func whole(_ place: LogFieldReader) -> LogFieldReader {
    var head = place.head
    head.position = 0
    head.end = Int32(place.bytes.count)
    return LogFieldReader(bytes: place.bytes, resuming: head, fingerprint: nil)
  }

  /// The action's name on a line read in place.
  mutating func actionIndexInPlace(in table: LogNameTable) throws(LogLineError) -> Int {
    if !leftInPlace, let index = place!.actionIndex(in: table) { return index }
    leftInPlace = true
    throw Self.leftToParser
  }

  /// `true` or `false`, for a field of kind `.bool`.
  static func booleanValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> Bool? {
    guard field.kind == .bool else { return nil }
    return line[field.valueRange.lowerBound] == UInt8(ascii: "t")
  }

  /// An instant: ``LogDate`` text, or a finite number of seconds since 2001.
  static func instantValue(_ line: UnsafeBufferPointer<UInt8>, _ field: LogField) -> Date? {
    switch field.kind {
    case .string: dateValue(line, field)
    case .integer, .number: doubleValue(line, field).map(Date.init(timeIntervalSinceReferenceDate:))
    default: nil
    }
  }

  /// The 16 lowercase hexadecimal digits at `range` (of 16 bytes or not), or nil: read eight
  /// at a time. In each byte `x`, the digit is `v = (x & 0x0F) + 9 × bit 6 of x` (`'0'`…`'9'`
  /// give 0…9, `'a'`…`'f'` give 10…15); `x` is a lowercase hexadecimal digit exactly when `v` is
  /// under 16 and writing `v` back as a digit gives `x` again. No byte carries into the next
  /// (every sum stays under 0x80), so one 64-bit word does eight bytes.
  static func hexWord(_ range: Range<Int>, _ base: UnsafePointer<UInt8>) -> UInt64? {
    guard range.count == 16 else { return nil }
    let raw = UnsafeRawPointer(base + range.lowerBound)
    guard let high = hexDigits(UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))),
      let low = hexDigits(
        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
    else { return nil }
    return high << 32 | low
  }

  /// Eight lowercase hexadecimal digits, the first in the lowest byte of `word`, as a number.
  private static func hexDigits(_ word: UInt64) -> UInt64? {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let digits = (word & (ones &* 0x0F)) &+ ((word >> 6) & ones) &* 9
    guard digits & (ones &* 0xF0) == 0 else { return nil }
    let letters = ((digits &+ ones &* 6) >> 4) & ones
    guard digits &+ ones &* 0x30 &+ letters &* 0x27 == word else { return nil }
    // Byte i holds digit i; digit 0 is the most significant. Pairs, then quads, then all.
    let pairs = ((digits & (ones &* 0x0F)) << 4 | (digits >> 8)) & 0x00FF_00FF_00FF_00FF
    let quads = ((pairs & 0x0000_00FF_0000_00FF) << 8 | (pairs >> 16)) & 0x0000_FFFF_0000_FFFF
    return (quads & 0xFFFF) << 16 | quads >> 32
  }
}

/// What the next field says of an optional field read in place.
enum InPlaceOptional {
  case field(LogField)
  case absent
  case unsure
}
