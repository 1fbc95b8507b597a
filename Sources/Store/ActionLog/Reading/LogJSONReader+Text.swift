import Foundation
import Store

// A string's text: read as a `String`, as bytes when it is plain ASCII, and the scan that finds
// where it stops.
extension LogJSONReader {
  /// Reads a string of printable ASCII with no escapes (U+0020–U+007E, no `\\`), as the bytes
  /// between its quotes, which are its UTF-8 and what ``string()`` would read; nil, reading
  /// nothing, for any other string (then ask ``string()``) or anything else. For a reader that
  /// wants a usual value (a day, a case name) without making a `String`.
  ///
  /// ```swift
  /// if let ascii = reader.asciiString() { day = CalendarDay.read(stored: ascii) }
  /// ```
  package mutating func asciiString() -> UnsafeBufferPointer<UInt8>? {
    guard peek == UInt8(ascii: "\"") else { return nil }
    let (end, printable) = plainText(from: index + 1)
    guard printable, end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
    let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
    index = end + 1
    return text
  }

  /// Reads a string, unescaped; nil if it is not valid JSON text or not valid UTF-8, or
  /// holds a lone surrogate escape.
  package mutating func string() -> String? {
    guard peek == UInt8(ascii: "\"") else { return nil }
    let start = index + 1
    // The usual string, with no escape, up to its quote at once; printable ASCII is its own
    // valid UTF-8, made into a `String` with no second look.
    let (end, printable) = plainText(from: start)
    guard end < bytes.count else { return nil }
    if bytes[end] == UInt8(ascii: "\"") {
      let utf8 = UnsafeBufferPointer(rebasing: bytes[start..<end])
      guard let text = printable ? String(decoding: utf8, as: UTF8.self) : LogLine.validText(utf8)
      else { return nil }
      index = end + 1
      return text
    }
    guard bytes[end] == UInt8(ascii: "\\") else { return nil }  // a control character
    var position = end
    var escaped = false
    while position < bytes.count {
      switch bytes[position] {
      case UInt8(ascii: "\""):
        let text =
          escaped
          ? LogLine.unescapedText(bytes, start, position)
          : LogLine.validText(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        guard let text else { return nil }
        index = position + 1
        return text
      case UInt8(ascii: "\\"):
        guard position + 1 < bytes.count else { return nil }
        escaped = true
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 2
        case UInt8(ascii: "u"):
          guard position + 6 <= bytes.count,
            bytes[(position + 2)..<(position + 6)].allSatisfy({ LogField.hexValue($0) != nil })
          else { return nil }
          position += 6
        default: return nil
        }
      case 0..<0x20: return nil
      default: position += 1
      }
    }
    return nil
  }

  /// Where the text of a string from `start` stops: the offset of its first quote, backslash
  /// or control character (below U+0020), or the end of the bytes; and whether every byte
  /// before it is printable ASCII (U+0020–U+007E). Eight bytes at a time, the stop found in
  /// its word by its bit, then the last few bytes one by one, since a snapshot's strings are
  /// most of its bytes. Bound: O(the bytes looked at).
  @usableFromInline
  func plainText(from start: Int) -> (end: Int, printable: Bool) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    var position = start
    // A high bit set in some byte of `above` when a byte is 0x7F or more: the bytes' own high
    // bits, and a byte of 0x7F plus one (a carry out of a byte comes only from 0xFF, itself
    // flagged).
    var above: UInt64 = 0
    if let base = bytes.baseAddress {
      let raw = UnsafeRawPointer(base)
      while position + 8 <= bytes.count {
        // The first byte in memory as the lowest, so that borrows run towards later bytes.
        let word = UInt64(
          littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        // A zero byte in `quote` or `backslash`, or a byte below 0x20 in `word`, flagged by its
        // high bit: the lowest flag is exact (a borrow runs only past a byte that is flagged
        // itself), the ones after it may not be.
        let stops =
          ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
          | ((word &- ones &* 0x20) & ~word)
        let flags = stops & highs
        if flags != 0 {
          let before = flags.trailingZeroBitCount / 8  // the bytes before the stop
          let kept: UInt64 = before == 0 ? 0 : ~0 >> (64 - 8 * before)
          above |= (word | (word &+ ones)) & kept
          return (position + before, above & highs == 0)
        }
        above |= word | (word &+ ones)
        position += 8
      }
    }
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
      if byte >= 0x7F { above |= 0x80 }
      position += 1
    }
    return (position, above & highs == 0)
  }
}
