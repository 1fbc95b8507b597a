import AppLog
import Features
import Foundation
import Store
import Testing

@testable import Console

/// `:history`'s one-line descriptions, made by `OneLineDumper` without the dump's lines, are
/// the text the dump's lines made: each trimmed, joined by spaces, `( ` and ` )` tightened,
/// cut at 160 characters.
@MainActor
@Suite("One-line descriptions of actions")
struct OneLineDescriptionTests {
  /// The description as it was made before: from `dumpLines`, through Foundation.
  private static func byLines(_ value: Any) -> String {
    let text = dumpLines(value).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
      .replacingOccurrences(of: " )", with: ")")
    return text.count > 160 ? String(text.prefix(159)) + "…" : text
  }

  private static func described<A: Equatable & Sendable>(_ value: A, _ dumper: OneLineDumper)
    -> String
  {
    ActionHistory<Int, A>.describe(value, dumper: dumper)
  }

  @Test("100,000 of the demo's mixed actions are described as the dump's lines described them")
  func demoActionsAsBefore() {
    let dumper = OneLineDumper()
    var mismatches: [String] = []
    for action in AppActionSamples(seed: 11).prefix(100_000) {
      let fast = Self.described(action, dumper)
      let slow = Self.byLines(action)
      if fast != slow, mismatches.count < 5 { mismatches.append("\(slow)\n  ≠ \(fast)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
  }

  enum Odd: Equatable, Sendable {
    case plain
    case one(Int?)
    case pair(a: Int?, b: String)
    case list([Int])
    case longList([String])
    case structs([Point])
    case table([String: Int])
    case nested([Int: [String: Point]])
    case set(Set<Int>)
    case tuple(Int, (String, Double))
    case text(String)
    case big(Big)
    case maybe(Point?)
    case date(Date)
    case url(URL)
    case zone(TimeZone)
    case character(Character)
    case hashable(AnyHashableBox)
    case odd(Spaced)
    case empty(Empty)
    indirect case recursive(Odd)
    case named(value: String)
    case error(any Error)
    case anything(any Sendable)
    case reference(Ref)
    case maybeReference(MaybeRef)
    case generic(Either<Int, String>)
    case direction(Direction)
    case mirrored(Mirrored)
    case labelled(Labelled)

    static func == (lhs: Odd, rhs: Odd) -> Bool { dumpText(lhs) == dumpText(rhs) }
  }

  struct Point: Equatable, Hashable, Sendable {
    var x: Int
    var y: Int
  }

  struct Big: Equatable, Sendable {
    var name = "a rather long name that goes on"
    var points = [Point(x: 1, y: 2), Point(x: 3, y: 4)]
    var flag: Bool? = true
    var numbers: [Double] = [1.5, -0.0, .infinity]
  }

  struct AnyHashableBox: Equatable, @unchecked Sendable {
    // @unchecked: the test only builds values of `Int` and `String`, which are Sendable.
    var keys: [AnyHashable]
  }

  /// A type whose description has spaces at its ends and parentheses inside.
  struct Spaced: Equatable, Sendable, CustomStringConvertible {
    var description: String { "  ( spaced ) \t" }
  }

  struct Empty: Equatable, Sendable {}

  struct Failure: Error {
    var code = 7
  }

  final class Ref: Sendable {
    let name = "ref"
  }

  /// A single payload whose extra inhabitants (a null reference) hold the other case.
  enum MaybeRef: Sendable {
    case some(Ref)
    case none
  }

  enum Either<A: Sendable, B: Sendable>: Sendable {
    case left(A)
    case right(B)
  }

  /// Cases without payload described by the enum itself.
  enum Direction: Sendable, CustomStringConvertible {
    case up, down
    var description: String { self == .up ? "( going up )" : "down" }
  }

  /// An enum whose mirror says something else than its case.
  enum Mirrored: Sendable, CustomReflectable {
    case one(Int)
    var customMirror: Mirror { Mirror(self, children: ["custom": 42], displayStyle: .struct) }
  }

  indirect enum Labelled: Sendable {
    case point(x: Int, y: Int)
    case tree(left: Labelled, right: Labelled?)
    case leaf
  }

  @Test("every kind of value the dump lays out is described as before, hostile text included")
  func everyShapeAsBefore() {
    let texts = [
      "", "( a )", "x( ", " )", "(\u{301} a", "( \u{301}", "é ( é )", "new\nline", "tab\t",
      "\u{2028}", "🐶( 🌦️ )", " leading", "trailing ", String(repeating: "long ", count: 60),
    ]
    var values: [Odd] = [
      .plain, .one(nil), .one(3), .pair(a: nil, b: "( x )"), .pair(a: 1, b: "b"),
      .list([]), .list([1, 2, 3]), .longList(Array(repeating: "twelve chars", count: 9)),
      .structs([Point(x: 1, y: 2)]), .table([:]), .table(["b": 2, "a": 1, "( c )": 3]),
      .nested([2: ["k": Point(x: 0, y: 0)], 1: [:]]), .set([3]),
      .tuple(1, ("two", 3.5)), .big(Big()), .maybe(nil), .maybe(Point(x: 5, y: 6)),
      .date(Date(timeIntervalSince1970: 1_764_387_912.25)), .date(.distantFuture),
      .url(URL(string: "https://example.com/a?b=( c )")!),
      .zone(TimeZone(identifier: "Asia/Seoul")!),
      .character("é"), .hashable(AnyHashableBox(keys: [1, "one", 2.5])), .odd(Spaced()),
      .empty(Empty()), .recursive(.recursive(.big(Big()))),
      .named(value: "v"), .error(Failure()), .error(Failure(code: 8)), .anything(3),
      .anything("three"), .anything(Point(x: 1, y: 1)), .reference(Ref()),
      .maybeReference(.some(Ref())), .maybeReference(.none), .generic(.left(1)),
      .generic(.right("( r )")), .direction(.up), .direction(.down), .mirrored(.one(1)),
      .labelled(.point(x: 1, y: 2)), .labelled(.leaf),
      .labelled(.tree(left: .leaf, right: .tree(left: .point(x: 3, y: 4), right: nil))),
    ]
    values += texts.flatMap { [Odd.text($0), .pair(a: 1, b: $0), .longList([$0, $0, $0])] }
    // Either side of the dump's limits: a list on one line up to 80 characters, an enum's
    // fields up to 60; with non-ASCII text, where characters and bytes differ.
    for length in 30...90 {
      for letter in ["a", "é", "🐶"] {
        let text = String(repeating: letter, count: length)
        values += [
          .longList([String(text.dropFirst(2))]), .pair(a: 1, b: String(text.prefix(length - 14))),
        ]
      }
    }
    let dumper = OneLineDumper()
    for value in values + values {  // the second time, every type is known to the dumper
      #expect(Self.described(value, dumper) == Self.byLines(value), "\(Self.byLines(value))")
    }
  }

  @Test("( and ) are tightened as Foundation tightens them, combining marks around them too")
  func tightenedAsFoundation() {
    let texts = [
      "", "(", " )", "( ", "(  x", "x  )", "( ( a ) )", "a( \u{301}b", "\u{301}( x",
      "x )\u{301}", "é( é )", "(\u{301} )", "()( )", String(repeating: "( ", count: 100),
    ]
    for text in texts {
      let expected = text.replacingOccurrences(of: "( ", with: "(")
        .replacingOccurrences(of: " )", with: ")")
      #expect(OneLineText.tightened(text) == expected, "\(text.debugDescription)")
    }
  }

  @Test("JSON text for the terminal escapes every scalar it escaped scalar by scalar, nothing else")
  func terminalJSONAsBefore() {
    func scalarByScalar(_ json: String) -> String {
      var safe = String.UnicodeScalarView()
      for scalar in json.unicodeScalars {
        guard TerminalText.needsEscape(scalar) else {
          safe.append(scalar)
          continue
        }
        let hex = String(scalar.value, radix: 16)
        safe.append(
          contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
      }
      return String(safe)
    }
    let interesting =
      (0...0x2100).compactMap(Unicode.Scalar.init).map(String.init)
      + ["", "plain", "서울 ☁️ 🐶", "\u{2028}x\u{9B}y\u{61C}", "a\u{202E}b\u{2069}"]
    for text in interesting + [interesting.joined()] {
      #expect(TerminalText(json: text).escaped == scalarByScalar(text), "\(text.debugDescription)")
    }
  }
}
