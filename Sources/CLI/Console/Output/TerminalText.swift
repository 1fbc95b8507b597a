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
    // Every scalar escaped here starts with one of these bytes in UTF-8: most text has none.
    if !json.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) {
      escaped = json
      unescaped = json
      return
    }
    var safe = String.UnicodeScalarView()
    for scalar in json.unicodeScalars {
      if Self.needsEscape(scalar) {
        let hex = String(scalar.value, radix: 16)
        safe.append(
          contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
      } else {
        safe.append(scalar)
      }
    }
    escaped = String(safe)
    unescaped = escaped
  }
}
