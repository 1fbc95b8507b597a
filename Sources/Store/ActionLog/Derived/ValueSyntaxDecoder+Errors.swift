import Foundation
import Store

// What the decoder says when a typed value is not of the type asked for: at the node at fault,
// what was expected there (the type's cases or labels, read through ``TypeShape``), and the
// nearest of them when a name is mistyped.
extension ValueDecoding {
  /// A type's name as a message shows it: `Action`, `IdentifiedAction<Int, Action>`.
  static func name(_ type: Any.Type) -> String { sourceTypeName(type) }

  /// A payload's type as Swift spells it short: `Int?`, `[String]`, `[String: Int]`,
  /// `IdentifiedAction<Int, EpisodeAction>` — without the types it is nested in.
  static func shortName(_ type: Any.Type) -> String { sugared(String(describing: type)) }

  /// `Optional<X>` as `X?`, `Array<X>` as `[X]`, `Dictionary<K, V>` as `[K: V]`, at any depth.
  private static func sugared(_ name: String) -> String {
    for (prefix, make) in [
      ("Optional<", { (parts: [String]) in parts[0] + "?" }),
      ("Array<", { (parts: [String]) in "[" + parts[0] + "]" }),
      ("Dictionary<", { (parts: [String]) in "[" + parts.joined(separator: ": ") + "]" }),
    ] where name.hasPrefix(prefix) && name.hasSuffix(">") {
      let inner = name.dropFirst(prefix.count).dropLast()
      let parts = splitArguments(inner).map(sugared)
      return make(parts.count == (prefix == "Dictionary<" ? 2 : 1) ? parts : [String(inner)])
    }
    guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return name }
    let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
    return name[..<open] + "<" + splitArguments(inner).map(sugared).joined(separator: ", ") + ">"
  }

  /// The generic arguments in `text`, split at its top-level commas.
  private static func splitArguments(_ text: Substring) -> [String] {
    var parts: [String] = []
    var depth = 0
    var current = ""
    for character in text {
      switch character {
      case "<", "[", "(": depth += 1
      case ">", "]", ")": depth -= 1
      case "," where depth == 0:
        parts.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    parts.append(current.trimmingCharacters(in: .whitespaces))
    return parts
  }

  /// What a value of `type` looks like, for a message.
  func expectation(of type: Any.Type) -> String {
    switch TypeShape(of: type) {
    case .enum(let cases)?:
      return "a case of \(Self.name(type)): "
        + cases.map { Self.signature($0) }.joined(separator: ", ")
    case .struct(let fields)?:
      return "\(Self.name(type)) as ("
        + fields.map { "\($0.name): \(Self.name($0.type))" }
        .joined(separator: ", ") + ")"
    case nil:
      return "a value of \(Self.name(type))"
    }
  }

  /// `.moved(from: Int, to: Int)`, `.added(String)`, `.reset`.
  static func signature(_ shape: TypeShape.Case) -> String {
    guard !shape.payload.isEmpty else { return "." + shape.name }
    let values = shape.payload.map { value in
      (value.label.map { "\($0): " } ?? "") + shortName(value.type)
    }
    return ".\(shape.name)(\(values.joined(separator: ", ")))"
  }

  /// The case typed at `index` is not one of its type's.
  func unknownCase(at index: Int) -> ValueSyntaxError {
    let node = nodes[index]
    let typed = syntax.text(node.name)
    guard let cases = TypeShape(of: type)?.cases else {
      return ValueSyntaxError(
        "'.\(typed)' is not a case of \(Self.name(type))", at: Int(node.start),
        expected: expectation(of: type))
    }
    return ValueSyntaxError(
      "unknown case '.\(typed)' of \(Self.name(type))", at: Int(node.start),
      expected: "one of its cases: " + cases.map { Self.signature($0) }.joined(separator: ", "),
      suggestion: Suggestion.likely(typed, among: cases.map(\.name)).map { "." + $0 })
  }

  /// The value at `index` is of another kind than `expected`.
  func mismatch(at index: Int, expected: String) -> ValueSyntaxError {
    ValueSyntaxError(
      "\(kind(at: index)) where \(Self.name(type)) needs \(expected)", at: Int(nodes[index].start),
      expected: expected)
  }

  /// What the node at `index` is, for a message: `a string`, `the case .added`.
  func kind(at index: Int) -> String {
    let node = nodes[index]
    switch node.kind {
    case .enumCase: return "the case .\(syntax.text(node.name))"
    case .tuple: return "(…)"
    case .array: return "a list"
    case .dictionary: return "a dictionary"
    case .string: return "a string"
    case .integer: return "the number \(number(at: index))"
    case .decimal: return "the number \(number(at: index))"
    case .bool: return node.isTrue ? "true" : "false"
    case .null: return "nil"
    }
  }

  /// The argument `key` is missing from the node at `index`.
  func missing(_ key: String, at index: Int) -> ValueSyntaxError {
    // A label typed wrong is the likelier mistake: name it rather than the one it stands for.
    if let wrong = unknownLabel(at: index) { return wrong }
    let node = nodes[index]
    let owner = node.kind == .enumCase ? ".\(syntax.text(node.name))" : Self.name(type)
    let isLabel = ArgumentsContainer<AnyKey>.position(key) == nil
    let expected = labels(of: index).map { "(\($0))" } ?? expectation(of: type)
    // A value typed without its label, where the label goes: say so there, not at the end.
    if isLabel, let position = labelNames(of: index)?.firstIndex(of: key),
      let value = syntax.children(of: index).dropFirst(position).first(where: { _ in true }),
      nodes[value].label.isEmpty
    {
      return ValueSyntaxError(
        "\(owner) needs '\(key):' before this value", at: Int(nodes[value].start),
        expected: expected)
    }
    return ValueSyntaxError(
      "\(owner) needs \(isLabel ? "'\(key):'" : "a value")",
      at: max(Int(node.end) - 1, Int(node.start)), expected: expected)
  }

  /// An argument of the node at `index` that its type did not read: a label it has not, or a
  /// value too many.
  func unread(at index: Int) -> ValueSyntaxError {
    if let wrong = unknownLabel(at: index) { return wrong }
    let node = nodes[index]
    let owner = node.kind == .enumCase ? ".\(syntax.text(node.name))" : Self.name(type)
    let known = Set(labelNames(of: index) ?? [])
    var position = 0
    for child in syntax.children(of: index) {
      defer { position += 1 }
      if nodes[child].label.isEmpty, !known.contains("_\(position)") {
        return ValueSyntaxError(
          "\(owner) does not take this value", at: Int(nodes[child].start),
          expected: labels(of: index).map { "(\($0))" })
      }
    }
    return ValueSyntaxError(
      "\(owner) does not read every value given", at: Int(node.start),
      expected: labels(of: index).map { "(\($0))" })
  }

  /// The first label typed at `index` that its type does not have, as an error.
  private func unknownLabel(at index: Int) -> ValueSyntaxError? {
    guard let names = labelNames(of: index) else { return nil }
    let node = nodes[index]
    let owner = node.kind == .enumCase ? ".\(syntax.text(node.name))" : Self.name(type)
    for child in syntax.children(of: index) where !nodes[child].label.isEmpty {
      let label = nodes[child].label
      let text = syntax.text(label)
      guard !names.contains(text) else { continue }
      return ValueSyntaxError(
        "\(owner) has no '\(text):'", at: Int(label.lowerBound),
        expected: labels(of: index).map { "(\($0))" },
        suggestion: Suggestion.likely(text, among: names).map { $0 + ":" })
    }
    return nil
  }

  /// The labels (`_0` for an unlabelled value) the node at `index` may have, from its type.
  private func labelNames(of index: Int) -> [String]? {
    let node = nodes[index]
    switch TypeShape(of: type) {
    case .enum(let cases)?:
      let name = syntax.text(node.name)
      guard let shape = cases.first(where: { $0.name == name }) else { return nil }
      return shape.payload.enumerated().map { $1.label ?? "_\($0)" }
    case .struct(let fields)?:
      return fields.map(\.name)
    case nil:
      return nil
    }
  }

  /// `from: Int, to: Int`: what the node at `index` takes, for a message.
  private func labels(of index: Int) -> String? {
    let node = nodes[index]
    switch TypeShape(of: type) {
    case .enum(let cases)?:
      let name = syntax.text(node.name)
      guard let shape = cases.first(where: { $0.name == name }), !shape.payload.isEmpty else {
        return nil
      }
      return shape.payload.map { ($0.label.map { "\($0): " } ?? "") + Self.shortName($0.type) }
        .joined(separator: ", ")
    case .struct(let fields)?:
      return fields.map { "\($0.name): \(Self.shortName($0.type))" }.joined(separator: ", ")
    case nil:
      return nil
    }
  }

  func unsupported(at index: Int) -> ValueSyntaxError {
    ValueSyntaxError(
      "\(Self.name(type)) decodes itself in a way a typed value cannot give",
      at: Int(nodes[index].start))
  }

  /// An error a type's own `init(from:)` threw, at the node being decoded.
  func describe(_ error: any Error) -> ValueSyntaxError {
    let at = Int(nodes[node].start)
    switch error {
    case DecodingError.dataCorrupted(let context):
      if nodes[node].kind == .enumCase, TypeShape(of: type)?.cases != nil {
        return unknownCase(at: node)
      }
      return ValueSyntaxError(
        "\(Self.name(type)) refuses it: \(context.debugDescription)", at: at,
        expected: expectation(of: type))
    case DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context), DecodingError.keyNotFound(_, let context):
      return ValueSyntaxError(
        "\(Self.name(type)) refuses it: \(context.debugDescription)", at: at,
        expected: expectation(of: type))
    default:
      return ValueSyntaxError("\(Self.name(type)) refuses it: \(error)", at: at)
    }
  }
}

/// A coding key of any name, for naming keys in messages.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}
