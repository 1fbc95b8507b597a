/// A name made only of printable ASCII (U+0020–U+007E), the usual case, measured without
/// breaking it into characters: each byte is one character and one scalar, none of them a
/// control character, and the only white space among them is U+0020. The name checks
/// (``DogReducer/rejection(ofName:)``, ``WeatherReducer/rejection(ofChangingLocationTo:)``) take
/// this shortcut for a name they allow and the full Unicode checks for any other, so a replay
/// pays a byte loop for most names. Bound: O(the name's UTF-8 length), no allocation.
///
/// ```swift
/// PrintableASCII("Seoul")?.count   // 5
/// PrintableASCII("서울")             // nil: not ASCII
/// ```
struct PrintableASCII {
  /// The number of characters (bytes).
  let count: Int
  /// Whether one of them is a space.
  let hasSpace: Bool
  /// Whether all of them are spaces (true for an empty name).
  let isAllSpaces: Bool

  init?(_ name: String) {
    // Over the contiguous UTF-8 (`withUTF8`): `utf8`'s iterator costs several times more on
    // the replay's hot path.
    var name = name
    let measured = name.withUTF8 { bytes -> (count: Int, spaces: Int)? in
      var spaces = 0
      for byte in bytes {
        guard byte &- 0x20 < 0x5F else { return nil }  // 0x20...0x7E
        if byte == 0x20 { spaces += 1 }
      }
      return (bytes.count, spaces)
    }
    guard let (count, spaces) = measured else { return nil }
    self.count = count
    hasSpace = spaces > 0
    isAllSpaces = spaces == count
  }
}
