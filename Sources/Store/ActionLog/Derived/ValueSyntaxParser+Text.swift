/// The text side of ``ValueSyntaxParser``: a string's value from its escaped bytes, and bytes
/// as a message shows them.
extension ValueSyntaxParser {
  /// A byte or scalar as a message shows it: printable as it is, anything else as `\u{…}`.
  static func display(_ bytes: some Collection<UInt8>) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    var shown = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFD}"
        || (0x200B...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value) || scalar.value == 0x2028
        || scalar.value == 0x2029
      {
        shown += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  static func display(_ byte: UInt8) -> String { display(CollectionOfOne(byte)) }

  /// A string's value from the bytes between its quotes, whose escapes were checked.
  static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\\"), index + 1 < bytes.endIndex else {
        result.append(byte)
        index += 1
        continue
      }
      let next = bytes[index + 1]
      index += 2
      switch next {
      case UInt8(ascii: "0"): result.append(0)
      case UInt8(ascii: "t"): result.append(0x09)
      case UInt8(ascii: "n"): result.append(0x0A)
      case UInt8(ascii: "r"): result.append(0x0D)
      case UInt8(ascii: "u"):
        var value: UInt32 = 0
        index += 1  // {
        while index < bytes.endIndex, let digit = hexDigit(bytes[index]) {
          value = value &* 16 &+ UInt32(digit)
          index += 1
        }
        index += 1  // }
        result.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
      default: result.append(next)
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The value of a hexadecimal digit, or nil.
  static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
