import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import ActionLog

/// Reading a derived line through its template gives what `init(from:)` gives, for random values
/// of several types: the podcast feature's actions, and a holdout type written after the
/// templates were — nested enums, optionals, lists, strings with escapes, integers of every
/// width, floats, dates and an `indirect` case.
@Suite("Template reading equals init(from:)")
struct LineTemplatePropertyTests {
  /// The same value, as its Swift text says (NaN and -0.0 included, which `==` would not tell).
  private static func same<T: Encodable>(_ a: T, _ b: T) -> Bool {
    (try? ValueSyntaxEncoder.encode(a)) == (try? ValueSyntaxEncoder.encode(b))
  }

  /// Reads `value`'s text twice through the templates (learning, then reading) and once by
  /// `init(from:)`: all three the same, and the value itself.
  private static func readsAlike<T: Codable & Equatable & Sendable>(_ value: T) throws -> Bool {
    let text = try ValueSyntaxEncoder.encode(value)
    let slow = try ValueSyntaxDecoder.decode(T.self, from: text)
    let learnt = try LineTemplates.decode(T.self, text)
    let fast = try LineTemplates.decode(T.self, text)
    return same(slow, value) && same(learnt, slow) && same(fast, slow)
  }

  static let text = Gen.string(count: 0...24)

  static let podcastActions: Gen<Podcast.Action> = Gen.oneOf(
    Gen.zip(Gen.int, Gen.int).map { .moved(from: $0, to: $1) },
    text.map { .added(title: $0) },
    Gen.double.map { .volume($0) },
    Gen.zip(Gen.int, Gen.int(in: -5...200)).map {
      .episodes(.element(id: $0, action: .progress($1)))
    },
    Gen.zip(Gen.int, text.array(count: 0...4)).map {
      .episodes(.element(id: $0, action: .tagged($1)))
    },
    Gen.zip(
      Gen.int(in: 0...1 << 40),
      Gen.date(in: Date(timeIntervalSince1970: -1e10)...Date(timeIntervalSince1970: 1e10))
    ).map {
      .episodes(.element(id: 1, action: .finished(bytes: $0, at: $1)))
    },
    text.array(count: 0...5).map { .search(.answered($0)) },
    text.map { .search(.queryChanged($0)) },
    Gen.zip(
      Gen.int(in: -3...3).map { (n: Int) -> Int? in n < 0 ? nil : n }, Gen<Podcast.Speed>.anyCase
    ).map {
      .played($0, speed: $1)
    })

  @Test("the podcast feature's random actions read alike both ways")
  func podcastActionsReadAlike() {
    forAll(Self.podcastActions, .examples(600)) { try Self.readsAlike($0) }
  }

  @Test("the holdout type's random values read alike both ways")
  func holdoutValuesReadAlike() {
    forAll(Holdout.values, .examples(600)) { try Self.readsAlike($0) }
  }

  @Test("a run of lines that share a template is read through it, not by init(from:)")
  func templatesAreUsed() throws {
    let lines = (0..<20).map {
      #".item((name: "n\#($0)", count: \#($0), weight: 0.5, tags: ["a\#($0)", "b"], level: .high(\#($0), note: "x")))"#
    }
    for line in lines {
      #expect(
        try LineTemplates.decode(Holdout.self, line)
          == ValueSyntaxDecoder.decode(Holdout.self, from: line))
    }
    var text = lines[7]
    let slots = text.withUTF8 { bytes in
      LineShape(bytes).flatMap { TemplateStore.of(Holdout.self).template($0, bytes) }
        .map(\.slots)
    }
    #expect(slots??.map(\.kind) == [.string, .int16, .float, .stringList, .uint32, .string])
  }
}

/// A type the templates were not written for.
enum Holdout: Codable, Equatable, Sendable {
  enum Level: Codable, Equatable, Sendable {
    case low(Int8)
    case high(UInt32, note: String?)
  }

  struct Item: Codable, Equatable, Sendable {
    var name: String
    var count: Int16
    var weight: Float?
    var tags: [String]
    var at: Date?
    var level: Level?
  }

  indirect case nested(Holdout, depth: Int)
  case item(Item)
  case level(Level?)
  case lists([Int], [Double])
  case pair(String, UInt64)
  case nothing

  static let level: Gen<Level> = Gen.oneOf(
    Gen<Int8>.integer.map { .low($0) },
    Gen.zip(Gen<UInt32>.integer, Gen.string(count: 0...8).array(count: 0...1)).map {
      .high($0, note: $1.first)
    })

  static let item: Gen<Item> = Gen.zip(
    Gen.string(count: 0...20), Gen<Int16>.integer, Gen.float.array(count: 0...1),
    Gen.string(count: 0...6).array(count: 0...3), Gen.bool, level.array(count: 0...1)
  ).map { name, count, weight, tags, dated, level in
    Item(
      name: name, count: count, weight: weight.first, tags: tags,
      at: dated ? Date(timeIntervalSinceReferenceDate: Double(count) * 1000.25) : nil,
      level: level.first)
  }

  static let flat: Gen<Holdout> = Gen.oneOf(
    item.map { .item($0) },
    level.array(count: 0...1).map { .level($0.first) },
    Gen.zip(Gen.int.array(count: 0...4), Gen.double.array(count: 0...3)).map { .lists($0, $1) },
    Gen.zip(Gen.string(count: 0...30), Gen<UInt64>.integer).map { .pair($0, $1) },
    Gen.just(.nothing))

  static let values: Gen<Holdout> = Gen.oneOf(
    flat, Gen.zip(flat, Gen.int(in: 0...9)).map { .nested($0, depth: $1) })
}
