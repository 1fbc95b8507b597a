/// Reads JSON text, such as a state's `Codable` JSON, into a ``PageJSON``.
///
/// ```swift
/// try PageJSONParser.parse(Array(#"{"id":1,"title":"Tea"}"#.utf8))
/// // .object([("id", .number("1")), ("title", .string("Tea"))])
/// ```
///
/// **Bounds.** O(n) in the text's length; nesting deeper than ``maximumDepth`` is refused
/// rather than recursed into.
package struct PageJSONParser {
  /// How deep arrays and objects may nest.
  package static let maximumDepth = 512

  /// What is wrong with the text, and at which byte.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var problem: String
    package var description: String { "byte \(offset): \(problem)" }
  }

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The value of the JSON text `bytes`, which must hold one value and nothing after it but
  /// whitespace.
  package static func parse(_ bytes: [UInt8]) throws(Failure) -> PageJSON {
    var parser = PageJSONParser(bytes)
    let value = try parser.value(depth: 0)
    parser.skipSpace()
    guard parser.index == bytes.count else { throw parser.failure("text after the value") }
    return value
  }

  private func failure(_ problem: String) -> Failure { Failure(offset: index, problem: problem) }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func value(depth: Int) throws(Failure) -> PageJSON {
    guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
    skipSpace()
    guard index < bytes.count else { throw failure("the text ends where a value was expected") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return try number()
    }
  }

  private mutating func literal(_ word: String, _ value: PageJSON) throws(Failure) -> PageJSON {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count,
      Array(bytes[index..<(index + expected.count)]) == expected
    else { throw failure("expected \(word)") }
    index += expected.count
    return value
  }

  private mutating func number() throws(Failure) -> PageJSON {
    let start = index
    while index < bytes.count,
      bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e")
        || bytes[index] == UInt8(ascii: "E")
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    {
      index += 1
    }
    guard index > start else { throw failure("expected a value") }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func array(depth: Int) throws(Failure) -> PageJSON {
    index += 1
    var items: [PageJSON] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      items.append(try value(depth: depth + 1))
      skipSpace()
      guard index < bytes.count else { throw failure("the text ends inside an array") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "]") { return .array(items) }
      guard byte == UInt8(ascii: ",") else { throw failure("expected , or ] in an array") }
    }
  }

  private mutating func object(depth: Int) throws(Failure) -> PageJSON {
    index += 1
    var members: [PageJSON.Member] = []
    skipSpace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw failure("expected a key in an object")
      }
      let key = try string()
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw failure("expected : after a key")
      }
      index += 1
      members.append(PageJSON.Member(key, try value(depth: depth + 1)))
      skipSpace()
      guard index < bytes.count else { throw failure("the text ends inside an object") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "}") { return .object(members) }
      guard byte == UInt8(ascii: ",") else { throw failure("expected , or } in an object") }
    }
  }

  private mutating func string() throws(Failure) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        defer { index += 1 }
        // No escape met: the bytes are the string (the usual case, one copy).
        if scalars.isEmpty { return String(decoding: bytes[start..<index], as: UTF8.self) }
        scalars.append(
          contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
        return String(scalars)
      }
      guard byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      scalars.append(
        contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
      index += 1
      guard index < bytes.count else { break }
      let escape = bytes[index]
      index += 1
      switch escape {
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "t"): scalars.append("\t")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "b"): scalars.append("\u{8}")
      case UInt8(ascii: "f"): scalars.append("\u{C}")
      case UInt8(ascii: "u"): scalars.append(try escapedScalar())
      default: scalars.append(Unicode.Scalar(escape))
      }
      start = index
    }
    throw failure("the text ends inside a string")
  }

  /// The scalar of `\uXXXX` (the `\u` read), joining a surrogate pair; a lone surrogate reads
  /// as U+FFFD.
  private mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
    let first = try hexUnit()
    if (0xD800..<0xDC00).contains(first), bytes.count - index >= 6,
      bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
    {
      index += 2
      let second = try hexUnit()
      if (0xDC00..<0xE000).contains(second) {
        let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        return Unicode.Scalar(value) ?? "\u{FFFD}"
      }
      return "\u{FFFD}"
    }
    return Unicode.Scalar(first) ?? "\u{FFFD}"
  }

  private mutating func hexUnit() throws(Failure) -> UInt32 {
    guard bytes.count - index >= 4 else { throw failure("a \\u escape needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else {
        throw failure("a \\u escape needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
