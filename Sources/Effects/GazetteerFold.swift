import Foundation

/// The key a place name is filed and looked up under: case, accents and width do not count.
///
/// ```swift
/// GazetteerFold.key("  SÉOUL ")   // "seoul"
/// GazetteerFold.key("ＳＥＯＵＬ")     // "seoul"
/// GazetteerFold.key("ｿｳﾙ")        // "ソウル"
/// ```
///
/// The steps, mirrored exactly by `scripts/build-gazetteer.py`, which files every name under its
/// key ahead of time: Unicode NFKD (compatibility decomposition, which also maps full-width and
/// half-width forms to their usual width), drop nonspacing marks (accents) and invisible format
/// characters (``invisible``), lowercase each scalar (full mapping), drop any nonspacing marks
/// that produced, turn separators and controls into single spaces with none at either end, and
/// recompose (NFC). A test checks the two agree on
/// thousands of the bundled names.
enum GazetteerFold {
  static func key(_ text: String) -> String {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiKey(text) }
    var folded = String.UnicodeScalarView()
    var pendingSpace = false
    for scalar in text.decomposedStringWithCompatibilityMapping.unicodeScalars {
      guard scalar.properties.generalCategory != .nonspacingMark,
        !invisible.contains(scalar.value)
      else { continue }
      for lower in scalar.properties.lowercaseMapping.unicodeScalars {
        switch lower.properties.generalCategory {
        case .nonspacingMark:
          continue
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
          pendingSpace = !folded.isEmpty
        default:
          if pendingSpace { folded.append(" ") }
          pendingSpace = false
          folded.append(lower)
        }
      }
    }
    return String(folded).precomposedStringWithCanonicalMapping
  }

  /// Format characters that show nothing and carry no letter, dropped so that a pasted name
  /// matches: soft hyphen, zero-width space, the direction marks and embeddings, word joiner,
  /// zero-width no-break space. The zero-width (non-)joiners stay: they change how Persian and
  /// Indic names are spelled.
  static let invisible: Set<UInt32> = [
    0x00AD, 0x200B, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2066,
    0x2067, 0x2068, 0x2069, 0xFEFF,
  ]

  /// The same steps for ASCII text, where they reduce to lowercasing and tidying spaces.
  private static func asciiKey(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for byte in text.utf8 {
      if byte <= 0x20 || byte == 0x7F {  // controls and the space
        pendingSpace = !bytes.isEmpty
        continue
      }
      if pendingSpace { bytes.append(0x20) }
      pendingSpace = false
      bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
