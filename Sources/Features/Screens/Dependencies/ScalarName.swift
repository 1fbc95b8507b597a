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
    // The scalars decoded from the contiguous UTF-8 (`withUTF8`), which a `String` keeps valid:
    // `unicodeScalars`' iterator cost 890 instructions a usual name (callgrind on replay).
    var name = name
    (count, startsWithWhitespace, hasWhitespace, hasControl) = name.withUTF8 { bytes in
      var count = 0
      var whitespace = false
      var control = false
      var first = false
      var offset = 0
      while offset < bytes.count {
        let lead = UInt32(bytes[offset])
        var value: UInt32
        var length: Int
        if lead < 0x80 {
          (value, length) = (lead, 1)
        } else if lead < 0xE0 {
          (value, length) = (lead & 0x1F, 2)
        } else if lead < 0xF0 {
          (value, length) = (lead & 0x0F, 3)
        } else {
          (value, length) = (lead & 0x07, 4)
        }
        for next in (offset + 1)..<(offset + length) {
          value = value << 6 | UInt32(bytes[next] & 0x3F)
        }
        offset += length
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        let isWhitespace = ScalarName.isWhitespace(scalar)
        if count == 0 { first = isWhitespace }
        whitespace = whitespace || isWhitespace
        control = control || scalar.isControlCharacter
        count += 1
      }
      return (count, first, whitespace, control)
    }
  }

  /// `scalar.properties.isWhitespace` (Unicode's White_Space), from its list of 25 scalars
  /// rather than the property table, which cost 310 instructions a scalar (callgrind on
  /// replay). A test holds the two to agreement on every scalar.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F,
      0x3000:
      true
    default: false
    }
  }
}
