/// Text on its way to the terminal: the only thing ``StandardStreams`` writes, so every text from
/// outside the process — HTTP answers, place names, error reasons, log payloads, typed input,
/// file names — passes the one sanitiser, ``escape(_:)``, before it reaches stdout or stderr.
///
/// Built by string interpolation: the literal parts are the program's own and go out as written
/// (escape sequences of its own included); every interpolated value is escaped.
///
/// ```swift
/// let name = "\u{1B}]0;pwned\u{07}"
/// let text: TerminalText = "recording to \(name)\n"
/// text.escaped   // "recording to \\u{1b}]0;pwned\\u{7}\n"
/// ```
///
/// There is no way to make one from a `String` variable without escaping it: the literal type
/// is `StaticString`, so only text written in the source goes out unescaped.
@usableFromInline
package struct TerminalText: Equatable, Sendable, ExpressibleByStringInterpolation,
  CustomStringConvertible
{
  /// The text as it goes to a terminal, every value escaped.
  package private(set) var escaped: String
  /// The same text with the values as they were, for `--json`, whose own escaping then applies.
  private(set) var unescaped: String

  @usableFromInline package init(stringLiteral literal: StaticString) {
    escaped = literal.description
    unescaped = escaped
  }

  @usableFromInline package init(stringInterpolation: Interpolation) {
    escaped = stringInterpolation.escaped
    unescaped = stringInterpolation.unescaped
  }

  /// `text`, from outside, escaped.
  package init(_ text: String) {
    escaped = Self.escape(text)
    unescaped = text
  }

  @usableFromInline package var description: String { escaped }

  package static func + (left: TerminalText, right: TerminalText) -> TerminalText {
    var joined = left
    joined.escaped += right.escaped
    joined.unescaped += right.unescaped
    return joined
  }

  package static func += (left: inout TerminalText, right: TerminalText) {
    left = left + right
  }

  /// The parts of a ``TerminalText`` literal with interpolations.
  @usableFromInline
  package struct Interpolation: StringInterpolationProtocol {
    @usableFromInline package typealias StringLiteralType = StaticString
    package var escaped = ""
    package var unescaped = ""

    @usableFromInline package init(literalCapacity: Int, interpolationCount: Int) {
      escaped.reserveCapacity(literalCapacity + 16 * interpolationCount)
    }

    @usableFromInline package mutating func appendLiteral(_ literal: StaticString) {
      escaped += literal.description
      unescaped += literal.description
    }

    /// A value: escaped.
    package mutating func appendInterpolation(_ value: some Any) {
      let text = String(describing: value)
      escaped += TerminalText.escape(text)
      unescaped += text
    }

    /// Text already made safe: as it is.
    package mutating func appendInterpolation(_ text: TerminalText) {
      escaped += text.escaped
      unescaped += text.unescaped
    }
  }

  // MARK: - The sanitiser

  /// `text` with every character a terminal could act on shown as a Swift-style escape, `\u{1b}`:
  /// C0 controls (NUL…US: BEL, backspace, tab, LF, CR, ESC among them), DEL, C1 controls
  /// (U+0080…U+009F, where U+009B starts a control sequence as ESC [ does), the bidirectional
  /// formatting characters that reorder what is shown (U+061C, U+200E, U+200F, U+202A…U+202E,
  /// U+2066…U+2069), and the line and paragraph separators U+2028 and U+2029. Everything else,
  /// Hangul and emoji included, is shown as it is.
  ///
  /// ```swift
  /// TerminalText.escape("a\nclock: fake")   // "a\\u{a}clock: fake"
  /// ```
  package static func escape(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var escaped = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        escaped.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
      } else {
        escaped.append(scalar)
      }
    }
    return String(escaped)
  }

  /// Whether ``escape(_:)`` shows `scalar` escaped.
  package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
      true
    default:
      false
    }
  }

  /// A line of JSON text with the characters ``escape(_:)`` escapes written as JSON escapes
  /// (`\u009b`). JSON escapes C0 controls in strings itself, but not DEL, C1 controls,
  /// bidirectional formatting, U+2028 or U+2029; these can only be inside strings, so the JSON
  /// means the same. One line: a line break between values would be escaped too.
  ///
  /// ```swift
  /// TerminalText(json: #"{"text":"a\#u{9B}31m"}"#).escaped   // {"text":"a\u009b31m"}
  /// ```
  package init(json: String) {
    escaped = Self.escapingJSON(json)
    unescaped = escaped
  }

  /// ``init(json:)``'s text: byte by byte, since every scalar ``needsEscape(_:)`` names is one
  /// of a few UTF-8 sequences (C0 and DEL one byte, C1 and U+061C two, the rest three, from
  /// `E2`); text without them is returned as it is. O(length of `json`).
  private static func escapingJSON(_ json: String) -> String {
    let bytes = Array(json.utf8)
    var out: [UInt8] = []
    var copied = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      var length = 0
      var scalar: UInt32 = 0
      switch byte {
      case 0x00...0x1F, 0x7F:
        (length, scalar) = (1, UInt32(byte))
      case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
        (length, scalar) = (2, UInt32(bytes[index + 1]))
      case 0xD8 where index + 1 < bytes.count && bytes[index + 1] == 0x9C:
        (length, scalar) = (2, 0x061C)
      case 0xE2 where index + 2 < bytes.count && (0x80...0x81).contains(bytes[index + 1]):
        let value = 0x2000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        if needsEscape(Unicode.Scalar(value)!) { (length, scalar) = (3, value) }
      default:
        break
      }
      guard length > 0 else {
        index += 1
        continue
      }
      if out.isEmpty { out.reserveCapacity(bytes.count + 16) }
      out += bytes[copied..<index]
      let hex = String(scalar, radix: 16)
      out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
      index += length
      copied = index
    }
    if copied == 0 { return json }
    out += bytes[copied...]
    return String(decoding: out, as: UTF8.self)
  }
}
