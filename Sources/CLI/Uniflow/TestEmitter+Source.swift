import Console
import Features
import Foundation
import PropertyTesting
import Store

/// The Swift an emitted test is written in: values, state changes and names.
extension TestEmitter {
  /// The assignments that turn `before` into `after`: one per changed field of a struct, at the
  /// deepest struct level; a list that grew or shrank at its end as an `append` or a
  /// `removeLast`, one of the same length as its changed elements; anything else (an enum, a
  /// date) assigned whole.
  ///
  /// ```swift
  /// TestEmitter.assignments(from: before, to: after, path: "$0")
  /// // ["$0.clock.dayOffset = 1", "$0.dog.dogs.append(Dog(name: \"bella\", …))"]
  /// ```
  ///
  /// Bound: O(size of the two values) time — `==` where the values are `Equatable`, which for
  /// lists that share storage (a state a step left alone) costs nothing — and output
  /// proportional to what changed (plus the path), never to the whole value: a session that
  /// adopts N dogs emits N appends, not N lists.
  static func assignments(from before: Any, to after: Any, path: String) -> [String] {
    guard !same(before, after) else { return [] }
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    if old.displayStyle == .collection, new.displayStyle == .collection,
      type(of: before) == type(of: after)
    {
      return listChanges(old.children.map(\.value), new.children.map(\.value), path: path)
        ?? ["\(path) = \(literal(after))"]
    }
    guard new.displayStyle == .struct, custom(after) == nil,
      old.children.map(\.label) == new.children.map(\.label)
    else { return ["\(path) = \(literal(after))"] }
    return zip(old.children, new.children).flatMap { old, new in
      assignments(from: old.value, to: new.value, path: path + "." + (new.label ?? ""))
    }
  }

  /// A list's change as appends, a removal at its end or changed elements; nil when it is none
  /// of those.
  private static func listChanges(_ old: [Any], _ new: [Any], path: String) -> [String]? {
    let same = zip(old, new).prefix { Self.same($0, $1) }.count
    if same == old.count {
      let added = new[same...].map { literal($0) }
      return added.count == 1
        ? ["\(path).append(\(added[0]))"]
        : ["\(path).append(contentsOf: [\(added.joined(separator: ", "))])"]
    }
    if same == new.count { return ["\(path).removeLast(\(old.count - new.count))"] }
    guard old.count == new.count else { return nil }
    return zip(old, new).enumerated().compactMap { index, pair in
      Self.same(pair.0, pair.1) ? nil : "\(path)[\(index)] = \(literal(pair.1))"
    }
  }

  /// Whether two values are equal: by `==` when they are `Equatable`, else by their dumps.
  private static func same(_ left: Any, _ right: Any) -> Bool {
    if let left = left as? any Equatable, let equal = equals(left, right) { return equal }
    return dumpLines(left) == dumpLines(right)
  }

  private static func equals<Value: Equatable>(_ left: Value, _ right: Any) -> Bool? {
    (right as? Value).map { left == $0 }
  }

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
  /// Bound: O(lines × shared values) time; the output is never longer than the input but for
  /// the `let`s.
  static func namingShared(in lines: [String], values actions: [AppAction]) -> [String] {
    var shared: [(literal: String, name: String)] = []
    func note(_ literal: String, _ kind: String) {
      guard !shared.contains(where: { $0.literal == literal }) else { return }
      shared.append((literal, "\(kind)\(shared.count { $0.name.hasPrefix(kind) } + 1)"))
    }
    for action in actions {
      switch action {
      case .weather(.geocodeResponse(_, .success(let place?))): note(literal(place), "place")
      case .weather(.weatherResponse(_, .success(let report))): note(literal(report), "report")
      default: break
      }
    }
    guard !shared.isEmpty,
      let body = lines.firstIndex(where: { $0.hasPrefix("where R.State == AppState") })
    else { return lines }
    let named = lines[(body + 1)...].map { line in
      shared.reduce(line) { $0.replacingOccurrences(of: $1.literal, with: $1.name) }
    }
    return Array(lines[...body]) + shared.map { "  let \($0.name) = \($0.literal)" } + named
  }
}
