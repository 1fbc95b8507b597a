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
    var count = 0
    var spaces = 0
    for byte in name.utf8 {
      guard byte >= 0x20, byte < 0x7F else { return nil }
      count += 1
      if byte == 0x20 { spaces += 1 }
    }
    self.count = count
    hasSpace = spaces > 0
    isAllSpaces = spaces == count
  }
}
