/// A name that is not printable ASCII (`서울`, `초코`, `São Paulo`), measured by its Unicode
/// scalars without breaking it into characters: the name checks' second shortcut, after
/// ``PrintableASCII``. A character is one or more scalars, so the scalar count bounds the
/// character count from above; a character is white space when its first scalar is. The checks
/// (``DogReducer/rejection(ofName:)``, ``WeatherReducer/rejection(ofChangingLocationTo:)``)
/// allow a name on these counts only when the counts alone prove the character-by-character
/// check would, and otherwise ask that check. Bound: O(the name's scalar count), no allocation.
///
/// ```swift
/// ScalarName("서울").count              // 2
/// ScalarName("São Paulo").hasWhitespace // true
/// ```
struct ScalarName {
  /// The number of Unicode scalars: at least the number of characters.
  let count: Int
  /// Whether the first scalar is white space (so the first character is); false when empty.
  let startsWithWhitespace: Bool
  /// Whether any scalar is white space.
  let hasWhitespace: Bool
  /// Whether any scalar is a control character.
  let hasControl: Bool

  init(_ name: String) {
    // Over the contiguous UTF-8 (`withUTF8`), which a `String` keeps valid, without decoding:
    // the only white space and control characters outside ASCII are a few scalars of two and
    // three bytes, recognised by their bytes; any other scalar is counted by its lead byte.
    // (`unicodeScalars` and the property table cost several times more.)
    var name = name
    (count, startsWithWhitespace, hasWhitespace, hasControl) = name.withUTF8 { bytes in
      var count = 0
      var whitespace = false
      var control = false
      var first = false
      var offset = 0
      while offset < bytes.count {
        let lead = bytes[offset]
        let (isWhitespace, isControl, length) = ScalarName.classify(bytes, at: offset, lead: lead)
        if count == 0 { first = isWhitespace }
        whitespace = whitespace || isWhitespace
        control = control || isControl
        count += 1
        offset += length
      }
      return (count, first, whitespace, control)
    }
  }

  /// Whether the scalar whose UTF-8 starts with `lead` at `offset` is white space (Unicode's
  /// White_Space: 25 scalars, 19 of them outside ASCII) or a control character, and its length
  /// in bytes. A test holds it to the Unicode properties on every scalar.
  @inline(__always)
  private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, lead: UInt8)
    -> (isWhitespace: Bool, isControl: Bool, length: Int)
  {
    if lead < 0x80 {
      let isWhitespace = lead == 0x20 || (lead >= 0x09 && lead <= 0x0D)
      return (isWhitespace, lead < 0x20 || lead == 0x7F, 1)
    }
    if lead < 0xE0 {
      guard lead == 0xC2 else { return (false, false, 2) }
      let next = bytes[offset + 1]  // U+0080…U+00BF
      return (next == 0x85 || next == 0xA0, next <= 0x9F, 2)
    }
    if lead >= 0xF0 { return (false, false, 4) }
    let (second, third) = (bytes[offset + 1], bytes[offset + 2])
    switch lead {
    case 0xE1: return (second == 0x9A && third == 0x80, false, 3)  // U+1680
    case 0xE2:
      // U+2000…U+200A, U+2028, U+2029, U+202F; U+205F.
      let isWhitespace =
        second == 0x80
        ? third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF
        : second == 0x81 && third == 0x9F
      return (isWhitespace, false, 3)
    case 0xE3: return (second == 0x80 && third == 0x80, false, 3)  // U+3000
    default: return (false, false, 3)
    }
  }
}
