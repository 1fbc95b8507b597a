/// Blanks a secret out of a text however a server spelled it back, before anything cuts the
/// text short: every occurrence is replaced by `[key]`.
///
/// ```swift
/// let redaction = SecretRedaction(secret: "0123456789abcdef")
/// redaction.redact("bad key=0123456789ABCDEF")   // "bad key=[key]"
/// redaction.redact("GET /?key=0123")            // "GET /?key=[key]"
/// ```
///
/// What counts as the secret, compared ignoring case once the text's escapes are undone —
/// percent-encoding (`%41`, to any depth: `%2541`), JSON's `\u0041` and HTML's `&#65;` / `&#x41;`:
/// - the whole secret;
/// - any run of ``minimumRun`` or more of its characters, wherever it is cut;
/// - after `key=` or `key:` (a query or a JSON field echoed back; `apikey=` too), its first
///   four or more characters.
struct SecretRedaction: Sendable {
  /// The secret's characters, lowercased.
  private let secret: [String]

  /// The shortest run of the secret's characters, anywhere in a text, that counts as the secret.
  static let minimumRun = 8
  /// The shortest start of the secret that counts as the secret right after `key=`.
  static let minimumPrefix = 4
  /// What replaces the secret.
  static let replacement = "[key]"

  init(secret: String) {
    self.secret = secret.unicodeScalars.map(Self.folded)
  }

  /// `text` with every spelling of the secret replaced by `[key]`.
  func redact(_ text: String) -> String {
    guard !secret.isEmpty else { return text }
    let original = Array(text.unicodeScalars)
    let units = Self.decoded(original)
    var marked = [Bool](repeating: false, count: original.count)
    func mark(_ unitRange: Range<Int>) {
      guard let first = unitRange.first, let last = unitRange.last else { return }
      for index in units[first].start..<units[last].end { marked[index] = true }
    }
    // Runs of the secret: `run[j]` is how many units up to here match the secret up to `j`.
    let threshold = min(secret.count, Self.minimumRun)
    var run = [Int](repeating: 0, count: secret.count + 1)
    for (index, unit) in units.enumerated() {
      for j in stride(from: secret.count, to: 0, by: -1) {
        run[j] = unit.text == secret[j - 1] ? run[j - 1] + 1 : 0
        if run[j] == threshold {
          mark((index - threshold + 1)..<(index + 1))
        } else if run[j] > threshold {
          mark(index..<(index + 1))  // the run goes on: the units before are marked already
        }
      }
    }
    // The secret's start after `key=` or `key:`, optionally quoted.
    let texts = units.map(\.text)
    for index in texts.indices where Self.isKeyName(texts, endingAt: index) {
      var start = index + 1
      while start < texts.count, texts[start] == "\"" || texts[start] == " " { start += 1 }
      guard start < texts.count, texts[start] == "=" || texts[start] == ":" else { continue }
      start += 1
      while start < texts.count, texts[start] == "\"" || texts[start] == " " { start += 1 }
      var length = 0
      while length < secret.count, start + length < texts.count,
        texts[start + length] == secret[length]
      {
        length += 1
      }
      if length >= min(Self.minimumPrefix, secret.count) { mark(start..<(start + length)) }
    }
    guard marked.contains(true) else { return text }
    var result = String.UnicodeScalarView()
    var index = 0
    while index < original.count {
      if marked[index] {
        result.append(contentsOf: Self.replacement.unicodeScalars)
        while index < original.count, marked[index] { index += 1 }
      } else {
        result.append(original[index])
        index += 1
      }
    }
    return String(result)
  }

  /// Whether the units ending at `index` spell `key` (folded): `key`, `apikey`, `api_key`.
  private static func isKeyName(_ texts: [String], endingAt index: Int) -> Bool {
    index >= 2 && texts[index] == "y" && texts[index - 1] == "e" && texts[index - 2] == "k"
  }

  /// One character of the text after its escapes are undone: its folded form and the scalars of
  /// the original text it came from.
  private struct Unit {
    var text: String
    var start: Int
    var end: Int
  }

  /// The text as units, with percent, JSON and HTML escapes undone, again and again while that
  /// changes something (`%2541` is `%41` is `A`), at most four times.
  private static func decoded(_ scalars: [Unicode.Scalar]) -> [Unit] {
    var units = scalars.enumerated().map { Unit(text: String($1), start: $0, end: $0 + 1) }
    for _ in 0..<4 {
      let next = decodeOnce(units)
      if next.count == units.count { break }
      units = next
    }
    for index in units.indices {
      units[index].text = units[index].text.unicodeScalars.map(folded).joined()
    }
    return units
  }

  private static func decodeOnce(_ units: [Unit]) -> [Unit] {
    var result: [Unit] = []
    result.reserveCapacity(units.count)
    var index = 0
    while index < units.count {
      if let (scalar, used) = escape(in: units, at: index) {
        result.append(
          Unit(text: String(scalar), start: units[index].start, end: units[index + used - 1].end))
        index += used
      } else {
        result.append(units[index])
        index += 1
      }
    }
    return result
  }

  /// The scalar an escape starting at `index` stands for, and how many units it takes:
  /// `%4B`, `\u004B`, `&#75;`, `&#x4B;`.
  private static func escape(in units: [Unit], at index: Int) -> (Unicode.Scalar, Int)? {
    func text(_ offset: Int) -> String? {
      index + offset < units.count ? units[index + offset].text : nil
    }
    func hex(_ from: Int, _ count: Int) -> UInt32? {
      var value: UInt32 = 0
      for offset in from..<(from + count) {
        guard let digit = text(offset).flatMap({ UInt32($0, radix: 16) }), text(offset)?.count == 1
        else { return nil }
        value = value << 4 | digit
      }
      return value
    }
    switch text(0) {
    case "%":
      return hex(1, 2).flatMap(Unicode.Scalar.init).map { ($0, 3) }
    case "\\" where text(1) == "u":
      return hex(2, 4).flatMap(Unicode.Scalar.init).map { ($0, 6) }
    case "&" where text(1) == "#":
      let isHex = text(2) == "x" || text(2) == "X"
      var digits = ""
      var offset = isHex ? 3 : 2
      while let next = text(offset), next != ";", digits.count < 8 {
        digits += next
        offset += 1
      }
      guard text(offset) == ";", !digits.isEmpty,
        let value = UInt32(digits, radix: isHex ? 16 : 10), let scalar = Unicode.Scalar(value)
      else { return nil }
      return (scalar, offset + 1)
    default:
      return nil
    }
  }

  /// `scalar` lowercased, so that a secret echoed in capitals is still found.
  private static func folded(_ scalar: Unicode.Scalar) -> String {
    scalar.properties.lowercaseMapping
  }
}
