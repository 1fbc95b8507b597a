import Console
import Features
import Foundation
import PropertyTesting
import Store

/// The Swift an emitted test is written in: values, state changes and names.
extension TestEmitter {
  /// Any value as Swift that builds it, with the characters a terminal would hide or obey
  /// (controls, bidirectional formatting, U+2028 and U+2029) written as `\u{…}` escapes: they
  /// can only be inside the value's string literals, where the escapes mean the same.
  ///
  /// ```swift
  /// TestEmitter.literal("a\u{202E}b")   // "a\u{202e}b", with the escape written out
  /// ```
  static func literal(_ value: Any) -> String {
    TerminalText.escape(
      swiftSource(value, custom: custom) ?? "<no Swift source for \(type(of: value))>")
  }

  /// The app's values with no memberwise form, and dates to the last bit.
  static func custom(_ value: Any) -> String? {
    switch value {
    case let date as Date:
      "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
    case let day as CalendarDay:
      "CalendarDay(year: \(day.year), month: \(day.month), day: \(day.day))!"
    case let zone as TimeZone:
      "TimeZone(identifier: \(zone.identifier.debugDescription))!"
    default:
      nil
    }
  }

  /// A Swift identifier from a file name, safe and unique for any name
  /// (``EmittedSwift/identifier(_:)``).
  ///
  /// ```swift
  /// TestEmitter.identifier("bug.log")   // "bugLog"
  /// ```
  static func identifier(_ name: String) -> String {
    EmittedSwift.identifier(name)
  }
}

extension TestEmitter {
  /// `lines` with each place and weather report the session's answers carry written once, as a
  /// `let` at the top of the session's function (`place1`, `report1`, …), and named wherever it
  /// is used: an answer, the action that brings it and the state that shows it would otherwise
  /// repeat it three times.
  ///
  /// ```swift
  /// TestEmitter.namingShared(in: lines, values: steps.map(\.action))
  /// // let place1 = Place(name: "Busan", …) … places.answer(.success([place1]))
  /// ```
  ///
  /// Bound: O(total length of the lines × V) at worst, for V the length of the longest shared
  /// value's text, plus O(shared values) for the `let`s: each line is read once for the start of
  /// a shared value (`Place(`, `WeatherReport(`), and from each start at most V characters, to
  /// its closing parenthesis, whose text is looked up among the shared values once (``Naming``
  /// counts the look-ups). A start the emitter wrote is read only as far as its value ends, so
  /// for the lines it writes the time is linear in their length.
  static func namingShared(in lines: [String], values actions: [AppAction]) -> [String] {
    var naming = Naming()
    return naming.name(in: lines, values: actions)
  }

  /// Names the shared values of a session's lines, and counts the look-ups it made.
  ///
  /// ```swift
  /// var naming = TestEmitter.Naming()
  /// let named = naming.name(in: lines, values: steps.map(\.action))
  /// naming.lookups   // at most one per `Place(` or `WeatherReport(` in the lines
  /// ```
  struct Naming {
    /// Texts looked up among the shared values: one per start of a value of their kinds.
    private(set) var lookups = 0
    /// The most values named: beyond them, a value is written where it is used, so that the
    /// memory a test takes does not grow with the log.
    static let maxShared = 4_096
    private var shared: [(literal: String, name: String)] = []
    private var names: [String: String] = [:]
    /// Each shared value's text starts with its type's name and a parenthesis.
    private var heads: [[UInt8]] = []
    private var longest = 0
    /// Whether the lines named so far reached the body of the session's function.
    private var inBody = false

    /// ``TestEmitter/namingShared(in:values:)``.
    mutating func name(in lines: [String], values actions: [AppAction]) -> [String] {
      prepare(values: actions)
      return name(in: lines)
    }

    /// Names each place and report that `actions` carry (`place1`, `report1`, … in order), up to
    /// ``maxShared`` of them.
    mutating func prepare(values actions: some Sequence<AppAction>) {
      var kinds: [String: Int] = [:]
      func note(_ literal: String, _ kind: String) {
        guard names[literal] == nil, shared.count < Self.maxShared else { return }
        kinds[kind, default: 0] += 1
        let name = "\(kind)\(kinds[kind]!)"
        names[literal] = name
        shared.append((literal, name))
      }
      for action in actions {
        switch action {
        case .weather(.geocodeResponse(_, .success(let place?))): note(literal(place), "place")
        case .weather(.weatherResponse(_, .success(let report))): note(literal(report), "report")
        default: break
        }
      }
      heads = Array(Set(shared.map { Array($0.literal.utf8.prefix { $0 != UInt8(ascii: "(") }) }))
      longest = shared.map(\.literal.utf8.count).max() ?? 0
    }

    /// The next `lines` of the test, named: after the session's function's signature, a `let`
    /// for each shared value ``prepare(values:)`` found, and in the lines after it each of
    /// those values replaced by its name.
    mutating func name(in lines: [String]) -> [String] {
      guard !shared.isEmpty else { return lines }
      var named: [String] = []
      named.reserveCapacity(lines.count)
      for line in lines {
        guard !inBody else {
          named.append(replace(in: line, heads: heads, names: names, longest: longest))
          continue
        }
        named.append(line)
        if line.hasPrefix("where R.State == AppState") {
          inBody = true
          named += shared.map { "  let \($0.name) = \($0.literal)" }
        }
      }
      return named
    }

    /// `line` with each value in `names` replaced by its name: at each start of a value (one of
    /// `heads`, then a parenthesis), the text up to its closing parenthesis is looked up, unless
    /// it is longer than the `longest` value.
    private mutating func replace(
      in line: String, heads: [[UInt8]], names: [String: String], longest: Int
    ) -> String {
      let bytes = Array(line.utf8)
      let firsts = Set(heads.compactMap(\.first))
      var result: [UInt8] = []
      result.reserveCapacity(bytes.count)
      var index = 0
      while index < bytes.count {
        if firsts.contains(bytes[index]),
          let head = heads.first(where: { bytes[index...].starts(with: $0 + [Self.open]) }),
          let end = Self.closing(bytes, from: index + head.count, limit: index + longest)
        {
          lookups += 1
          if let name = names[String(decoding: bytes[index..<end], as: UTF8.self)] {
            result += name.utf8
            index = end
            continue
          }
        }
        result.append(bytes[index])
        index += 1
      }
      return String(decoding: result, as: UTF8.self)
    }

    private static let open = UInt8(ascii: "(")

    /// Where the parentheses opened at `start` close: just after the closing one, skipping
    /// string literals (`"…"`, with `\` escapes); nil when it is not before `limit` or the line.
    private static func closing(_ bytes: [UInt8], from start: Int, limit: Int) -> Int? {
      var depth = 0
      var inString = false
      var index = start
      while index < min(bytes.count, limit) {
        switch (inString, bytes[index]) {
        case (true, UInt8(ascii: "\\")): index += 1
        case (true, UInt8(ascii: "\"")), (false, UInt8(ascii: "\"")): inString.toggle()
        case (false, UInt8(ascii: "(")): depth += 1
        case (false, UInt8(ascii: ")")):
          depth -= 1
          if depth == 0 { return index + 1 }
        default: break
        }
        index += 1
      }
      return nil
    }
  }
}
