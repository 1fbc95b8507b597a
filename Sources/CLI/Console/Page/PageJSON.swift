/// A JSON value as the session page holds it: a state read from its `Codable` JSON, a patch,
/// the page's data. Numbers keep their text, so that nothing is rounded on the way; an object
/// keeps its keys in the order they came (a state's are sorted, as in the log).
///
/// ```swift
/// let value = PageJSON.object([("title", .string("Buy milk")), ("id", .number("1"))])
/// value.text   // {"title":"Buy milk","id":1}
/// ```
package indirect enum PageJSON: Equatable, Sendable {
  case null
  case bool(Bool)
  /// A number as JSON writes it: `1`, `-2.5`, `1e+30`.
  case number(String)
  case string(String)
  case array([PageJSON])
  case object([Member])

  /// One key and its value.
  package struct Member: Equatable, Sendable {
    package var key: String
    package var value: PageJSON

    package init(_ key: String, _ value: PageJSON) {
      self.key = key
      self.value = value
    }
  }

  /// An object of `pairs`, in their order.
  package static func object(_ pairs: [(String, PageJSON)]) -> PageJSON {
    .object(pairs.map { Member($0.0, $0.1) })
  }

  /// An integer.
  package static func int(_ value: Int) -> PageJSON { .number(String(value)) }

  /// The value of `key` in an object; nil for another value or a missing key.
  package subscript(key: String) -> PageJSON? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as compact JSON, safe to put inside `<script type="application/json">`: see
  /// ``write(to:)``.
  package var text: String {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// How many bytes ``write(to:)`` appends. O(size of the value).
  package var byteCount: Int {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return bytes.count
  }

  /// Appends the value as compact JSON. Every string is escaped so that the JSON can sit inside
  /// an HTML `<script>` element and be read back whole by `JSON.parse`: `<`, `>` and `&` as
  /// `\u003c`, `\u003e`, `\u0026` (no `</script>` or `<!--` can end or change the element),
  /// U+2028 and U+2029 as `\u2028`, `\u2029`, every control character as `\u00XX`, and `"` and
  /// `\` as JSON requires. O(size of the value).
  package func write(to bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): bytes.append(contentsOf: text.utf8)
    case .string(let text): Self.writeString(text, to: &bytes)
    case .array(let items):
      bytes.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        item.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private static let hex = Array("0123456789abcdef".utf8)

  /// `text` as a JSON string, escaped as ``write(to:)`` says.
  package static func writeString(_ text: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: bytes.append(contentsOf: #"\""#.utf8)
      case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
      case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
      case 0x3C, 0x3E, 0x26, 0x2028, 0x2029, 0..<0x20, 0x7F:
        bytes.append(contentsOf: #"\u"#.utf8)
        for shift in stride(from: 12, through: 0, by: -4) {
          bytes.append(hex[Int((scalar.value >> UInt32(shift)) & 0xF)])
        }
      default: UTF8.encode(scalar) { bytes.append($0) }
      }
    }
    bytes.append(UInt8(ascii: "\""))
  }
}
