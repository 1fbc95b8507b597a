import Foundation
import PropertyTesting
import Store
import TestSupport
import Testing

@testable import ActionLog

/// The replay's snapshot check writes the replayed state as the recorder does and compares
/// bytes: what it writes must be `JSONEncoder`'s bytes exactly, or nothing (it gives up).
@Suite("Writing states as the recorder writes them, without JSONEncoder")
struct LogStateEncoderTests {
  enum Mode: Codable, Equatable {
    case idle
    case playing(episode: Int, at: Double)
    case failed(String)
  }

  struct Row: Codable, Equatable, Identifiable {
    var id: Int
    var title: String
    var seconds: Double?
    var tags: [String]
  }

  /// A state of every shape the docs' apps hold.
  struct Shapes: Codable, Equatable {
    var count: Int
    var ratio: Double
    var small: Float
    var flag: Bool
    var name: String
    var maybe: String?
    var when: Date
    var later: Date?
    var rows: [Row]
    var identified: IdentifiedArrayOf<Row>
    var byName: [String: Int]
    var byNumber: [Int: String]
    var mode: Mode
    var nested: [[Int?]]
    var zBig: UInt64
    var AUpper: Int8
  }

  static func text(_ random: inout SplitMix64) -> String {
    let pieces = [
      "a", "Z", "é", "서울", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}",
      "😀", "\u{2028}", " ", "\u{8}", "\u{C}", "\r",
    ]
    return (0..<random.below(6)).map { _ in pieces[random.below(pieces.count)] }.joined()
  }

  static func double(_ random: inout SplitMix64) -> Double {
    switch random.below(8) {
    case 0:
      return [0, -0.0, 1, -1, 0.1, 1e21, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude][
        random.below(9)]
    case 1: return [.nan, .infinity, -.infinity][random.below(3)]
    case 2: return Double(random.below(2_000_001)) - 1_000_000
    case 3: return Double(random.below(100_000)) / 100
    default: return Double(bitPattern: random.next())
    }
  }

  static func make(_ random: inout SplitMix64) -> Shapes {
    func row(_ id: Int) -> Row {
      Row(
        id: id, title: text(&random), seconds: random.below(2) == 0 ? nil : double(&random),
        tags: (0..<random.below(3)).map { _ in text(&random) })
    }
    let rows = (0..<random.below(4)).map { row($0) }
    var byName: [String: Int] = [:]
    let plainKeys = ["a", "Z", "é", "a10", "a9", "_x", "서울", "aB", "aa", "", "/"]
    for _ in 0..<random.below(5) {
      let key = random.below(5) == 0 ? text(&random) : plainKeys[random.below(plainKeys.count)]
      byName[key] = random.below(100)
    }
    var byNumber: [Int: String] = [:]
    for _ in 0..<random.below(4) { byNumber[random.below(1000) - 500] = text(&random) }
    let date = Date(
      timeIntervalSinceReferenceDate: double(&random).isFinite
        ? Double(random.below(1 << 40)) / 8 - 1e11 : 0)
    return Shapes(
      count: Int(bitPattern: UInt(random.next())), ratio: double(&random),
      small: Float(double(&random)), flag: random.below(2) == 0, name: text(&random),
      maybe: random.below(2) == 0 ? nil : text(&random), when: date,
      later: random.below(2) == 0
        ? nil : Date(timeIntervalSinceReferenceDate: double(&random).isFinite ? 1e15 : -3.5),
      rows: rows,
      identified: IdentifiedArray(
        uniqueElements: rows.map {
          var r = $0; r.id += 10; return r
        }),
      byName: byName, byNumber: byNumber,
      mode: [
        Mode.idle, .playing(episode: random.below(9), at: double(&random)), .failed(text(&random)),
      ][random.below(3)],
      nested: [[1, nil], [], [nil]], zBig: random.next(),
      AUpper: Int8(truncatingIfNeeded: random.next()))
  }

  @Test("random states of every shape are written byte for byte as JSONEncoder writes them")
  func sameBytesAsJSONEncoder() async throws {
    try await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x5_7A7E)
      let encoder = LogStateEncoder()
      let foundation = LogStateCoding.encoder()
      var gaveUp = 0
      for round in 0..<3_000 {
        let state = Self.make(&random)
        let expected = try LogStateCoding.encode(state, with: foundation)
        let written = encoder.encode(state)
        // A key with an escape is given up on (its order would not be its bytes' order).
        let escapedKey = state.byName.keys.contains {
          $0.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }
        }
        if escapedKey {
          #expect(written == nil)
          gaveUp += 1
        } else {
          #expect(
            written == expected,
            "round \(round): \(String(decoding: written ?? [], as: UTF8.self)) vs \(String(decoding: expected, as: UTF8.self))"
          )
        }
      }
      #expect(gaveUp < 1_000)
    }
  }

  @Test("a state 100× the usual, and one nested deep, are written alike")
  func largeAndDeep() throws {
    let rows = (0..<50_000).map {
      Row(id: $0, title: "row \($0)", seconds: Double($0) / 3, tags: ["t"])
    }
    let large = try #require(LogStateEncoder().encode(rows))
    #expect(large == (try LogStateCoding.encode(rows, with: LogStateCoding.encoder())))
    var deep: [[[[[[Int]]]]]] = [[[[[[1, 2]], [[3]]]]]]
    deep.append([[[[[]]]]])
    #expect(
      LogStateEncoder().encode(deep)
        == (try LogStateCoding.encode(deep, with: LogStateCoding.encoder())))
  }

  /// A key of 0…24 bytes from pieces that make long shared beginnings, multi-byte ones among
  /// them: keys that tie on their first eight bytes and differ after, or only in length.
  static func key(_ random: inout SplitMix64) -> String {
    let pieces = ["a", "a", "b", "é", "서", "_", "Z", "aaaaaaaa", "9"]
    var key = ""
    for _ in 0..<random.below(8) { key += pieces[random.below(pieces.count)] }
    return String(decoding: key.utf8.prefix(24), as: UTF8.self)
  }

  @Test(
    "keys that share their first eight bytes, or differ only in length, are ordered as JSONEncoder orders them"
  )
  func keysSharingBeginnings() async throws {
    try await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0x4B_E7)
      let encoder = LogStateEncoder()
      let foundation = LogStateCoding.encoder()
      for round in 0..<2_000 {
        var entries: [String: [String: Int]] = [:]
        // Below and above the count sorted by insertion, nested one level.
        for _ in 0..<random.below(40) {
          entries[Self.key(&random), default: [:]][Self.key(&random)] = random.below(100)
        }
        let expected = try LogStateCoding.encode(entries, with: foundation)
        #expect(encoder.encode(entries) == expected, "round \(round)")
      }
    }
  }

  @Test("a dictionary of 100,000 keys (100× the usual) is written as JSONEncoder writes it")
  func largeDictionary() throws {
    var random = SplitMix64(seed: 0x100)
    var large: [String: Int] = [:]
    while large.count < 100_000 { large[Self.key(&random) + String(random.below(1 << 20))] = 1 }
    #expect(
      LogStateEncoder().encode(large)
        == (try LogStateCoding.encode(large, with: LogStateCoding.encoder())))
  }

  @Test("the snapshot check tells a state from the same state with one value changed")
  func matchCatchesOneChange() async throws {
    try await onThreadOfItsOwn {
      var random = SplitMix64(seed: 0xD1FF)
      let matches = try #require(LogStateMatch.function(for: Shapes.self))
      let foundation = LogStateCoding.encoder()
      var checked = 0
      for _ in 0..<1_000 {
        let state = Self.make(&random)
        guard LogStateEncoder().encode(state) != nil else { continue }  // given up: decoded
        var planted = state
        switch random.below(4) {
        case 0: planted.count &+= 1
        case 1: planted.name += "x"
        case 2: planted.byName[Self.key(&random) + "!"] = 1
        default: planted.identified.append(Row(id: -1, title: "", seconds: nil, tags: []))
        }
        let logged = try LogStateCoding.encode(state, with: foundation)
        logged.withUnsafeBufferPointer { json in
          #expect(matches(state, json))
          #expect(!matches(planted, json))
        }
        checked += 1
      }
      #expect(checked > 500)
    }
  }

  @Test("what JSONEncoder writes its own way is given up on, not guessed")
  func givesUp() {
    struct Odd: Encodable {
      var data = Data([1, 2, 3])
    }
    struct Super: Encodable {
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(1, forKey: .a)
        _ = container.superEncoder()
      }
      enum CodingKeys: CodingKey { case a }
    }
    #expect(LogStateEncoder().encode(Odd()) == nil)
    #expect(LogStateEncoder().encode(Super()) == nil)
    #expect(LogStateEncoder().encode(["a\u{0}b": 1]) == nil)  // a key with an escape
  }
}
