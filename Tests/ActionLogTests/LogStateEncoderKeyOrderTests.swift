import Foundation
import PropertyTesting
import Store
import TestSupport
import Testing

@testable import ActionLog

/// The snapshot check orders each keyed container's entries itself: every way a `Codable` type
/// can name and write its keys must come out in `JSONEncoder`'s sorted order, byte for byte.
@Suite("The snapshot check's key order, for every shape of CodingKeys")
struct LogStateEncoderKeyOrderTests {
  /// Synthesized keys, declared out of order: shared beginnings, longer than eight bytes,
  /// capitals, digits, an underscore.
  struct Synthesized: Codable, Equatable {
    var zeta: Int
    var alphaBetaGammaDelta: String
    var alphaBeta: Bool
    var Alpha: Double
    var a1: Int?
    var a10: [Int]
    var a9: Int8
    var _hidden: UInt64
    var cafe: String
  }

  /// Keys renamed by raw values (one multi-byte), in an order that is neither declaration nor
  /// name order.
  struct Renamed: Codable, Equatable {
    var first: Int
    var second: String
    var third: Bool?
    enum CodingKeys: String, CodingKey {
      case first = "z_first"
      case second = "A second"
      case third = "é/third"
    }
  }

  /// Keys that are ints too (`stringValue` is the case name), written by hand with
  /// `encodeIfPresent`, nested keyed and unkeyed containers, in an order the state picks.
  struct Manual: Codable, Equatable {
    var count: Int
    var note: String?
    var rows: [[Int?]]
    var inner: [String: Double]
    var reversed: Bool

    enum CodingKeys: Int, CodingKey {
      case count = 3
      case note = 1
      case rows = 2
      case inner = 0
    }

    enum InnerKeys: CodingKey {
      case values, size
    }

    init(count: Int, note: String?, rows: [[Int?]], inner: [String: Double], reversed: Bool) {
      self.count = count
      self.note = note
      self.rows = rows
      self.inner = inner
      self.reversed = reversed
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      count = try container.decode(Int.self, forKey: .count)
      note = try container.decodeIfPresent(String.self, forKey: .note)
      var rowsContainer = try container.nestedUnkeyedContainer(forKey: .rows)
      var rows: [[Int?]] = []
      while !rowsContainer.isAtEnd { rows.append(try rowsContainer.decode([Int?].self)) }
      self.rows = rows
      let innerContainer = try container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
      inner = try innerContainer.decode([String: Double].self, forKey: .values)
      reversed = false
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      func writeRows() throws {
        var nested = container.nestedUnkeyedContainer(forKey: .rows)
        for row in rows {
          var cells = nested.nestedUnkeyedContainer()
          for cell in row { try cell.map { try cells.encode($0) } ?? cells.encodeNil() }
        }
      }
      func writeInner() throws {
        var nested = container.nestedContainer(keyedBy: InnerKeys.self, forKey: .inner)
        if reversed {
          try nested.encode(inner.count, forKey: .size)
          try nested.encode(inner, forKey: .values)
        } else {
          try nested.encode(inner, forKey: .values)
          try nested.encode(inner.count, forKey: .size)
        }
      }
      if reversed {
        try writeInner()
        try container.encodeIfPresent(note, forKey: .note)
        try writeRows()
        try container.encode(count, forKey: .count)
      } else {
        try container.encode(count, forKey: .count)
        try writeRows()
        try container.encodeIfPresent(note, forKey: .note)
        try writeInner()
      }
    }
  }

  /// Every shape together, in dictionaries keyed by strings and by ints, in an enum's payload.
  struct Everything: Codable, Equatable {
    var synthesized: [Synthesized]
    var renamed: [String: Renamed]
    var manual: Manual
    var byNumber: [Int: Synthesized]
    var choice: Choice
  }

  enum Choice: Codable, Equatable {
    case none
    case one(Renamed)
    case two(left: Manual, right: [String: [Int]])
  }

  static func text(_ random: inout SplitMix64) -> String {
    let pieces = ["a", "Z", "é", "서울", "\"", "/", "\n", "😀", " ", "aaaaaaaaa"]
    return (0..<random.below(5)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func key(_ random: inout SplitMix64) -> String {
    let pieces = ["a", "b", "Z", "é", "_", "9", "aaaaaaaa", "서"]
    return (0..<random.below(5)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func synthesized(_ random: inout SplitMix64) -> Synthesized {
    Synthesized(
      zeta: random.below(1000) - 500, alphaBetaGammaDelta: text(&random),
      alphaBeta: random.below(2) == 0, Alpha: Double(random.below(10_000)) / 8,
      a1: random.below(2) == 0 ? nil : random.below(10),
      a10: (0..<random.below(3)).map { _ in random.below(100) },
      a9: Int8(truncatingIfNeeded: random.next()), _hidden: random.next(), cafe: text(&random))
  }

  static func renamed(_ random: inout SplitMix64) -> Renamed {
    Renamed(
      first: random.below(100), second: text(&random),
      third: [nil, true, false][random.below(3)])
  }

  static func manual(_ random: inout SplitMix64) -> Manual {
    var inner: [String: Double] = [:]
    for _ in 0..<random.below(20) { inner[key(&random)] = Double(random.below(100)) / 4 }
    return Manual(
      count: random.below(1000), note: random.below(2) == 0 ? nil : text(&random),
      rows: (0..<random.below(3)).map { _ in
        (0..<random.below(3)).map { _ in random.below(3) == 0 ? nil : random.below(9) }
      },
      inner: inner, reversed: random.below(2) == 0)
  }

  static func everything(_ random: inout SplitMix64) -> Everything {
    var renamed: [String: Renamed] = [:]
    for _ in 0..<random.below(20) { renamed[key(&random)] = Self.renamed(&random) }
    var byNumber: [Int: Synthesized] = [:]
    for _ in 0..<random.below(4) { byNumber[random.below(100) - 50] = synthesized(&random) }
    let choices: [Choice] = [
      .none, .one(Self.renamed(&random)),
      .two(left: manual(&random), right: [key(&random) + "!": [random.below(5)], "b": []]),
    ]
    return Everything(
      synthesized: (0..<random.below(4)).map { _ in synthesized(&random) }, renamed: renamed,
      manual: manual(&random), byNumber: byNumber, choice: choices[random.below(3)])
  }

  @Test(
    "synthesized, renamed and hand-written keys, dictionaries, nested unkeyed containers and encodeIfPresent give JSONEncoder's bytes"
  )
  func everyShapeMatchesJSONEncoder() async throws {
    try await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x0BDE_12)
      let encoder = LogStateEncoder()
      let foundation = LogStateCoding.encoder()
      var hasEveryShape = (reversed: false, inOrder: false, two: false, note: false)
      for round in 0..<2_000 {
        let state = Self.everything(&random)
        let expected = try LogStateCoding.encode(state, with: foundation)
        let written = encoder.encode(state)
        #expect(
          written == expected,
          "round \(round): \(String(decoding: written ?? [], as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))"
        )
        hasEveryShape.reversed = hasEveryShape.reversed || state.manual.reversed
        hasEveryShape.inOrder = hasEveryShape.inOrder || !state.manual.reversed
        hasEveryShape.note = hasEveryShape.note || state.manual.note != nil
        if case .two = state.choice { hasEveryShape.two = true }
      }
      #expect(hasEveryShape == (true, true, true, true))
    }
  }

  /// A class hierarchy's usual encoding: the superclass in `super`, through `superEncoder()`.
  class Base: Encodable {
    var base = 1
  }

  final class Derived: Base {
    var derived = 2
    enum CodingKeys: CodingKey { case derived }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(derived, forKey: .derived)
      try super.encode(to: container.superEncoder())
    }
  }

  @Test("a superEncoder is not supported: the check gives up and the replay decodes instead")
  func superEncoderGivesUp() throws {
    #expect(LogStateEncoder().encode(Derived()) == nil)
    let matches = try #require(LogStateMatch.function(for: [Renamed].self))
    // A state it can write is still checked by its bytes.
    let state = [Renamed(first: 1, second: "b", third: nil)]
    let json = try LogStateCoding.encode(state, with: LogStateCoding.encoder())
    #expect(json.withUnsafeBufferPointer { matches(state, $0) })
    #expect(String(decoding: json, as: UTF8.self) == #"[{"A second":"b","z_first":1}]"#)
  }
}
