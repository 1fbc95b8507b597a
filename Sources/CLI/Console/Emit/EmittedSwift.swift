import ActionLog
import Foundation
import PropertyTesting
import Store

/// The Swift a test emitted from a log is written in, for any app: identifiers from file names,
/// values, and state changes as assignments.
package enum EmittedSwift {
  /// A Swift identifier from a file name, safe and unique for any name: a plain name
  /// (`session.log`: lowercase ASCII letters and digits, then `.log`) reads as itself
  /// (`sessionLog`); any other keeps its ASCII letters and digits and adds a hash of the whole
  /// name, so that no two names share an identifier and none is a keyword or starts with a
  /// digit: `Default` → `default_5d4e…`, `2026 crash.LOG` → `log2026CrashLog_…`, `서울.log` →
  /// `log_…`.
  ///
  /// ```swift
  /// EmittedSwift.identifier("bug.log")   // "bugLog"
  /// ```
  package static func identifier(_ name: String) -> String {
    let stem = name.hasSuffix(".log") ? name.dropLast(4) : ""
    if let first = stem.first, first.isASCII, first.isLowercase,
      stem.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
    {
      return stem + "Log"
    }
    let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
    let joined = words.enumerated().map { index, word in
      index == 0 ? word.lowercased() : word.prefix(1).uppercased() + word.dropFirst().lowercased()
    }.joined()
    let readable = joined.first.map { $0.isLetter } == true ? joined : "log" + joined
    return readable + "_" + String(fnv1a(name), radix: 16)
  }

  /// FNV-1a, 64 bits, of `text`'s UTF-8: stable across runs and machines, unlike `hashValue`.
  private static func fnv1a(_ text: String) -> UInt64 {
    text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
  }

  /// `text` as a raw string literal, `#"…"#` with as many `#` as it needs, its characters a
  /// terminal would hide or obey written as JSON escapes (`text` is JSON: they can only be
  /// inside its strings, where the escapes mean the same).
  ///
  /// ```swift
  /// EmittedSwift.rawJSON(#"{"a":"b"}"#)   // #"{"a":"b"}"#
  /// ```
  package static func rawJSON(_ json: String) -> String {
    let safe = TerminalText(json: json).description
    var longest = 0
    var run = -1  // -1: not after a quote
    for character in safe {
      if character == "\"" {
        run = 0
      } else if character == "#", run >= 0 {
        run += 1
        longest = max(longest, run)
      } else {
        run = -1
      }
    }
    let hashes = String(repeating: "#", count: longest + 1)
    return hashes + "\"" + safe + "\"" + hashes
  }

  /// `value` as Swift: by its memberwise form where it is made of plain values (numbers,
  /// strings, dates, enums, optionals and collections of them), else as `try logValue(#"…"#)`,
  /// its JSON as a log writes states — which needs no initialiser of the app's to be visible.
  /// Dates are written to the last bit (``exactDate(_:)``).
  ///
  /// ```swift
  /// EmittedSwift.value(3)   // "3"
  /// EmittedSwift.value(Todo.State(id: 1, title: "Milk"))   // try logValue(#"{"id":1,…}"#)
  /// ```
  package static func value(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .set, isPlain(value) {
      // A set's order differs from run to run: its elements sorted, the test is the same.
      let elements = mirror.children.map { Self.value($0.value) }.sorted()
      return "[" + elements.joined(separator: ", ") + "]"
    }
    if isPlain(value), let source = swiftSource(value, custom: exactDate) {
      return TerminalText.escape(source)
    }
    if let encodable = value as? any Encodable,
      let json = try? LogStateCoding.encode(encodable, with: LogStateCoding.encoder())
    {
      return "try logValue(\(rawJSON(String(decoding: json, as: UTF8.self))))"
    }
    return TerminalText.escape(
      swiftSource(value, custom: exactDate) ?? "<no Swift source for \(type(of: value))>")
  }

  /// An action as Swift: `.case(payload)`.
  ///
  /// ```swift
  /// EmittedSwift.action(Todos.Action.addTapped("Milk"))   // ".addTapped(\"Milk\")"
  /// ```
  package static func action(_ action: Any) -> String {
    TerminalText.escape(
      swiftSource(action, custom: exactDate) ?? "<no Swift source for \(type(of: action))>")
  }

  /// A date as the `Date` it is, to the last bit: `Date(timeIntervalSinceReferenceDate: …)`,
  /// the interval a `Date` holds (one since 1970 is a sum that rounds); nil for any other value.
  ///
  /// ```swift
  /// EmittedSwift.exactDate(Date(timeIntervalSinceReferenceDate: 0.1))
  /// // "Date(timeIntervalSinceReferenceDate: 0.1)"
  /// ```
  package static func exactDate(_ value: Any) -> String? {
    (value as? Date).map {
      "Date(timeIntervalSinceReferenceDate: \($0.timeIntervalSinceReferenceDate))"
    }
  }

  /// A type's name as a test writes it: without its module, and `[Place]`, `Place?` and
  /// `[String: Int]` for `Array<Place>`, `Optional<Place>` and `Dictionary<String, Int>`.
  ///
  /// ```swift
  /// EmittedSwift.typeName([Place].self)   // "[Place]"
  /// ```
  ///
  /// Bound: O(length × depth of generic nesting) of the type's name.
  package static func typeName(_ type: Any.Type) -> String { sugared(sourceTypeName(type)) }

  private static func sugared(_ name: String) -> String {
    guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return name }
    let head = name[..<open]
    var arguments: [String] = []
    var depth = 0
    var current = ""
    for character in name[name.index(after: open)..<name.index(before: name.endIndex)] {
      if "<([".contains(character) { depth += 1 }
      if ">)]".contains(character) { depth -= 1 }
      if character == ",", depth == 0 {
        arguments.append(sugared(current.trimmingCharacters(in: .whitespaces)))
        current = ""
      } else {
        current.append(character)
      }
    }
    arguments.append(sugared(current.trimmingCharacters(in: .whitespaces)))
    switch (head, arguments.count) {
    case ("Array", 1): return "[\(arguments[0])]"
    case ("Optional", 1): return "\(arguments[0])?"
    case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
    default: return head + "<" + arguments.joined(separator: ", ") + ">"
    }
  }

  /// A `TestStore` step: `await store.send(action)` (`verb` is `send` or `receive`), with its
  /// state `changes` as the assertion's body when there are any.
  ///
  /// ```swift
  /// EmittedSwift.step("send", ".add(2)", changes: ["$0.total = 2"])
  /// // ["  await store.send(.add(2)) {", "    $0.total = 2", "  }"]
  /// ```
  package static func step(_ verb: String, _ action: String, changes: [String]) -> [String] {
    guard !changes.isEmpty else { return ["  await store.\(verb)(\(action))"] }
    return ["  await store.\(verb)(\(action)) {"] + changes.map { "    " + $0 } + ["  }"]
  }

  /// `text` as a Swift string literal, with the characters a terminal would hide or obey
  /// escaped.
  ///
  /// ```swift
  /// EmittedSwift.literal("a\u{202E}b")   // "\"a\\u{202e}b\"", the escape written out
  /// ```
  package static func literal(_ text: String) -> String {
    TerminalText.escape(text.debugDescription)
  }

  /// `value` as Swift built by memberwise initialisers (`Dog(name: "rex", …)`), with the values
  /// `custom` knows written its way (and dates to the last bit, ``exactDate(_:)``), escaped as
  /// ``literal(_:)`` escapes.
  ///
  /// ```swift
  /// EmittedSwift.memberwise(Dog(name: "rex"), custom: { _ in nil })   // "Dog(name: \"rex\")"
  /// ```
  package static func memberwise(_ value: Any, custom: @escaping (Any) -> String?) -> String {
    TerminalText.escape(
      swiftSource(value, custom: { custom($0) ?? exactDate($0) })
        ?? "<no Swift source for \(type(of: value))>")
  }

  /// Whether `value` is a leaf a test assigns whole: text, a number, a date, a URL…, never
  /// walked field by field (Foundation's structs keep their fields private).
  ///
  /// ```swift
  /// EmittedSwift.isLeaf(Date())   // true
  /// ```
  package static func isLeaf(_ value: Any) -> Bool {
    switch value {
    case is String, is Character, is Bool, is Double, is Float, is any BinaryInteger, is Date,
      is URL, is UUID, is TimeZone, is Data, is Decimal:
      true
    default:
      false
    }
  }

  /// Whether `value` is built of values whose Swift form needs no initialiser of the app's.
  static func isPlain(_ value: Any) -> Bool {
    switch value {
    case is String, is Character, is Bool, is Double, is Float, is any BinaryInteger, is Date,
      is URL, is UUID, is TimeZone:
      return true
    default:
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .optional, .enum, .collection, .set, .dictionary, .tuple:
        return mirror.children.allSatisfy { isPlain($0.value) }
      case nil:
        return mirror.children.isEmpty
      default:
        return false
      }
    }
  }
}
