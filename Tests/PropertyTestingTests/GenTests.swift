import Store
import StoreTesting
import TestSupport
import Testing

/// Runs `gen`'s property on 200 examples, collecting failures instead of failing the test.
func holds<Value>(_ gen: Gen<Value>, seed: UInt64 = 1, _ property: (Value) throws -> Bool)
  -> PropertyResult<Value>
{
  forAll(gen, PropertySettings(examples: 200, seed: seed), reportFailure: { _ in }, property)
}

/// The shrunk counterexample of a property expected to fail.
func counterexample<Value>(
  _ gen: Gen<Value>, seed: UInt64 = 1, _ property: (Value) throws -> Bool
) -> Value? {
  let result = forAll(
    gen, PropertySettings(examples: 500, seed: seed), reportFailure: { _ in }, property)
  return result.verdict == .failed ? result.counterexample : nil
}

@Suite("Generators")
struct GenTests {
  @Test("integers of every width stay in their range, ends included")
  func integerRanges() {
    #expect(holds(Gen.int(in: Int8(-3)...Int8(5))) { (-3...5).contains($0) }.passed)
    #expect(holds(Gen.int(in: UInt8(10)...UInt8(200))) { (10...200).contains($0) }.passed)
    #expect(holds(Gen<Int16>.integer) { _ in true }.passed)
    #expect(holds(Gen.int(in: Int32(-7)...Int32(-2))) { (-7 ... -2).contains($0) }.passed)
    #expect(holds(Gen<UInt64>.integer) { _ in true }.passed)
    #expect(holds(Gen.int(in: Int.min...Int.min + 3)) { $0 <= Int.min + 3 }.passed)
    let seen = Set(
      (0..<400).compactMap { seed in
        counterexample(Gen.int(in: 0...3), seed: UInt64(seed)) { _ in false }
      })
    #expect(seen == [0])  // every failure shrinks to the simplest value
  }

  @Test("the extremes of a range are generated")
  func extremes() {
    #expect(counterexample(Gen<Int64>.integer) { $0 != .max } == .max)
    #expect(counterexample(Gen<Int64>.integer) { $0 != .min } == .min)
    #expect(counterexample(Gen<UInt8>.integer) { $0 != 255 } == 255)
  }

  @Test("Bool, elements, optionals and alternatives shrink to the first choice")
  func simplestChoices() {
    #expect(counterexample(Gen.bool) { _ in false } == false)
    #expect(counterexample(Gen.element(of: ["b", "a", "c"])) { _ in false } == "b")
    #expect(counterexample(Gen.int.optional) { _ in false } == .some(nil))
    #expect(counterexample(Gen.oneOf(Gen.just("x"), Gen.just("y"))) { _ in false } == "x")
    #expect(
      counterexample(Gen.frequency((1, Gen.just(1)), (99, Gen.just(2)))) { _ in false } == 1)
    #expect(counterexample(Gen.element(of: ["b", "a", "c"])) { $0 != "c" } == "c")
  }

  @Test("arrays and strings keep their length bounds, while searching and shrinking")
  func lengthBounds() {
    #expect(holds(Gen.int.array(count: 2...4)) { (2...4).contains($0.count) }.passed)
    #expect(holds(Gen.string(count: 0...3)) { $0.count <= 3 }.passed)
    #expect(counterexample(Gen.int.array(count: 3...9)) { _ in false } == [0, 0, 0])
    #expect(counterexample(Gen.string(count: 1...9)) { _ in false } == "a")
    #expect(counterexample(Gen.string()) { !$0.contains("z") } == "z")
  }

  @Test("map, flatMap and zip compose, and their values shrink through them")
  func composition() {
    let pairs = Gen.zip(Gen.int(in: 0...100), Gen.bool).map { "\($0)-\($1)" }
    #expect(counterexample(pairs) { !$0.hasSuffix("true") } == "0-true")
    let sized = Gen.int(in: 1...10).flatMap { count in
      Gen.int(in: 0...5).array(count: count...count)
    }
    #expect(holds(sized) { (1...10).contains($0.count) }.passed)
    #expect(counterexample(sized) { $0.count < 3 } == [0, 0, 0])
  }

  @Test("a shrunk value still satisfies the filter it was made through")
  func filterShrinks() {
    let odd = Gen.int(in: 0...1000).filter { $0 % 2 == 1 }
    #expect(holds(odd) { $0 % 2 == 1 }.passed)
    #expect(counterexample(odd) { $0 < 100 } == 101)
  }

  @Test("a filter that rejects every try stops the check, naming its line")
  func filterGivesUp() {
    let failures = FailureLog()
    let result = forAll(
      Gen.int(in: 0...1000).filter(maxTries: 5) { $0 > 5000 }, .seed(1),
      reportFailure: failures.reporter
    ) { _ in true }
    #expect(result.verdict == .gaveUp)
    #expect(
      failures.messages.first?.hasPrefix(
        "Property check gave up: Gen.filter at PropertyTestingTests/GenTests.swift:")
        == true)
    #expect(
      failures.messages.first?.contains(
        "rejected 5 values in a row: the filter keeps too few values. Generate values that "
          + "satisfy the condition directly (with map or flatMap), or loosen it.") == true)
  }

  @Test("recursive values stay within their depth and shrink to the base case")
  func recursive() {
    let tree = Gen.recursive(base: Gen.just(Tree.leaf), maxDepth: 3) { tree in
      [Gen.zip(tree, tree).map(Tree.node)]
    }
    #expect(holds(tree) { $0.depth <= 3 }.passed)
    #expect(counterexample(tree) { _ in false } == .leaf)
    #expect(counterexample(tree) { $0.depth < 2 } == .node(.leaf, .node(.leaf, .leaf)))
  }
}

indirect enum Tree: Equatable, Sendable {
  case leaf
  case node(Tree, Tree)

  var depth: Int {
    switch self {
    case .leaf: 0
    case .node(let left, let right): 1 + max(left.depth, right.depth)
    }
  }
}
