import Foundation
import Store

extension LogLine {
  /// The log's own fields of an action line of the usual shape, read in one pass over the field
  /// table with no `String` keys: what ``LogCursor`` would read from it, or nil for any line it
  /// is not sure of, which the cursor then reads (and refuses, or not) by name as before.
  ///
  /// The usual shape is what the recorder writes: `"seq"` first, a whole number one more than
  /// `lastSeq`; `"src"` second, `"sent"` or `"effect"`; and, when the line has an `"fp"` field
  /// at all, its first one a state fingerprint of 16 lowercase hexadecimal digits — no key
  /// escaped. On such a line the by-name reads find these same fields (they search from the
  /// first field not read yet, in order) and the same values, and mark the same fields read,
  /// which `usual` gives as `used`. Bound: O(the number of fields) ≤ 64 comparisons of a key's
  /// length, and at most 18 + 6 + 16 bytes read; no allocation.
  ///
  /// ```swift
  /// if let usual = line.usualAction(after: lastSeq) { line.used = usual.used }
  /// ```
  package func usualAction(after lastSeq: Int)
    -> (seq: Int, origin: ActionOrigin, fingerprint: UInt64?, used: UInt64)?
  {
    bytes.withUnsafeBufferPointer { bytes in
      fields.withUnsafeBufferPointer { fields in
        Self.usualAction(bytes, fields, after: lastSeq)
      }
    }
  }

  private static func usualAction(
    _ bytes: UnsafeBufferPointer<UInt8>, _ fields: UnsafeBufferPointer<LogField>,
    after lastSeq: Int
  ) -> (seq: Int, origin: ActionOrigin, fingerprint: UInt64?, used: UInt64)? {
    guard fields.count >= 2, let base = bytes.baseAddress else { return nil }
    let seqField = fields[0]
    let sourceField = fields[1]
    guard seqField.kind == .integer, isKey(seqField, "seq", base),
      sourceField.kind == .string, isKey(sourceField, "src", base)
    else { return nil }
    // seq: at most 18 digits, no sign (the parser has checked the grammar: digits only).
    let digits = seqField.valueRange
    guard digits.count <= 18, base[digits.lowerBound] != UInt8(ascii: "-") else { return nil }
    var seq = 0
    for position in digits { seq = seq &* 10 &+ Int(base[position] &- 0x30) }
    guard lastSeq < Int.max, seq == lastSeq + 1 else { return nil }
    let origin: ActionOrigin
    if isText(sourceField, "sent", base) {
      origin = .sent
    } else if isText(sourceField, "effect", base) {
      origin = .effect
    } else {
      return nil
    }
    var used: UInt64 = 0b11
    var fingerprint: UInt64?
    for index in 2..<fields.count {
      let field = fields[index]
      if field.keyEscaped { return nil }  // `"f\u0070"` is `fp` too: leave it to the slow path
      guard isKey(field, "fp", base) else { continue }
      guard field.kind == .string, let value = hexWord(field.valueRange, base) else { return nil }
      fingerprint = value
      used |= 1 << UInt64(index)
      break
    }
    return (seq, origin, fingerprint, used)
  }

  private static func isKey(_ field: LogField, _ key: StaticString, _ base: UnsafePointer<UInt8>)
    -> Bool
  {
    let start = Int(field.keyStart)
    let count = Int(field.keyEnd) - start
    return !field.keyEscaped && count == key.utf8CodeUnitCount
      && memcmp(base + start, key.utf8Start, count) == 0
  }

  private static func isText(_ field: LogField, _ text: StaticString, _ base: UnsafePointer<UInt8>)
    -> Bool
  {
    let range = field.valueRange
    return range.count == text.utf8CodeUnitCount
      && memcmp(base + range.lowerBound, text.utf8Start, range.count) == 0
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
