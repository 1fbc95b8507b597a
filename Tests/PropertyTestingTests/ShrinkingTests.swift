import Store
import StoreTesting
import Testing

@testable import PropertyTesting

@Suite("Shrinking")
struct ShrinkingTests {
  @Test("integers shrink toward zero, then positive before negative: 0, 1, −1, 2, −2, …")
  func integerOrder() {
    #expect(counterexample(Gen.int) { $0 == 0 } == 1)
    #expect(counterexample(Gen.int) { $0 >= 0 } == -1)
    #expect(counterexample(Gen.int) { abs($0) < 5 } == 5)
    #expect(counterexample(Gen.int) { $0 > -4 } == -4)
    #expect(counterexample(Gen.int(in: 10...20)) { _ in false } == 10)
    #expect(counterexample(Gen.int(in: -20 ... -10)) { _ in false } == -10)
    #expect(counterexample(Gen<Int8>.integer) { $0 > -100 } == -100)
    let order = (0..<7).map { Offset(index: UInt64($0), up: 10, down: 10).small }
    #expect(order == [0, 1, -1, 2, -2, 3, -3])
  }

  @Test("a choice index and its offset convert back and forth, one-sided ranges included")
  func offsetsRoundTrip() {
    for (up, down) in [(10, 10), (3, 9), (9, 3), (0, 7), (7, 0), (UInt64.max, 0)]
      as [(UInt64, UInt64)]
    {
      for index in [0, 1, 2, 5, 6, 7, min(up &+ down, 11)] as [UInt64] where index <= up &+ down {
        let offset = Offset(index: index, up: up, down: down)
        #expect(offset.fits(up: up, down: down))
        #expect(offset.index(up: up, down: down) == index)
      }
    }
    #expect(Offset(index: 11, up: 3, down: 9).small == -8)  // past the positive side's end
  }

  @Test("moving a number past the end of its range wraps around, as fixed-width arithmetic does")
  func wrapping() {
    let int16 = Choice(index: 0, up: 32767, down: 32768)
    #expect(int16.wrapping(Offset(32767), by: 1, upward: true).small == -32768)
    #expect(int16.wrapping(Offset(-32768), by: 2, upward: false).small == 32766)
    let full = Choice(index: 0, up: .max, down: 0)
    #expect(full.wrapping(Offset(negative: false, magnitude: .max), by: 1, upward: true) == .zero)
    let small = Choice(index: 0, up: 10, down: 0)  // 0...10
    #expect(small.wrapping(Offset(9), by: 5, upward: true).small == 3)
  }

  @Test("lists shrink to fewer elements first, then to simpler ones")
  func shorterFirst() {
    #expect(counterexample(Gen.int(in: 0...100).array()) { $0.reduce(0, +) <= 10 } == [11])
    #expect(counterexample(Gen.int.array()) { $0.count < 3 } == [0, 0, 0])
    #expect(counterexample(Gen.int.array().array()) { $0.joined().count < 2 } == [[0, 0]])
  }

  @Test("values made by flatMap shrink while keeping what the first value decided")
  func throughFlatMap() {
    let sized = Gen.int(in: 1...100).flatMap { n in Gen.int(in: 0...1000).array(count: n...n) }
    #expect(counterexample(sized) { ($0.max() ?? 0) < 900 } == [900])
  }

  @Test("sequences of choices are ordered by rank, then length, then the first difference")
  func simplicityOrder() {
    #expect(SimplicityKey(rank: 0, indices: [9, 9]) < SimplicityKey(rank: 1, indices: []))
    #expect(SimplicityKey(rank: 0, indices: [9]) < SimplicityKey(rank: 0, indices: [0, 0]))
    #expect(SimplicityKey(rank: 0, indices: [1, 9]) < SimplicityKey(rank: 0, indices: [2, 0]))
  }

  @Test("replay tokens keep the size and every index, the largest too")
  func replayTokens() throws {
    let indices: [UInt64] = [0, 1, 127, 128, 300, .max]
    let token = ReplayToken.encode(size: 57, indices: indices)
    #expect(token.hasPrefix("1."))
    let decoded = try ReplayToken.decode(token)
    #expect(decoded.size == 57)
    #expect(decoded.indices == indices)
    #expect(throws: ReplayToken.Invalid(reason: "it is cut short")) {
      try ReplayToken.decode(String(token.dropLast(2)))
    }
  }
}
