import Store
import StoreTesting
import Testing

@testable import PropertyTesting

/// Runs one shrink pass alone on the failing input `gen` makes from `indices`, and returns the
/// input it leaves. Each pass is tested on a problem that the other passes cannot solve.
func afterPass<Value>(
  _ gen: Gen<Value>, from indices: [UInt64], failsWhen fails: @escaping (Value) -> Bool,
  _ pass: (Shrinker) -> Void
) -> Value? {
  runsOfPass(gen, from: indices, failsWhen: fails, pass: pass).value
}

/// The choice index of `value` in `range` (integers shrink toward the value nearest to zero).
func index(_ value: Int, in range: ClosedRange<Int>) -> UInt64 {
  let pivot = range.contains(0) ? 0 : (range.lowerBound > 0 ? range.lowerBound : range.upperBound)
  return Offset(Int64(value - pivot)).index(
    up: UInt64(range.upperBound - pivot), down: UInt64(pivot - range.lowerBound))
}

/// The choices of a string (one "one more" flag and one index per character, then a last flag).
func indices(of text: String) -> [UInt64] {
  text.unicodeScalars.flatMap { [1, UnicodeOrder.index(of: $0)] } + [0]
}

@Suite("Shrink passes")
struct ShrinkPassTests {
  let digits = 0...100

  @Test("equal values are lowered together, three copies included, all the way to zero")
  func duplicatesToZero() {
    let list = Gen.int(in: 0...100).array()
    let start: [UInt64] = [5, 5, 9, 5].flatMap { [1, index($0, in: 0...100)] } + [0]
    let result = afterPass(
      list, from: start,
      failsWhen: { list in
        list.contains { value in list.filter { $0 == value }.count >= 3 }
      }
    ) { $0.lowerDuplicates() }
    #expect(result == [0, 0, 9, 0])
  }

  @Test("numbers that must move together are lowered by one common amount")
  func commonOffset() throws {
    let triple = Gen.zip(Gen.int(in: digits), Gen.int(in: digits), Gen.int(in: digits))
    let start = [50, 51, 52].map { index($0, in: digits) }
    let engine = PropertyEngine(generate: triple.generate) { a, b, c in
      b == a + 1 && c == b + 1 ? "consecutive" : nil
    }
    let shrinker = Shrinker(failing: engine.trial(start, size: 100).0, isExhausted: { false }) {
      engine.trial($0, size: 100).0
    }
    shrinker.changed = [0, 1, 2]
    shrinker.lowerCommonOffset()
    let result = try #require(engine.trial(shrinker.best.indices, size: 100).1)
    #expect(result == (0, 1, 2))
  }

  @Test("a pair moves together whatever its signs, and may turn its difference around")
  func pairsOfEitherSign() throws {
    let pair = Gen.zip(Gen.int(in: -100...100), Gen.int(in: -100...100))
    let fails = { (pair: (Int, Int)) in abs(pair.1 - pair.0) == 11 && min(pair.0, pair.1) > -10 }
    let shifted = afterPass(
      pair, from: [index(-5, in: -100...100), index(6, in: -100...100)], failsWhen: fails
    ) { $0.shiftPairs() }
    #expect(shifted.map { [$0.0, $0.1] } == [0, 11])
    let mirrored = afterPass(
      pair, from: [index(2, in: -100...100), index(-9, in: -100...100)], failsWhen: fails
    ) { $0.shiftPairs() }
    #expect(mirrored.map { [$0.0, $0.1] } == [0, 11])
  }

  @Test("an amount moves from the first of a pair to the second, keeping the sum")
  func redistribution() {
    let pair = Gen.zip(Gen.int(in: digits), Gen.int(in: digits))
    let result = afterPass(
      pair, from: [index(7, in: digits), index(3, in: digits)], failsWhen: { $0.0 + $0.1 >= 10 }
    ) { $0.redistributePairs() }
    #expect(result.map { [$0.0, $0.1] } == [0, 10])
  }

  @Test("deleting an element while raising its neighbour: [1, 6] with a sum of 7 becomes [7]")
  func deleteWhileAdjusting() {
    let list = Gen.int(in: 0...20).array()
    let start: [UInt64] = [1, 6].flatMap { [1, index($0, in: 0...20)] } + [0]
    let result = afterPass(list, from: start, failsWhen: { $0.reduce(0, +) >= 7 }) {
      $0.deleteWhileAdjusting()
    }
    #expect(result == [7])
  }

  @Test("a step is deleted while the next is raised: [increment, add(6)] becomes [add(7)]")
  func deleteStepWhileAdjusting() {
    let result = ReducerProperty(PropertyTally(), initialState: PropertyTally.State())
      .action("increment") { _ in .just(.increment) }
      .action("add") { _ in Gen.int(in: 0...20).map(PropertyTally.Action.add) }
      .invariant("count stays below 7") { $0.count < 7 }
      .check(.seed(3), reportFailure: { _ in })
    #expect(result.counterexample?.actions == [.add(7)])
  }

  @Test("the same character goes from two strings at once when they must stay equal")
  func parallelDeletion() {
    let gen = Gen.zip(Gen.string().array(), Gen.string())
    let start = [1] + indices(of: "ab") + [0] + indices(of: "ab")
    let result = afterPass(gen, from: start, failsWhen: { $0.0.contains($0.1) && !$0.1.isEmpty }) {
      $0.deleteInParallel()
    }
    #expect(result.map { $0.0 == [$0.1] && $0.1.count == 1 } == true)
  }

  @Test("parts of the same shape trade places across parents")
  func reorderingAcrossParents() {
    let one = Gen.int(in: digits).array(count: 1...1)
    let gen = Gen.zip(one, one.array(count: 1...1))
    // A list below its minimum length records a forced "one more" flag (1) before each element.
    let start = [1, index(7, in: digits), 1, 1, index(3, in: digits)]
    let result = afterPass(gen, from: start, failsWhen: { $0.0[0] + $0.1[0][0] == 10 }) {
      $0.reorderAcrossParents()
    }
    #expect(result.map { [$0.0[0], $0.1[0][0]] } == [3, 7])
  }

  @Test("a node is replaced by a node of the same kind inside it")
  func descending() {
    let tree = Gen.recursive(base: Gen.just(Tree.leaf), maxDepth: 5) { tree in
      [Gen.zip(tree, tree).map(Tree.node)]
    }
    // node(leaf, node(leaf, node(leaf, leaf))): at each node, 1 picks a node and 0 a leaf.
    let result = afterPass(tree, from: [1, 0, 1, 0, 1, 0, 0], failsWhen: { $0.depth >= 1 }) {
      $0.replaceWithDescendants()
    }
    #expect(result == .node(.leaf, .leaf))
  }

  @Test("alternatives try their simplest options one by one: a character ≥ z shrinks to z")
  func linearLowering() {
    let result = afterPass(
      Gen.string(), from: indices(of: "{"),
      failsWhen: { text in
        text.unicodeScalars.contains { $0 >= "z" }
      }
    ) { $0.minimizeChoices() }
    #expect(result == "z")
  }

  @Test("every choice of a span is zeroed in one run")
  func zeroingSpans() {
    let list = Gen.int(in: digits).array()
    let start: [UInt64] = [31, 41, 59].flatMap { [1, index($0, in: digits)] } + [0]
    var runs = 0
    let result = afterPass(
      list, from: start,
      failsWhen: {
        runs += 1; return $0.count >= 3
      }
    ) {
      $0.zeroSpans()
    }
    #expect(result == [0, 0, 0])
    #expect(runs <= 3)  // the start, one zeroing run, and the result read back
  }

  @Test("a generator's simpler encodings are tried: 37.25 becomes 37")
  func rewrites() {
    let result = afterPass(
      Gen.double(in: 0...100),
      from: [UInt64(FloatingGen.Kind.any.rawValue), FloatingGen.patternIndex(of: 37.25)],
      failsWhen: { $0 >= 1.5 }
    ) { $0.tryRewrites() }
    #expect(result == 37)
  }
}
