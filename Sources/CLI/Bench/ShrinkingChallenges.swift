import Foundation
import PropertyTesting
import Store

/// The public shrinking challenge (github.com/jlink/shrinking-challenge), ported to ``Gen``: for
/// each problem a generator, a property that fails, and the ideal — the simplest failing input —
/// that a good shrinker reaches from any first failure. Integers are ordered 0, 1, −1, 2, −2, …
///
/// `uniflow-bench` reports, for each challenge, the share of 100 seeds whose shrunk
/// counterexample is the ideal one, and the median number of property runs shrinking took.
///
/// ```swift
/// let rows = ShrinkingChallenges.measure(seeds: 0..<100)
/// rows.first { $0.name == "bound5" }?.ideal   // e.g. 0.97
/// ```
enum ShrinkingChallenges {
  /// Every challenge, in the order of the table.
  static let all: [ShrinkingChallenge] = [
    reverse, largeUnionList, bound5, calculator, lengthList, differenceZero, differenceSmall,
    differenceOne, binheap, coupling, deletion, distinct, nestedLists,
  ]

  /// Runs every challenge from each of `seeds`.
  static func measure(seeds: Range<UInt64> = 0..<100, only names: Set<String>? = nil)
    -> [ShrinkingMeasurement]
  {
    measure(all, seeds: seeds, only: names)
  }

  /// Runs each of `problems` from each of `seeds`.
  static func measure(
    _ problems: [ShrinkingChallenge], seeds: Range<UInt64>, only names: Set<String>? = nil
  ) -> [ShrinkingMeasurement] {
    problems.filter { names?.contains($0.name) ?? true }.map { challenge in
      let outcomes = seeds.map(challenge.run)
      let found = outcomes.filter(\.foundFailure)
      let runs = found.map(\.shrinkRuns).sorted()
      let median =
        runs.isEmpty
        ? 0
        : runs.count % 2 == 1
          ? Double(runs[runs.count / 2])
          : Double(runs[runs.count / 2 - 1] + runs[runs.count / 2]) / 2
      let misses = zip(seeds, outcomes).filter { $0.1.foundFailure && !$0.1.ideal }
      return ShrinkingMeasurement(
        name: challenge.name,
        ideal: Double(outcomes.filter(\.ideal).count) / Double(Swift.max(1, outcomes.count)),
        medianEvaluations: median, seeds: outcomes.count, failuresFound: found.count,
        misses: misses.prefix(3).map { "seed \($0.0): \($0.1.counterexample)" })
    }
  }

  // MARK: - The challenges

  static let reverse = ShrinkingChallenge("reverse", Gen.int.array()) { list in
    list.reversed() == list
  } isIdeal: {
    $0 == [0, 1]
  }

  static let largeUnionList = ShrinkingChallenge("largeUnionList", Gen.int.array().array()) {
    lists in
    Set(lists.joined()).count <= 4
  } isIdeal: {
    $0 == [[0, 1, -1, 2, -2]]
  }

  static let bound5: ShrinkingChallenge = {
    let list: Gen<[Int16]> = Gen<Int16>.integer.array().filter { wrappingSum($0) < 256 }
    let lists: Gen<[[Int16]]> = Gen.zip(list, list, list, list, list).map { a, b, c, d, e in
      [a, b, c, d, e]
    }
    return ShrinkingChallenge("bound5", lists) { lists in
      wrappingSum(Array(lists.joined())) < 1280
    } isIdeal: { lists in
      lists == [[], [], [], [-1], [-32768]]
    }
  }()

  static let calculator = ShrinkingChallenge("calculator", Expression.gen) { expression in
    try assume(!expression.hasLiteralZeroDivisor)
    return expression.evaluated != nil
  } isIdeal: {
    $0 == .div(.int(0), .add(.int(0), .int(0)))
  }

  static let lengthList = ShrinkingChallenge(
    "lengthList",
    Gen.int(in: 1...100).flatMap { count in Gen.int(in: 0...1000).array(count: count...count) }
  ) { list in
    (list.max() ?? 0) < 900
  } isIdeal: {
    $0 == [900]
  }

  static let differenceZero = difference("differenceZero", ideal: (10, 10)) { $0 == 0 }
  static let differenceSmall = difference("differenceSmall", ideal: (10, 6)) {
    (1...4).contains($0)
  }
  static let differenceOne = difference("differenceOne", ideal: (10, 9)) { $0 == 1 }

  static let binheap = ShrinkingChallenge("binheap", Heap.gen) { heap in
    let sorted = heap.wronglySorted
    return sorted == sorted.sorted() && heap.elements.sorted() == sorted
  } isIdeal: {
    $0.elements.count == 4 && $0.elements.sorted() == [0, 0, 0, 1]
  }

  static let coupling = ShrinkingChallenge("coupling", Gen.int(in: 0...10).array()) { list in
    try assume(list.allSatisfy { $0 < list.count })
    return list.indices.allSatisfy { index in
      let other = list[index]
      return other == index || list[other] != index
    }
  } isIdeal: {
    $0 == [1, 0]
  }

  static let deletion = ShrinkingChallenge(
    "deletion", Gen.zip(Gen.int.array(), Gen.int(in: 0...10))
  ) { list, index in
    try assume(index < list.count)
    let element = list[index]
    var rest = list
    if let first = rest.firstIndex(of: element) { rest.remove(at: first) }
    return !rest.contains(element)
  } isIdeal: {
    $0.0 == [0, 0] && $0.1 == 0
  }

  static let distinct = ShrinkingChallenge("distinct", Gen.int.array()) { list in
    Set(list).count < 3
  } isIdeal: {
    $0 == [0, 1, -1]
  }

  static let nestedLists = ShrinkingChallenge("nestedLists", Gen.just(0).array().array()) {
    lists in
    lists.map(\.count).reduce(0, +) <= 10
  } isIdeal: {
    $0 == [Array(repeating: 0, count: 11)]
  }

  private static func difference(
    _ name: String, ideal: (Int, Int), fails: @escaping @Sendable (Int) -> Bool
  ) -> ShrinkingChallenge {
    let positive = Gen.int(in: 1...Int.max)
    return ShrinkingChallenge(name, Gen.zip(positive, positive)) { first, second in
      first < 10 || !fails(abs(first - second))
    } isIdeal: {
      $0 == ideal
    }
  }

  private static func wrappingSum(_ values: [Int16]) -> Int16 {
    values.reduce(0, &+)
  }
}

/// One challenge: runs its property check from a seed and judges the counterexample.
struct ShrinkingChallenge: Sendable {
  let name: String
  let run: @Sendable (UInt64) -> Outcome

  /// What one seed gave.
  struct Outcome: Sendable {
    let foundFailure: Bool
    let ideal: Bool
    let shrinkRuns: Int
    let counterexample: String
  }

  init<Value>(
    _ name: String, _ gen: Gen<Value>, examples: Int = 1000,
    property: @escaping @Sendable (Value) throws -> Bool,
    isIdeal: @escaping @Sendable (Value) -> Bool
  ) {
    self.name = name
    self.run = { seed in
      let result = forAll(
        gen, PropertySettings(examples: examples, seed: seed), reportFailure: { _ in }, property)
      guard result.verdict == .failed, let counterexample = result.counterexample else {
        return Outcome(foundFailure: false, ideal: false, shrinkRuns: 0, counterexample: "")
      }
      return Outcome(
        foundFailure: true, ideal: isIdeal(counterexample), shrinkRuns: result.shrinkRuns,
        counterexample: swiftSource(counterexample) ?? dumpText(counterexample))
    }
  }

  /// A problem whose outcome comes from `run` itself (a reducer property, a search alone).
  init(_ name: String, run: @escaping @Sendable (UInt64) -> Outcome) {
    self.name = name
    self.run = run
  }
}

/// One row of the shrinking table.
struct ShrinkingMeasurement: Equatable, Sendable {
  let name: String
  /// The share of seeds whose counterexample is the ideal one, 0…1.
  let ideal: Double
  /// The median number of property runs after the first failure, over the seeds that failed.
  let medianEvaluations: Double
  let seeds: Int
  let failuresFound: Int
  /// A few counterexamples that missed the ideal, with their seeds.
  var misses: [String] = []
}
