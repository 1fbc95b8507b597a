import StoreTesting
import TestSupport
import Testing

@Suite("Minimal sub-sequences")
struct MinimalSubsequenceTests {
  @Test("a planted core among thousands of other elements is found exactly, in order")
  func plantedCore() {
    let elements = Array(0..<10_000)
    let core = [17, 4_242, 9_999]
    let result = minimalSubsequence(of: elements) { list in core.allSatisfy(list.contains) }
    #expect(result.elements == core)
    #expect(result.indices == core)
    #expect(result.isMinimal)
    #expect(result.runs < 200)
  }

  @Test("the result is 1-minimal: deleting any one element loses the property, for any property")
  func oneMinimal() {
    // Properties over lists of small numbers: sums, counts and orders, which interact.
    let gen = Gen.zip(
      Gen.int(in: 0...9).array(count: 1...30), Gen.int(in: 0...4), Gen.int(in: 1...20))
    forAll(gen) { list, kind, bound in
      let property: ([Int]) -> Bool =
        switch kind {
        case 0: { $0.reduce(0, +) >= bound }
        case 1: { $0.filter { $0 > 4 }.count >= bound % 4 + 1 }
        case 2: { zip($0, $0.dropFirst()).contains { $0 > $1 } }  // some descent
        // Not monotone: deleting one element can make another deletable.
        case 3: { !$0.contains(bound % 10) || $0.contains((bound + 1) % 10) }
        default: { $0.count >= bound % 5 + 1 && $0.first == $0.last }
        }
      try assume(property(list))
      let result = minimalSubsequence(of: list, where: property)
      guard property(result.elements), result.isMinimal else { return false }
      return result.elements.indices.allSatisfy { index in
        var smaller = result.elements
        smaller.remove(at: index)
        return !property(smaller)
      } && result.indices.map { list[$0] } == result.elements
        && result.indices == result.indices.sorted()
    }
  }

  @Test("an element that becomes deletable only once a later one is gone is deleted too")
  func deletableLater() {
    // With 0 present the property needs 1; deleting 1 first fails, deleting 0 frees 1.
    let result = minimalSubsequence(of: [0, 1]) { !$0.contains(0) || $0.contains(1) }
    #expect(result.elements == [])
    #expect(result.isMinimal)
  }

  @Test("out of runs, the smallest list so far is kept and not called minimal")
  func outOfRuns() {
    var calls = 0
    let result = minimalSubsequence(of: Array(0..<1000), maxRuns: 5) { list in
      calls += 1
      return list.contains(500)
    }
    #expect(calls == 5)
    #expect(result.runs == 5)
    #expect(!result.isMinimal)
    #expect(result.elements.contains(500))
    #expect(result.elements.count < 1000)
  }

  @Test("when every element is needed, 10 and 100 times longer lists take at most 3 runs each")
  func everyElementNeeded() async {
    await onThreadOfItsOwn {
      for count in [30, 300, 3_000] {
        var longest = 0
        let result = minimalSubsequence(of: Array(0..<count)) { list in
          longest = max(longest, list.count)
          return list.count == count
        }
        #expect(result.elements.count == count)
        #expect(result.isMinimal)
        #expect(result.runs <= 3 * count, "\(count) elements: \(result.runs) runs")
        #expect(longest < count)  // no candidate is the whole list again
      }
    }
  }

  @Test("stop ends the search before the next run, keeping the smallest list so far")
  func stopEndsTheSearch() {
    var asked = 0
    let result = minimalSubsequence(
      of: Array(0..<1000),
      stop: {
        asked += 1
        return asked > 7
      }
    ) { $0.contains(500) }
    #expect(result.runs == 7)
    #expect(!result.isMinimal)
    #expect(result.elements.contains(500))
  }
}
