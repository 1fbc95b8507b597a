import Foundation
import Store

/// Makes any `Decodable` value of a ``ValueSyntax``, through the value's own `init(from:)`: an
/// enum's synthesized form is its case's name with its payload's labels (`_0`, `_1` for the
/// unlabelled ones), a struct's its properties' names.
///
/// ```swift
/// let action = try ValueSyntaxDecoder.decode(Todos.Action.self, from: ".addTapped(\"Milk\")")
/// ```
///
/// A mistake throws a ``ValueSyntaxError`` at the byte where it is, with what was expected
/// there — the type's cases or labels, as ``TypeShape`` reads them — and the nearest of them.
/// What it reads beside synthesized forms: a `RawRepresentable` enum that is `CaseIterable` by
/// its case (`.pug`) or its raw value; a `Date` as `"2026-11-29T03:45:12Z"` or seconds since
/// 2001; a `URL` as a string; a `Decimal` as a number; a dictionary keyed by strings or
/// numbers. Every argument typed must be read: a label the type has not is an error, not
/// ignored as `JSONDecoder` would.
///
/// Bound: linear in the text to parse it; decoding visits each node once, with a look-up of each
/// key among its node's arguments (O(arguments) each, so O(n·a) for a arguments a node at most).
package enum ValueSyntaxDecoder {
  /// The value of type `type` that `text` spells.
  package static func decode<T: Decodable>(_ type: T.Type, from text: String)
    throws(ValueSyntaxError) -> T
  {
    try decode(type, from: try ValueSyntax(text))
  }

  /// The value of type `type` that `syntax` spells; `trace`, when given, learns what each
  /// node was read as (for ``LineTemplates``).
  package static func decode<T: Decodable>(
    _ type: T.Type, from syntax: ValueSyntax, trace: ValueTrace? = nil
  ) throws(ValueSyntaxError) -> T {
    let decoder = ValueDecoding(syntax)
    decoder.trace = trace
    do {
      return try decoder.value(T.self, at: 0)
    } catch let error as ValueSyntaxError {
      throw error
    } catch {
      throw ValueSyntaxError("\(error)", at: 0)
    }
  }
}

/// The decoder: a cursor on a node, and what was read of it.
final class ValueDecoding: Decoder {
  let syntax: ValueSyntax
  /// The node being decoded.
  private(set) var node = 0
  /// The type being decoded there.
  private(set) var type: Any.Type = Never.self
  /// How many of the node's arguments have been read.
  var reads: Int32 = 0
  /// Whether the type decoding the node read it by keys (its arguments are then all to read).
  var keyed = false
  /// What each node was read as, when a template is being learnt.
  var trace: ValueTrace?

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(_ syntax: ValueSyntax) {
    self.syntax = syntax
  }

  var nodes: [ValueNode] { syntax.nodes }

  /// Moves the cursor to the node at `index` (for a container a type asks for by key).
  func setNode(_ index: Int) { node = index }

  /// The value of type `T` at node `index`, every argument it has read.
  func value<T: Decodable>(_: T.Type, at index: Int) throws -> T {
    let saved = (node, type, reads, keyed)
    (node, type, reads, keyed) = (index, T.self, 0, false)
    defer { (node, type, reads, keyed) = saved }
    if let special = try special(T.self, at: index) {
      trace?.values[index] = special
      return special
    }
    let value: T
    do {
      value = try T(from: self)
    } catch ValueDecodingSignal.rawCase {
      guard let raw = rawCase(T.self, at: index) else { throw unknownCase(at: index) }
      return raw
    } catch let error as ValueSyntaxError {
      throw error
    } catch {
      // A type's own complaint, placed here, where the type and its node are known.
      throw describe(error)
    }
    let node = nodes[index]
    if keyed, reads < node.count, node.kind == .tuple || node.kind == .enumCase {
      throw unread(at: index)
    }
    trace?.values[index] = value
    return value
  }

  /// The types read otherwise than by their `Codable`: dates, URLs, decimals.
  private func special<T>(_: T.Type, at index: Int) throws -> T? {
    let node = nodes[index]
    if T.self == Date.self {
      switch node.kind {
      case .string:
        let text = syntax.string(at: index)
        guard let date = LogDate.parse(text) else {
          throw ValueSyntaxError(
            "'\(text)' is not a date", at: Int(node.start),
            expected: "a date such as \"2026-11-29T03:45:12Z\", or seconds since 2001")
        }
        return date as? T
      case .integer, .decimal:
        return Date(timeIntervalSinceReferenceDate: try double(at: index)) as? T
      default:
        throw mismatch(at: index, expected: "a date such as \"2026-11-29T03:45:12Z\"")
      }
    }
    if T.self == URL.self {
      guard node.kind == .string else { throw mismatch(at: index, expected: "a URL as a string") }
      let text = syntax.string(at: index)
      guard let url = URL(string: text) else {
        throw ValueSyntaxError("'\(text)' is not a URL", at: Int(node.start), expected: "a URL")
      }
      return url as? T
    }
    if T.self == Decimal.self {
      guard node.kind == .integer || node.kind == .decimal,
        let decimal = Decimal(string: number(at: index), locale: Locale(identifier: "en_US_POSIX"))
      else { throw mismatch(at: index, expected: "a number") }
      return decimal as? T
    }
    return nil
  }

  /// A `RawRepresentable` case named at `index` (its `init(from:)` asked for its raw value and
  /// found a case), looked up among `allCases` by name.
  private func rawCase<T>(_: T.Type, at index: Int) -> T? {
    guard let iterable = T.self as? any CaseIterable.Type else { return nil }
    let name = syntax.text(nodes[index].name)
    return Self.cases(of: iterable).first { "\($0)" == name } as? T
  }

  private static func cases<C: CaseIterable>(of _: C.Type) -> [Any] { Array(C.allCases) }

  func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let node = nodes[self.node]
    keyed = true
    switch node.kind {
    case .enumCase:
      guard let key = Key(stringValue: syntax.text(node.name)) else {
        throw unknownCase(at: self.node)
      }
      return KeyedDecodingContainer(CaseContainer(decoder: self, index: self.node, key: key))
    case .tuple:
      return KeyedDecodingContainer(ArgumentsContainer<Key>(decoder: self, index: self.node))
    case .dictionary:
      return KeyedDecodingContainer(DictionaryContainer<Key>(decoder: self, index: self.node))
    default:
      throw mismatch(at: self.node, expected: expectation(of: type))
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let node = nodes[self.node]
    guard node.kind == .array || node.kind == .dictionary else {
      throw mismatch(at: self.node, expected: "a list, [a, b, …]")
    }
    return ListContainer(decoder: self, index: self.node)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleContainer(decoder: self, index: node)
  }
}

/// Thrown through a type's `init(from:)` when it asked for a raw value and found a case: the
/// decoder then finds the case by name.
enum ValueDecodingSignal: Error { case rawCase }

// MARK: - Reading values

extension ValueDecoding {
  /// The text of a number node, without `_` and a leading `+`.
  func number(at index: Int) -> String {
    let node = nodes[index]
    var text = syntax.text(Int32(node.start)..<Int32(node.end))
    if text.contains("_") { text.removeAll { $0 == "_" } }
    if text.hasPrefix("+") { text.removeFirst() }
    return text
  }

  func integer<I: FixedWidthInteger>(_: I.Type, at index: Int) throws -> I {
    trace?.literals[index] = I.self
    let node = nodes[index]
    guard node.kind == .integer else {
      if node.kind == .enumCase, !node.hasArguments, TypeShape(of: type)?.cases != nil {
        throw ValueDecodingSignal.rawCase
      }
      throw mismatch(at: index, expected: "a whole number (\(I.self))")
    }
    // Digits read straight from the bytes, with overflow checked.
    var value: I = 0
    var negative = false
    var overflow = false
    for byte in syntax.source[Int(node.start)..<Int(node.end)] {
      switch byte {
      case UInt8(ascii: "-"): negative = true
      case UInt8(ascii: "+"), UInt8(ascii: "_"): continue
      default:
        let digit = I(byte - UInt8(ascii: "0"))
        var step: Bool
        (value, step) = value.multipliedReportingOverflow(by: 10)
        overflow = overflow || step
        (value, step) =
          negative
          ? value.subtractingReportingOverflow(digit) : value.addingReportingOverflow(digit)
        overflow = overflow || step
      }
    }
    guard !overflow else {
      throw ValueSyntaxError(
        "\(number(at: index)) does not fit \(I.self)", at: Int(node.start),
        expected: "a number from \(I.min) to \(I.max)")
    }
    return value
  }

  func double(at index: Int) throws -> Double {
    trace?.literals[index] = Double.self
    let node = nodes[index]
    switch node.kind {
    case .integer, .decimal:
      if let value = Double(number(at: index)), value.isFinite { return value }
      throw ValueSyntaxError(
        "\(number(at: index)) is too large for a Double", at: Int(node.start),
        expected: "a number")
    case .enumCase where !node.hasArguments:
      switch syntax.text(node.name) {
      case "infinity":
        return syntax.source[Int(node.start)] == UInt8(ascii: "-") ? -.infinity : .infinity
      case "nan": return .nan
      default: break
      }
    default: break
    }
    throw mismatch(at: index, expected: "a number")
  }

  /// A `Float`, read as the `Double` of its text and then rounded.
  func float(at index: Int) throws -> Float {
    let value = Float(try double(at: index))
    trace?.literals[index] = Float.self
    return value
  }

  func bool(at index: Int) throws -> Bool {
    guard nodes[index].kind == .bool else { throw mismatch(at: index, expected: "true or false") }
    return nodes[index].isTrue
  }

  func string(at index: Int) throws -> String {
    trace?.literals[index] = String.self
    let node = nodes[index]
    if node.kind == .string { return syntax.string(at: index) }
    // A case where a raw value is asked for: a `RawRepresentable` enum typed by its case.
    if node.kind == .enumCase, !node.hasArguments, TypeShape(of: type)?.cases != nil {
      throw ValueDecodingSignal.rawCase
    }
    throw mismatch(at: index, expected: "a string, \"…\"")
  }
}

/// What a decoding read each node as, for learning a template (``LineTemplates``): the literal
/// type each number or string was read as, and the value each node made through `value(_:at:)`.
package final class ValueTrace {
  var literals: [Int: Any.Type] = [:]
  var values: [Int: Any] = [:]

  package init() {}
}
