import Store
import Testing

@testable import PropertyTesting

@Suite("Unique collections draw numbers near earlier ones")
struct NearbyDrawTests {
  /// The sets of `gen` made by `seeds` random examples at full size.
  private func sets(_ gen: Gen<Set<Int>>, seeds: Range<UInt64>) throws -> [Set<Int>] {
    try seeds.map { seed in
      try gen.generate(Draws(prefix: [], random: SplitMix64(seed: seed), size: 100))
    }
  }

  @Test("a set of four integers from 0...100 is four close values now and then")
  func fourCloseValuesComeUp() throws {
    let found = try sets(Gen.int(in: 0...100).set(count: 4...4), seeds: 0..<2000)
      .filter { $0.max()! - $0.min()! <= 3 }
    // Independent draws would make such a set about once in 50,000 examples.
    #expect(found.count >= 10)
  }

  @Test("a plain list still repeats an earlier number as often as before")
  func plainListsStillRepeat() throws {
    var repeats = 0
    for seed in UInt64(0)..<2000 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: seed), size: 100)
      let list = try Gen.int(in: 0...1_000_000).array(count: 4...4).generate(draws)
      if Set(list).count < list.count { repeats += 1 }
    }
    #expect(repeats >= 200)
  }

  private struct Pair: Hashable, Sendable {
    let key: Int
    let value: Int
  }

  /// How many pairs of numbers 1…3 apart, both above 100 (small numbers are drawn most often,
  /// and fall near each other by themselves), the examples of `gen` made by `seeds` hold.
  private func nearCount(_ gen: Gen<[Pair]>, seeds: Range<UInt64>) throws -> Int {
    try seeds.map { seed in
      let pairs = try gen.generate(
        Draws(prefix: [], random: SplitMix64(seed: seed), size: 100))
      let numbers = pairs.flatMap { [$0.key, $0.value] }.filter { $0 > 100 }
      return numbers.indices.map { first in
        numbers[(first + 1)...].filter { (1...3).contains(abs(numbers[first] - $0)) }.count
      }.reduce(0, +)
    }.reduce(0, +)
  }

  @Test("a unique array by a key leans no number near earlier ones: only a whole-value key does")
  func keyedArraysDoNotLean() throws {
    let pairs = Gen.zip(Gen.int(in: 0...1_000_000), Gen.int(in: 0...1_000_000)).map(Pair.init)
    let byKey = try nearCount(pairs.uniqueArray(count: 4...4, by: \.key), seeds: 0..<2000)
    let whole = try nearCount(pairs.uniqueArray(count: 4...4), seeds: 0..<2000)
    // Leaning puts one number in three a step or three from an earlier one.
    #expect(whole > 2 * byKey)
  }

  @Test("leaning near only shapes the search: a set reads back the same from its choices")
  func leaningDoesNotChangeReplay() throws {
    let gen = Gen.int(in: 0...100).set(count: 4...4)
    for seed in UInt64(0)..<200 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: seed), size: 100)
      let value = try gen.generate(draws)
      let again = Draws(prefix: draws.choices.map(\.index), random: nil, size: 100)
      #expect(try gen.generate(again) == value)
    }
  }

  @Test("a set 100 times the usual size still fills, with fewer repeats than elements")
  func largeSetFills() throws {
    let draws = Draws(prefix: [], random: SplitMix64(seed: 7), size: 100)
    let set = try Gen.int(in: 0...1_000_000).set(count: 400...400).generate(draws)
    #expect(set.count == 400)
    // A flag and a number per element, and a flag and a number for each repeat thrown away
    // (small numbers are drawn most often, and near numbers collide among them).
    #expect(draws.choices.count < 4 * 400)
  }
}
