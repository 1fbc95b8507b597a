import Foundation
import Store

/// Writes any `Encodable` value as the Swift expression ``ValueSyntaxDecoder`` reads back —
/// from the value's own `encode(to:)`, so that what is written always reads back equal:
/// `.moved(from: 1, to: 2)`, `.episodes(.element(id: 1, action: .downloadTapped))`,
/// `(title: "Milk", done: false)`.
///
/// ```swift
/// try ValueSyntaxEncoder.encode(Todos.Action.addTapped("Milk"))   // .addTapped("Milk")
/// ```
///
/// An enum in its synthesized form (one key, its case, holding the payload's values) is written
/// as a case; any other keyed value as `(label: value, …)`, a dictionary as `["key": value]`, a
/// list as `[a, b]`. A `CaseIterable` enum encoded by its raw value is written as its case; a
/// `Date` as `"2026-11-29T03:45:12Z"` (seconds since 2001 outside the years 0001…9999), a `URL`
/// as its string, a `Decimal` as its digits. Strings are Swift literals, their controls,
/// quotes, backslashes and the characters a terminal would hide or obey escaped, so that the
/// text is one line and safe to print.
///
/// Bound: linear in the size of the encoded value, which it builds whole before writing it.
package enum ValueSyntaxEncoder {
  /// `value` as Swift.
  package static func encode<T: Encodable>(_ value: T) throws -> String {
    let node = try EncodedNode.encode(value)
    var text = ""
    node.write(to: &text)
    return text
  }
}

/// One value as its `encode(to:)` wrote it, before it is written as text.
final class EncodedNode {
  enum Content {
    case empty
    case keyed([(key: String, isInteger: Bool, node: EncodedNode)])
    case unkeyed([EncodedNode])
    case text(String)
  }

  /// The type whose `encode(to:)` wrote the node.
  let type: Any.Type
  var content = Content.empty

  init(type: Any.Type) {
    self.type = type
  }

  /// The node of `value`: written directly for the types with a form of their own, else by its
  /// `encode(to:)`.
  static func encode<T: Encodable>(_ value: T) throws -> EncodedNode {
    let node = EncodedNode(type: T.self)
    switch value {
    case let date as Date:
      node.content = .text(
        LogDate.string(date).map(ValueText.string)
          ?? ValueText.number(date.timeIntervalSinceReferenceDate))
    case let url as URL:
      node.content = .text(ValueText.string(url.absoluteString))
    case let decimal as Decimal:
      node.content = .text(decimal.description)
    default:
      try value.encode(to: NodeEncoder(node))
      if case .text = node.content, let name = caseName(value) {
        // A raw-valued enum: its case rather than its raw value.
        node.content = .text("." + name)
      }
    }
    return node
  }

  /// The name of `value`'s case, when it is an enum the decoder can find by that name
  /// (`CaseIterable`, and described by its case name).
  private static func caseName<T>(_ value: T) -> String? {
    guard T.self is any CaseIterable.Type, !(value is any CustomStringConvertible),
      let cases = TypeShape(of: T.self)?.cases
    else { return nil }
    let name = "\(value)"
    return cases.contains { $0.name == name } ? name : nil
  }

  private var isEnum: Bool {
    let kind = unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self)
    return kind == 0x201 || kind == 0x202
  }

  func write(to text: inout String) {
    switch content {
    case .empty:
      text += "()"
    case .text(let literal):
      text += literal
    case .unkeyed(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += ", " }
        element.write(to: &text)
      }
      text += "]"
    case .keyed(let entries):
      if type is any DictionaryMarker.Type {
        guard !entries.isEmpty else {
          text += "[:]"
          return
        }
        text += "["
        for (index, entry) in entries.enumerated() {
          if index > 0 { text += ", " }
          text += entry.isInteger ? entry.key : ValueText.string(entry.key)
          text += ": "
          entry.node.write(to: &text)
        }
        text += "]"
      } else if isEnum, entries.count == 1, case .keyed(let payload) = entries[0].node.content {
        text += "." + ValueText.name(entries[0].key)
        if !payload.isEmpty { Self.arguments(payload, to: &text) }
      } else if isEnum, entries.count == 1, case .empty = entries[0].node.content {
        text += "." + ValueText.name(entries[0].key)
      } else {
        Self.arguments(entries, to: &text)
      }
    }
  }

  /// `(label: value, value, …)`: a key `_N` is a value without label.
  private static func arguments(
    _ entries: [(key: String, isInteger: Bool, node: EncodedNode)], to text: inout String
  ) {
    text += "("
    for (index, entry) in entries.enumerated() {
      if index > 0 { text += ", " }
      if !(entry.key.utf8.first == UInt8(ascii: "_") && Int(entry.key.dropFirst()) != nil) {
        text += ValueText.name(entry.key) + ": "
      }
      entry.node.write(to: &text)
    }
    text += ")"
  }
}

/// Dictionaries, told apart from other keyed values.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}

/// The texts of the literals.
package enum ValueText {
  /// A Swift string literal: quotes, backslashes, controls and the characters a terminal would
  /// hide or obey escaped.
  package static func string(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\0": text += "\\0"
      default:
        if hidden(scalar) {
          text += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          text.unicodeScalars.append(scalar)
        }
      }
    }
    return text + "\""
  }

  /// Controls, bidirectional formatting, zero-width characters, line and paragraph separators.
  package static func hidden(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    return value < 0x20 || (0x7F...0x9F).contains(value) || (0x200B...0x200F).contains(value)
      || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
      || value == 0x2028 || value == 0x2029 || value == 0xFEFF
  }

  package static func number(_ value: Double) -> String {
    if value.isNaN { return ".nan" }
    if value.isInfinite { return value < 0 ? "-.infinity" : ".infinity" }
    return "\(value)"
  }

  /// A name as Swift writes it: in backquotes when it is not a plain identifier.
  package static func name(_ text: String) -> String {
    let plain =
      !text.isEmpty && text.utf8.allSatisfy(ValueSyntaxParser.isIdentifierByte)
      && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text.utf8.first!)
    return plain ? text : "`\(text)`"
  }
}
