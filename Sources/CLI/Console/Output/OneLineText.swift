import Foundation

/// The last step of putting a dump on one line.
enum OneLineText {
  /// `text` with every `( ` made `(` and then every ` )` made `)`, as Foundation's
  /// `replacingOccurrences(of:with:)` makes them: byte by byte where every match has ASCII on
  /// both sides (there Foundation's comparison, which takes composed characters as equivalent,
  /// finds the same matches), through Foundation otherwise. O(length of `text`).
  ///
  /// ```swift
  /// OneLineText.tightened(".load( id: 1 )")   // ".load(id: 1)"
  /// ```
  static func tightened(_ text: String) -> String {
    let opened = replacing((UInt8(ascii: "("), UInt8(ascii: " ")), in: text)
    return replacing((UInt8(ascii: " "), UInt8(ascii: ")")), in: opened)
  }

  /// `text` with each occurrence of the two bytes `pair`, left to right, replaced by its
  /// parenthesis (the one of the two that is not a space).
  private static func replacing(_ pair: (UInt8, UInt8), in text: String) -> String {
    let bytes = Array(text.utf8)
    let kept = pair.0 == UInt8(ascii: " ") ? pair.1 : pair.0
    var matches: [Int] = []
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == pair.0, bytes[index + 1] == pair.1 {
        let before = index > 0 ? bytes[index - 1] : 0
        let after = index + 2 < bytes.count ? bytes[index + 2] : 0
        if before >= 0x80 || after >= 0x80 {
          let pattern = String(decoding: [pair.0, pair.1], as: UTF8.self)
          return text.replacingOccurrences(of: pattern, with: String(UnicodeScalar(kept)))
        }
        matches.append(index)
        index += 2
      } else {
        index += 1
      }
    }
    guard !matches.isEmpty else { return text }
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count - matches.count)
    var start = 0
    for match in matches {
      out += bytes[start..<match]
      out.append(kept)
      start = match + 2
    }
    out += bytes[start...]
    return String(decoding: out, as: UTF8.self)
  }
}
