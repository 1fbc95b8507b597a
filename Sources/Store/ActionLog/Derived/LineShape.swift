import Foundation

/// A derived line cut into its template — its text with each number marked as one and each
/// string as another — and where its literals are.
///
/// ```swift
/// let shape = LineShape(".moved(from: 1, to: 2)")   // template ".moved(from: #, to: #)", 2 holes
/// ```
///
/// The marks are the bytes 0x01 (a number) and 0x02 (a string), which the syntax allows
/// nowhere outside a string: a line's template is the same as a learnt one's only when it has
/// the same text around the same literals, and the same number of them.
struct LineShape {
  enum Kind: UInt8 { case number, decimal, string, escapedString }

  /// A literal of the line: where it is, and what it is.
  struct Hole {
    var start: Int32 = 0
    var end: Int32 = 0
    var kind = Kind.number

    init() {}

    init(range: Range<Int>, kind: Kind) {
      start = Int32(range.lowerBound)
      end = Int32(range.upperBound)
      self.kind = kind
    }

    var range: Range<Int> { Int(start)..<Int(end) }

    /// The mark standing for it in the template's text.
    var mark: UInt8 { kind == .number || kind == .decimal ? Self.numberMark : Self.stringMark }

    static let numberMark: UInt8 = 0x01
    static let stringMark: UInt8 = 0x02
  }

  /// The most literals a template takes.
  static let maxHoles = 16

  /// The literals, the first ``count`` of them: kept inline, so that reading a line allocates
  /// nothing for them.
  var holes = InlineArray<16, Hole>(repeating: Hole())
  var count = 0
  /// FNV-1a of the line's template text.
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325

  /// The shape of `text`; nil as for ``init(_:)-(UnsafeBufferPointer<UInt8>)``.
  init?(_ text: String) {
    var text = text
    guard let shape = text.withUTF8({ Self($0) }) else { return nil }
    self = shape
  }

  /// The shape of the line `bytes`: one pass, each byte classed by a table; nil for a line
  /// with a string cut off (the parser says why) or more literals than a template takes.
  init?(_ bytes: UnsafeBufferPointer<UInt8>) {
    let count = bytes.count
    guard count > 0, let base = bytes.baseAddress else { return }
    let prime: UInt64 = 0x100_0000_01b3
    var hash = self.hash
    var found = 0
    var index = 0
    // Digits right after a name's letters are the name's (`_0`, `case2`), not a number.
    var afterName = false
    let classes = Self.classes.utf8Start
    while index < count {
      let byte = base[index]
      let kind = classes[Int(byte)]
      // The template's own text: names, punctuation, digits of a name.
      if kind < Self.digit || kind == Self.digit && afterName {
        afterName = kind != Self.other
        hash = (hash ^ UInt64(byte)) &* prime
        index += 1
        continue
      }
      if kind == Self.quote {
        var end = index + 1
        var escaped = false
        while end < count, base[end] != UInt8(ascii: "\"") {
          if base[end] == UInt8(ascii: "\\") {
            escaped = true
            end += 1
          }
          end += 1
        }
        guard end < count, found < Self.maxHoles else { return nil }
        holes[found] = Hole(range: index..<(end + 1), kind: escaped ? .escapedString : .string)
        found += 1
        hash = (hash ^ UInt64(Hole.stringMark)) &* prime
        index = end + 1
        afterName = false
        continue
      }
      guard kind == Self.digit || index + 1 < count && classes[Int(base[index + 1])] == Self.digit
      else {
        // A minus before anything but a digit.
        afterName = false
        hash = (hash ^ UInt64(byte)) &* prime
        index += 1
        continue
      }
      var end = index + 1
      var decimal = false
      while end < count {
        let next = base[end]
        if classes[Int(next)] == Self.digit || next == UInt8(ascii: "_") {
        } else if next == UInt8(ascii: "."), end + 1 < count,
          classes[Int(base[end + 1])] == Self.digit
        {
          decimal = true
        } else if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
          decimal = true
          if end + 1 < count,
            base[end + 1] == UInt8(ascii: "-") || base[end + 1] == UInt8(ascii: "+")
          {
            end += 1
          }
        } else {
          break
        }
        end += 1
      }
      guard found < Self.maxHoles else { return nil }
      holes[found] = Hole(range: index..<end, kind: decimal ? .decimal : .number)
      found += 1
      hash = (hash ^ UInt64(Hole.numberMark)) &* prime
      index = end
      afterName = false
    }
    self.hash = hash
    self.count = found
  }

  private static let other: UInt8 = 0x30  // "0"
  private static let name: UInt8 = 0x31  // "1"
  private static let digit: UInt8 = 0x32  // "2"
  private static let quote: UInt8 = 0x33  // "3"
  private static let minus: UInt8 = 0x34  // "4"

  /// Each byte's class, by its value: a name's (letters, `_`, any byte beyond ASCII), a digit,
  /// a quote, a minus, or another. A string in the binary, read without a lazy global.
  private static let classes: StaticString = """
    0000000000000000000000000000000000300000000004002222222222000000\
    0111111111111111111111111110000101111111111111111111111111100000\
    1111111111111111111111111111111111111111111111111111111111111111\
    1111111111111111111111111111111111111111111111111111111111111111
    """

  /// The template's text of the line `bytes` of this shape.
  func key(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
    var key: [UInt8] = []
    var last = 0
    for number in 0..<count {
      let hole = holes[number]
      key += bytes[last..<hole.range.lowerBound]
      key.append(hole.mark)
      last = hole.range.upperBound
    }
    key += bytes[last...]
    return key
  }

  /// Whether the line `bytes` of this shape has the template text `key`, with `holes`
  /// literals, compared in place.
  func has(key: [UInt8], holes expected: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard expected == count else { return false }
    return key.withUnsafeBufferPointer { key in
      var position = 0
      var last = 0
      func matches(_ range: Range<Int>) -> Bool {
        guard position + range.count <= key.count else { return false }
        guard
          range.isEmpty
            || memcmp(
              key.baseAddress! + position, bytes.baseAddress! + range.lowerBound, range.count)
              == 0
        else { return false }
        position += range.count
        return true
      }
      for number in 0..<count {
        let hole = holes[number]
        guard matches(last..<hole.range.lowerBound), position < key.count,
          key[position] == hole.mark
        else { return false }
        position += 1
        last = hole.range.upperBound
      }
      return matches(last..<bytes.count) && position == key.count
    }
  }
}
