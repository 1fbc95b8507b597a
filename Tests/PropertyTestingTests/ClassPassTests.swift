import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// The passes of issue 33, each on an instance of the class it serves: ranges that do not start
/// at 0, negative ranges, 64-bit extremes, labels, characters, trees.
@Suite("Shrink passes for ranges with offsets, signs, extremes, labels and trees")
struct ClassPassTests {
  @Test("a product of numbers from 1 trades the first factor for the second by their values")
  func productFromOne() {
    let range = 1...1000
    let gen = Gen.zip(Gen.int(in: range), Gen.int(in: range))
    let result = runsOfPass(gen, from: [index(2, in: range), index(50, in: range)]) {
      $0 * $1 >= 100
    } pass: {
      $0.tradePairs()
    }
    #expect(result.value.map { [$0.0, $0.1] } == [1, 100])
    let negative = -1000...(-1)
    let negatives = runsOfPass(
      Gen.zip(Gen.int(in: negative), Gen.int(in: negative)),
      from: [index(-2, in: negative), index(-50, in: negative)]
    ) {
      $0 * $1 >= 100
    } pass: {
      $0.tradePairs()
    }
    #expect(negatives.value.map { [$0.0, $0.1] } == [-1, -100])
  }

  @Test("negative numbers that only fail together turn positive together, within their range")
  func negatedTogether() {
    let shorts = Gen.zip(Gen<Int16>.integer, Gen<Int16>.integer)
    let product = runsOfPass(shorts, from: [2, 2002]) {  // (-1, -1001)
      Int($0) * Int($1) > 1000
    } pass: {
      $0.negateTogether()
    }
    #expect(product.value.map { [$0.0, $0.1] } == [1, 1001])
    let ints = Gen.zip(Gen.int, Gen.int)
    let sum = runsOfPass(ints, from: [2, .max]) {  // (-1, Int.min)
      $0.addingReportingOverflow($1).overflow
    } pass: {
      $0.negateTogether()
    }
    #expect(sum.value.map { [$0.0, $0.1] } == [1, Int.max])
    // (-2, Int.max): the complement maps the end of the range to the other end.
    let difference = runsOfPass(ints, from: [4, .max - 2]) {
      $0.subtractingReportingOverflow($1).overflow
    } pass: {
      $0.negateTogether()
    }
    #expect(difference.value.map { [$0.0, $0.1] } == [1, Int.min])
  }

  @Test("values that name nodes are renamed throughout, in order of appearance")
  func relabelled() {
    let node = Gen.int(in: 0...5)
    let edges = Gen.zip(node, node).array(count: 0...10)
    let cycle: [UInt64] = [1, 0, 2, 1, 1, 0, 1, 2, 1, 0]  // [(0, 2), (1, 0), (2, 1)]
    let result = runsOfPass(edges, from: cycle) { edges in
      // A cycle through three nodes, each left by one edge.
      Set(edges.map(\.0)).count == 3
        && edges.allSatisfy { edge in edges.contains { $0.0 == edge.1 } }
    } pass: {
      $0.relabel()
    }
    #expect(result.value.map { $0.map { [$0.0, $0.1] } } == [[0, 1], [2, 0], [1, 2]])
  }

  @Test("a deleted step's neighbour wraps past the end of its range, as fixed-width arithmetic")
  func wrappedNeighbour() {
    // Withdrawals from a balance of 0 that must overflow: [2, Int.max] is one of Int.min.
    let withdrawals = Gen.int.array(count: 0...10)
    let start: [UInt64] = [1, 3, 1, .max - 2, 0]  // [2, Int.max]
    let result = runsOfPass(withdrawals, from: start) { amounts in
      var balance = 0
      for amount in amounts {
        let (next, overflow) = balance.subtractingReportingOverflow(amount)
        if overflow { return true }
        balance = next
      }
      return false
    } pass: {
      $0.deleteWhileAdjusting()
    }
    #expect(result.value == [Int.min])
  }

  @Test("an amount moves between two numbers however close to 2⁶³ they are")
  func redistributedNearTheTop() {
    let range = 0...Int.max
    let gen = Gen.zip(Gen.int(in: range), Gen.int(in: range))
    let result = runsOfPass(gen, from: [4, UInt64(Int.max - 2)]) {  // (4, Int.max - 2)
      $0.addingReportingOverflow($1).overflow
    } pass: {
      $0.redistributePairs()
    }
    #expect(result.value.map { [$0.0, $0.1] } == [2, Int.max])
  }

  @Test("a character that must be a comma becomes one, past the letters and digits")
  func punctuationFound() {
    let result = runsOfPass(Gen.string(), from: indices(of: "\u{2603}")) { text in
      text.contains(",") || text.unicodeScalars.contains { $0.value > 127 }
    } pass: {
      $0.minimizeChoices()
    }
    #expect(result.value == ",")
  }

  @Test("a subtree moved up a level keeps its leaves at the depth limit as leaves")
  func subtreeMovedUp() throws {
    // Found at size 40 (depth limit 3): neg(neg(neg(x))), its x at the limit.
    let draws = Draws(prefix: [3, 3, 3, 1], random: nil, size: 40)
    let tree = try FormulaTree.gen.generate(draws)
    #expect(tree == .neg(.neg(.neg(.x))))
    let engine = PropertyEngine(generate: FormulaTree.gen.generate) { tree in
      tree.negations >= 2 && tree.hasX ? "it failed" : nil
    }
    let (start, _) = engine.trial([3, 3, 3, 1], size: 40)
    let shrinker = Shrinker(failing: start, isExhausted: { false }) {
      engine.trial($0, size: 40).0
    }
    shrinker.replaceWithDescendants()
    #expect(engine.trial(shrinker.best.indices, size: 40).1 == .neg(.neg(.x)))
  }

  @Test("while searching, a tree now and then repeats one of its subtrees")
  func equalSubtrees() throws {
    var equal = 0
    for seed in 0..<2000 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: UInt64(seed)), size: 100)
      if case .mul(let a, let b) = try FormulaTree.gen.generate(draws), a == b,
        a.negations + a.size > 1
      {
        equal += 1
      }
    }
    // Independent draws make mul(a, a) of a subtree a with two nodes or more about 1 time in
    // 10,000.
    #expect(equal >= 10)
  }

  @Test("on inputs 100 times a normal example, the new passes stay within their stated runs")
  func boundedOnLargeInputs() async {
    await onThreadOfItsOwn {
      // Relabeling: 300 edges over 6 nodes; at most k(k − 1)/2 runs per kind, k ≤ 6.
      let node = Gen.int(in: 0...5)
      let edges = Gen.zip(node, node).array(count: 300...300)
      let start: [UInt64] = (0..<300).flatMap { [1, UInt64(5 - $0 % 6), UInt64($0 % 6)] }
      let relabelled = runsOfPass(edges, from: start) {
        $0.count == 300
      } pass: {
        $0.relabel()
      }
      #expect(relabelled.runs <= 15)
      // Negating: 300 negative numbers in one list; two runs per span and per nearby pair.
      let numbers = Gen.int(in: -1000...1000).array(count: 300...300)
      let negatives: [UInt64] = (0..<300).flatMap { [1, index(-1 - $0, in: -1000...1000)] }
      let negated = runsOfPass(numbers, from: negatives) {
        $0.count == 300
      } pass: {
        $0.negateTogether()
      }
      #expect(negated.value?.allSatisfy { $0 > 0 } == true)
      #expect(negated.runs <= 2 * (1 + 2 * 300))
    }
  }
}

/// Trees in one variable, for the recursive passes.
indirect enum FormulaTree: Equatable, Sendable {
  case number(Int)
  case x
  case add(FormulaTree, FormulaTree)
  case mul(FormulaTree, FormulaTree)
  case neg(FormulaTree)

  static let gen = Gen.recursive(
    base: Gen.oneOf(Gen.int(in: -9...9).map(FormulaTree.number), .just(.x)), maxDepth: 4
  ) { tree in
    [
      Gen.zip(tree, tree).map(FormulaTree.add), Gen.zip(tree, tree).map(FormulaTree.mul),
      tree.map(FormulaTree.neg),
    ]
  }

  var negations: Int {
    switch self {
    case .number, .x: 0
    case .add(let a, let b), .mul(let a, let b): a.negations + b.negations
    case .neg(let a): 1 + a.negations
    }
  }

  /// How many nodes it has.
  var size: Int {
    switch self {
    case .number, .x: 1
    case .add(let a, let b), .mul(let a, let b): 1 + a.size + b.size
    case .neg(let a): 1 + a.size
    }
  }

  var hasX: Bool {
    switch self {
    case .number: false
    case .x: true
    case .add(let a, let b), .mul(let a, let b): a.hasX || b.hasX
    case .neg(let a): a.hasX
    }
  }
}
