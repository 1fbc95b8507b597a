import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// The number of property runs `pass` takes alone on the failing input `gen` makes from
/// `indices`, and the input it leaves.
func runsOfPass<Value>(
  _ gen: Gen<Value>, from indices: [UInt64], failsWhen fails: @escaping (Value) -> Bool,
  pass: (Shrinker) -> Void
) -> (runs: Int, value: Value?) {
  let engine = PropertyEngine(generate: gen.generate) { fails($0) ? "it failed" : nil }
  let (start, _) = engine.trial(indices, size: 100)
  guard start.failed else { return (0, nil) }
  var runs = 0
  let shrinker = Shrinker(failing: start, isExhausted: { false }) {
    runs += 1
    return engine.trial($0, size: 100).0
  }
  pass(shrinker)
  return (runs, engine.trial(shrinker.best.indices, size: 100).1)
}

@Suite("Shrink passes for local minima")
struct LocalMinimumPassTests {
  let byte = 0...255

  @Test("an irrelevant optional value ends nil, and its value's choices go with its flag")
  func optionalToNil() {
    let gen = Gen.zip(Gen.int(in: byte).optional, Gen.int(in: byte))
    // (Optional(7), 12): lowering the flag alone would read 7 as the second number.
    let result = runsOfPass(gen, from: [1, index(7, in: byte), index(12, in: byte)]) {
      $0.1 >= 10
    } pass: {
      $0.nilOptionals()
    }
    #expect(result.value.map { [$0.0 ?? -1, $0.1] } == [-1, 12])
  }

  @Test("two values of one kind drawn inside flatMap are swapped into their canonical order")
  func mirroredPair() {
    let gen = Gen.int(in: 0...9).flatMap { a in Gen.int(in: 0...9).map { [a, $0] } }
    let result = runsOfPass(gen, from: [1, 0]) {
      $0[0] != $0[1]
    } pass: {
      $0.swapMirrored()
    }
    #expect(result.value == [0, 1])
  }

  @Test("a run of values of one kind is sorted at once")
  func sortedRun() {
    let gen = Gen.zip(Gen.int(in: byte), Gen.int(in: byte), Gen.int(in: byte)).map { [$0, $1, $2] }
    let start = [30, 20, 10].map { index($0, in: byte) }
    let result = runsOfPass(gen, from: start) {
      Set($0) == [10, 20, 30]
    } pass: {
      $0.swapMirrored()
    }
    #expect(result.value == [10, 20, 30])
  }

  @Test("three numbers that must stay close are lowered together by one amount")
  func groupLoweredTogether() {
    let gen = Gen.zip(Gen.int(in: byte), Gen.int(in: byte), Gen.int(in: byte))
    let start = [57, 58, 59].map { index($0, in: byte) }
    let result = runsOfPass(gen, from: start) { a, b, c in
      a >= 10 && b == a + 1 && c == a + 2
    } pass: {
      $0.lowerGroupsTogether()
    }
    #expect(result.value.map { [$0.0, $0.1, $0.2] } == [10, 11, 12])
  }

  @Test("a product that must stay large trades one factor for the other")
  func productTraded() {
    let range = 0...10_000
    let gen = Gen.zip(Gen.int(in: range), Gen.int(in: range))
    let start = [index(26, in: range), index(39, in: range)]
    let result = runsOfPass(gen, from: start) {
      $0 * $1 > 1000
    } pass: {
      $0.tradePairs()
    }
    #expect(result.value.map { [$0.0, $0.1] } == [1, 1001])
    // When halving would push the second past its range, the first steps down by one instead.
    let small = 0...1000
    let bounded = runsOfPass(
      Gen.zip(Gen.int(in: small), Gen.int(in: small)),
      from: [index(3, in: small), index(334, in: small)]
    ) {
      $0 * $1 > 1000
    } pass: {
      $0.tradePairs()
    }
    #expect(bounded.value.map { [$0.0, $0.1] } == [2, 501])
  }

  @Test("two neighbouring elements that only matter together are deleted at once")
  func blockDeleted() {
    let gen = Gen.int(in: byte).array()
    let start: [UInt64] = [1, 2, 7].flatMap { [UInt64(1), index($0, in: byte)] } + [0]
    let result = runsOfPass(gen, from: start) {
      $0.contains(7) && $0.count % 2 == 1
    } pass: {
      $0.deleteBlocks()
    }
    #expect(result.value == [7])
  }

  @Test("the second copy of a block repeated right after itself is deleted")
  func repeatCollapsed() {
    let gen = Gen.int(in: byte).array()
    let list = [1, 2, 3, 4, 1, 2, 3, 4, 9]
    let start: [UInt64] = list.flatMap { [UInt64(1), index($0, in: byte)] } + [0]
    let result = runsOfPass(gen, from: start) {
      $0.contains(9) && $0.count % 4 == 1
    } pass: {
      $0.deleteBlocks()
    }
    #expect(result.value == [1, 2, 3, 4, 9])
  }

  @Test("on inputs 100 times a normal example, each pass stays within its stated number of runs")
  func boundedOnLargeInputs() async {
    await onThreadOfItsOwn {
      // Mirroring: 300 numbers in descending order; at most mirrorWindow runs per choice + 1.
      let wide = 0...1000
      let numbers = Gen.int(in: wide).array(count: 300...300)
      let descending = (0..<300).map { index(300 - $0, in: wide) }
      let sorted = runsOfPass(numbers, from: descending.map { _ in 1 }.interleaved(descending)) {
        $0.count == 300
      } pass: {
        $0.swapMirrored()
      }
      #expect(sorted.runs <= (Shrinker.mirrorWindow + 1) * 600 + 1)
      #expect(sorted.value.map { $0.first! < $0.last! } == true)  // the largest moved to the end
      // Blocks: 300 elements whose count must stay odd; at most blockLength − 1 runs per element,
      // plus one per repeated block length.
      let list = Gen.int(in: byte).array()
      let elements: [UInt64] = (0..<301).flatMap { [UInt64(1), index($0 % 256, in: byte)] } + [0]
      let blocks = runsOfPass(list, from: elements) {
        $0.count % 2 == 1
      } pass: {
        $0.deleteBlocks()
      }
      #expect(blocks.value?.count == 1)
      #expect(blocks.runs <= (Shrinker.blockLength - 1) * 301 + 301)
      // Together: 300 numbers in one span, lowered by one amount: O(log m) runs per group.
      let together = runsOfPass(
        numbers, from: (0..<300).flatMap { [UInt64(1), index(100 + $0 % 50, in: wide)] }
      ) { values in
        values.min()! >= 10
      } pass: {
        $0.lowerGroupsTogether()
      }
      #expect(together.value?.min() == 10)
      #expect(together.runs <= 3 * 2 * 9)
      // Trading: 100 pairs whose products must stay above 1000: O(log a · log b) runs per pair.
      let pairs = Gen.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...10_000)).array(count: 100...100)
      let factors: [UInt64] = (0..<100).flatMap { _ in
        [1, index(26, in: 0...10_000), index(39, in: 0...10_000)]
      }
      let traded = runsOfPass(pairs, from: factors) {
        $0.allSatisfy { $0 * $1 > 1000 }
      } pass: {
        $0.tradePairs()
      }
      #expect(traded.value?.allSatisfy { $0 == (1, 1001) } == true)
      #expect(traded.runs <= 3 * 100 * 15 * 15)
    }
  }

  @Test("dates spread evenly over the weekdays and hours of a long range")
  func datesUniform() throws {
    let start = Date(timeIntervalSince1970: 978_307_200)  // 2001-01-01
    let gen = Gen.date(in: start...start.addingTimeInterval(86_400 * 365 * 30))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var weekdays = [Int: Int]()
    var hours = [Int: Int]()
    for seed in 0..<7000 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: UInt64(seed)), size: 100)
      let date = try gen.generate(draws)
      let parts = calendar.dateComponents([.weekday, .hour], from: date)
      weekdays[parts.weekday!, default: 0] += 1
      hours[parts.hour!, default: 0] += 1
    }
    // 1000 a weekday expected; a crowded start would put most on one. Three draws in four are
    // uniform (about 219 an hour); the fourth favours midnight and the last hour of the day.
    #expect(weekdays.count == 7)
    #expect(weekdays.values.allSatisfy { (850...1150).contains($0) })
    #expect(hours.count == 24)
    #expect(hours.values.allSatisfy { $0 >= 150 })
  }
}

extension Array where Element == UInt64 {
  /// `[a0, b0, a1, b1, …]` for `self` = a and `other` = b.
  fileprivate func interleaved(_ other: [UInt64]) -> [UInt64] {
    zip(self, other).flatMap { [$0, $1] }
  }
}
