import ActionLog
import Store

/// What Tab offers for the text before the cursor: the command words that start with the word
/// typed, or — in an action typed as Swift — the cases of the type expected where the cursor
/// is, or the labels of the payload or struct being typed, found through ``TypeShape``.
///
/// ```swift
/// let completion = Completion.of(".episodes(.element(id: 1, action: .down", action: Feature.Action.self, words: [])
/// completion?.candidates   // [".downloadTapped"]
/// completion?.start        // 34: the text from there is replaced
/// ```
package struct Completion: Equatable, Sendable {
  /// Where the text being completed starts, in characters from the line's start.
  package var start: Int
  /// The texts that may replace it, in the order offered.
  package var candidates: [String]

  /// The longest start every candidate shares.
  package var commonPrefix: String {
    guard var prefix = candidates.first else { return "" }
    for candidate in candidates.dropFirst() {
      while !candidate.hasPrefix(prefix) { prefix.removeLast() }
    }
    return prefix
  }

  /// The completion of `text` (the line up to the cursor): an action typed as Swift when it
  /// starts with a dot and `action` is its type, else a command word among `words`. Nil when
  /// there is nothing to offer.
  ///
  /// Bound: linear in the text, plus the cases or labels of the one type where the cursor is.
  package static func of(_ text: String, action: Any.Type?, words: [String]) -> Completion? {
    let trimmed = text.drop { $0 == " " || $0 == "\t" }
    if trimmed.first == ".", let action {
      var scanner = ExpressionScanner(action: action)
      let characters = Array(text)
      return scanner.completion(of: characters, from: characters.count - trimmed.count)
    }
    guard !trimmed.contains(where: \.isWhitespace) else { return nil }
    let typed = String(trimmed).lowercased()
    let found = words.filter { $0.lowercased().hasPrefix(typed) }
    guard !found.isEmpty else { return nil }
    return Completion(start: text.count - trimmed.count, candidates: found)
  }
}

/// A left-to-right reading of a partly typed Swift value, keeping the type expected at each
/// level of parentheses, enough to complete where it stops.
private struct ExpressionScanner {
  /// One open level: the type of the value being typed there, and, inside a case's or a
  /// struct's parentheses, their values (labels and types), how many are typed, and which
  /// labels.
  struct Level {
    var expected: Any.Type?
    var arguments: [(label: String?, type: Any.Type)]?
    var position = 0
    var used: Set<String> = []
    /// A label typed at this argument, choosing its type.
    var label: String?
  }

  var levels: [Level]

  init(action: Any.Type) {
    levels = [Level(expected: action)]
  }

  /// The type expected where the next value starts, at the innermost level.
  var expected: Any.Type? {
    let level = levels[levels.count - 1]
    guard let arguments = level.arguments else { return level.expected }
    if let label = level.label { return arguments.first { $0.label == label }?.type }
    guard level.position < arguments.count else { return nil }
    return arguments[level.position].type
  }

  mutating func completion(of text: [Character], from start: Int) -> Completion? {
    var index = start
    while index < text.count {
      let character = text[index]
      switch character {
      case "\"":
        // A string: skipped to its closing quote; none, and it is still being typed.
        index += 1
        while index < text.count, text[index] != "\"" {
          index += text[index] == "\\" ? 2 : 1
        }
        if index >= text.count { return nil }
      case ".":
        let nameStart = index + 1
        var end = nameStart
        while end < text.count, Self.isName(text[end]) { end += 1 }
        if end == text.count { return cases(typed: String(text[nameStart..<end]), at: index) }
        let name = String(text[nameStart..<end])
        index = end
        if index < text.count, text[index] == "(" {
          open(payloadOf: name)
          index += 1
        }
        continue
      case "(":
        // A struct's fields, `(label: …)`, when a struct is expected.
        let fields = expected.flatMap { TypeShape(of: Self.unwrapped($0))?.fields }
        levels.append(Level(arguments: fields?.map { ($0.name, $0.type) }))
      case "[":
        levels.append(Level(expected: nil))
      case ")", "]":
        if levels.count > 1 { levels.removeLast() }
      case ",":
        levels[levels.count - 1].position += 1
        levels[levels.count - 1].label = nil
      case _ where Self.isName(character):
        var end = index
        while end < text.count, Self.isName(text[end]) { end += 1 }
        let word = String(text[index..<end])
        var after = end
        while after < text.count, text[after] == " " { after += 1 }
        if end == text.count { return labels(typed: word, at: index) }
        if after < text.count, text[after] == ":" {
          levels[levels.count - 1].label = word
          levels[levels.count - 1].used.insert(word)
          index = after + 1
          continue
        }
        index = end
        continue
      default:
        break
      }
      index += 1
    }
    // Where an argument starts: the labels not typed yet.
    guard levels[levels.count - 1].label == nil else { return nil }
    return labels(typed: "", at: text.count)
  }

  /// The cases of the value expected whose names start with `typed`, from the dot at `start`.
  func cases(typed: String, at start: Int) -> Completion? {
    guard let type = expected, let cases = TypeShape(of: Self.unwrapped(type))?.cases else {
      return nil
    }
    let candidates = cases.filter { $0.name.hasPrefix(typed) }.map { shape in
      "." + shape.name + (shape.payload.isEmpty ? "" : "(")
    }
    return candidates.isEmpty ? nil : Completion(start: start, candidates: candidates)
  }

  /// The labels not yet typed of the arguments being typed that start with `typed`.
  func labels(typed: String, at start: Int) -> Completion? {
    let level = levels[levels.count - 1]
    guard let arguments = level.arguments else { return nil }
    let candidates = arguments.compactMap(\.label).filter {
      !level.used.contains($0) && $0.hasPrefix(typed)
    }.map { $0 + ": " }
    return candidates.isEmpty ? nil : Completion(start: start, candidates: candidates)
  }

  /// Opens the parentheses of case `name` of the type expected: its payload's values.
  mutating func open(payloadOf name: String) {
    let shape = expected.flatMap { TypeShape(of: Self.unwrapped($0))?.cases }?
      .first { $0.name == name }
    levels.append(Level(arguments: shape?.payload))
  }

  /// The type an optional wraps, or the type.
  static func unwrapped(_ type: Any.Type) -> Any.Type {
    // Optional's metadata kind (swift/ABI/MetadataKind.def); its `some` case holds the type.
    guard unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x202,
      let some = TypeShape(of: type)?.cases?.first(where: { $0.name == "some" }),
      some.payload.count == 1
    else { return type }
    return some.payload[0].type
  }

  static func isName(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
