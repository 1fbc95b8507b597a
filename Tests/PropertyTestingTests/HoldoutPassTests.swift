import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// Shapes whose cached total area adds a rectangle's sides instead of multiplying them.
private enum Figure: Equatable, Sendable {
  case circle(Int)
  case rect(Int, Int)

  static let gen = Gen.oneOf(
    Gen.int(in: 0...100).map(Figure.circle),
    Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100)).map(Figure.rect))

  func area(cached: Bool) -> Int {
    switch self {
    case .circle(let radius): 3 * radius * radius
    case .rect(let width, let height): cached ? width + height : width * height
    }
  }
}

/// An editor whose undo clears the unsaved mark: `[.type, .save, .undo]` is its simplest failure.
private struct Editor: Reducer {
  struct State: Equatable, Sendable {
    var pieces: [String] = []
    var saved = ""
    var dirty = false
    var actions = 0
  }

  enum Action: Equatable, Sendable {
    case scroll(Int), type(String), undo, save
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.actions += 1
    switch action {
    case .scroll: break
    case .type(let text):
      state.pieces.append(text)
      state.dirty = true
    case .undo:
      if !state.pieces.isEmpty { state.pieces.removeLast() }
      state.dirty = false
    case .save:
      state.saved = state.pieces.joined()
      state.dirty = false
    }
    return .none
  }

  static func property(
    steps: ClosedRange<Int> = 1...20, invariant: @escaping @Sendable (State) -> Bool
  ) -> ReducerProperty<Editor> {
    ReducerProperty(Editor(), initialState: State())
      .steps(steps)
      .action("scroll") { _ in Gen.int(in: 0...100).map(Action.scroll) }
      .action("type") { _ in Gen.string(count: 1...3).map(Action.type) }
      .action("undo") { _ in .just(.undo) }
      .action("save") { _ in .just(.save) }
      .invariant("holds", invariant)
  }
}

@Suite("Shrink passes for the third holdout's local minima")
struct HoldoutPassTests {
  let wide = -1000...1000

  @Test("two numbers are reflected through zero and traded, keeping x == y + 1")
  func reflectedSuccessor() {
    let gen = Gen.zip(Gen.int(in: wide), Gen.int(in: wide))
    let result = runsOfPass(gen, from: [index(11, in: wide), index(10, in: wide)]) {
      $0.0 == $0.1 + 1 && $0.0 * $0.1 >= 100
    } pass: {
      $0.reflectPairs()
    }
    #expect(result.value.map { [$0.0, $0.1] } == [-10, -11])
  }

  @Test("two floats flip their signs together, keeping their product")
  func reflectedFloats() {
    let gen = Gen.zip(Gen.double(in: -10...10), Gen.double(in: -10...10))
    let integer = UInt64(FloatingGen.Kind.integer.rawValue)
    let start = [integer, index(-1, in: -10...10), integer, index(2, in: -10...10)]
    let result = runsOfPass(gen, from: start) {
      $0.0 * $0.1 < -1
    } pass: {
      $0.reflectPairs()
    }
    #expect(result.value.map { [$0.0, $0.1] } == [1, -2])
  }

  @Test(
    "a trade that needs more room than the range has takes the other side: (2, 64) → (-1, -128)")
  func tradeFlipsSigns() {
    let bytes = -128...127
    let gen = Gen.zip(Gen<Int8>.integer, Gen<Int8>.integer)
    let result = runsOfPass(gen, from: [index(2, in: bytes), index(64, in: bytes)]) {
      $0.0.multipliedReportingOverflow(by: $0.1).overflow
    } pass: {
      $0.tradePairs()
    }
    #expect(result.value.map { [Int($0.0), Int($0.1)] } == [-1, -128])
  }

  @Test("the numbers around one go to zero while it is raised: (35, 65, 35) → (0, 100, 0)")
  func loweredAround() {
    let range = 0...100
    let gen = Gen.zip(Gen.int(in: range), Gen.int(in: range), Gen.int(in: range))
    let result = runsOfPass(gen, from: [35, 65, 35].map { index($0, in: range) }) {
      $0.0 + 2 * $0.1 + $0.2 >= 200 && $0.2 <= $0.0
    } pass: {
      $0.lowerAroundRaisingOne()
    }
    #expect(result.value.map { [$0.0, $0.1, $0.2] } == [0, 100, 0])
  }

  @Test("a deleted part of another kind is made up for by raising its neighbour to the end")
  func adjustedFromAnotherKind() {
    let gen = Figure.gen.array(count: 0...5)
    let start: [UInt64] = [1, 0, index(3, in: 0...100), 1, 1, 0, 1, 0]
    let result = runsOfPass(gen, from: start) { figures in
      let total = figures.reduce(0) { $0 + $1.area(cached: false) }
      return total > 20 && figures.reduce(0) { $0 + $1.area(cached: true) } != total
    } pass: {
      $0.deleteWhileAdjusting()
    }
    #expect(result.value == [.rect(21, 1)])
  }

  @Test(
    "an element moves to the next collection of its kind: [[\"a\"], [\"aaaa\"]] → [[\"\"], [\"aaaaa\"]]"
  )
  func movedToNextCollection() {
    let gen = Gen.string(count: 0...6).array(count: 0...4).array(count: 0...4)
    let start: [UInt64] = [1, 1] + indices(of: "a") + [0, 1, 1] + indices(of: "aaaa") + [0, 0]
    let result = runsOfPass(gen, from: start) { lists in
      lists.filter { !$0.isEmpty }.count >= 2 && lists.joined().map(\.count).reduce(0, +) >= 5
    } pass: {
      $0.moveToNextCollection()
    }
    #expect(result.value == [[""], ["aaaaa"]])
  }

  @Test("keys at their longest lose a character together: (\"aaU\", \"aau\") → (\"U\", \"u\")")
  func parallelDeletionOfFullStrings() {
    let key = Gen.string(of: .asciiCharacter, count: 1...3)
    let a = UnicodeOrder.index(of: "a")
    let start: [UInt64] = [
      1, a, 1, a, 1, UnicodeOrder.index(of: "U"), 1, a, 1, a, 1, UnicodeOrder.index(of: "u"),
    ]
    let result = runsOfPass(Gen.zip(key, key), from: start) {
      $0.0 != $0.1 && $0.0.lowercased() == $0.1.lowercased()
    } pass: {
      $0.deleteInParallel()
    }
    #expect(result.value.map { [$0.0, $0.1] } == ["U", "u"])
  }

  @Test("a Saturday afternoon in August becomes the first Saturday afternoon of the range")
  func dateKeepsWeekday() throws {
    let low: Int64 = 1_704_067_200_000  // 2024-01-01, a Monday
    let gen = Gen.date(
      in: Date(timeIntervalSince1970: 1_704_067_200)...Date(timeIntervalSince1970: 1_735_603_200))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let august: Int64 = 1_723_896_000_000  // Saturday 2024-08-17 12:00 UTC
    let result = runsOfPass(gen, from: [UInt64(august - low)]) { date in
      let parts = calendar.dateComponents([.weekday, .hour], from: date)
      return parts.weekday == 7 && parts.hour! >= 12
    } pass: {
      $0.tryRewrites()
    }
    #expect(result.value == Date(timeIntervalSince1970: 1_704_542_400))  // 2024-01-06 12:00
  }

  @Test("a step becomes a later kind of action that reads no choices of its own")
  func stepBecomesLaterKindWithoutPayload() {
    let property = Editor.property { $0.dirty == ($0.pieces.joined() != $0.saved) }
    let engine = PropertyEngine(generate: property.generateRun) { $0.failure }
    let typeA: [UInt64] = [1, 1, 1, 0, 0]  // flag, rule "type", forced flag, "a", end of text
    let start = typeA + typeA + [1, 2]
    let shrinker = Shrinker(failing: engine.trial(start, size: 100).0, isExhausted: { false }) {
      engine.trial($0, size: 100).0
    }
    #expect(engine.trial(start, size: 100).1?.actions == [.type("a"), .type("a"), .undo])
    shrinker.simplifySteps()
    #expect(
      engine.trial(shrinker.best.indices, size: 100).1?.actions == [.type("a"), .save, .undo])
  }

  @Test("on inputs 100 times a normal example, the new passes stay within their stated runs")
  func boundedOnLargeInputs() async {
    await onThreadOfItsOwn {
      let wide = -1000...1000
      // Reflecting: 100 pairs; at most two runs per pair of nearby numbers.
      let pairs = Gen.zip(Gen.int(in: wide), Gen.int(in: wide)).array(count: 100...100)
      let successors = (0..<100).flatMap { _ in
        [UInt64(1), index(11, in: wide), index(10, in: wide)]
      }
      let reflected = runsOfPass(pairs, from: successors) {
        $0.allSatisfy { $0.0 == $0.1 + 1 && $0.0 * $0.1 >= 100 }
      } pass: {
        $0.reflectPairs()
      }
      #expect(reflected.value?.allSatisfy { $0 == (-10, -11) } == true)
      #expect(reflected.runs <= 2 * 2 * 200)
      // Lowering around one: 100 triples; one run per number, and log₂ r more when it works.
      let range = 0...100
      let triples = Gen.zip(Gen.int(in: range), Gen.int(in: range), Gen.int(in: range))
        .array(count: 100...100)
      let start = (0..<100).flatMap { _ in [UInt64(1)] + [35, 65, 35].map { index($0, in: range) } }
      let lowered = runsOfPass(triples, from: start) {
        $0.allSatisfy { $0.0 + 2 * $0.1 + $0.2 >= 200 && $0.2 <= $0.0 }
      } pass: {
        $0.lowerAroundRaisingOne()
      }
      #expect(lowered.value != nil)
      #expect(lowered.runs <= 300 * (1 + 7))
      // Moving: 100 strings of two characters; at most one run per element, one move per string.
      let words = Gen.string(count: 0...400).array(count: 100...100)
      let moved = runsOfPass(words, from: (0..<100).flatMap { _ in [1] + indices(of: "ab") }) {
        $0.map(\.count).reduce(0, +) >= 200
      } pass: {
        $0.moveToNextCollection()
      }
      #expect(moved.value?.map(\.count).reduce(0, +) == 200)
      #expect(moved.runs <= 200)
      // Later kinds of step: 100 steps; at most 8 runs per step, one per kind reading choices.
      let property = Editor.property(steps: 0...200) { $0.actions < 100 }
      let engine = PropertyEngine(generate: property.generateRun) { $0.failure }
      let steps: [UInt64] = (0..<100).flatMap { _ in [UInt64(1), 1, 1, 0, 0] }
      var runs = 0
      let shrinker = Shrinker(failing: engine.trial(steps, size: 100).0, isExhausted: { false }) {
        runs += 1
        return engine.trial($0, size: 100).0
      }
      shrinker.simplifySteps()
      #expect(engine.trial(shrinker.best.indices, size: 100).1?.actions.count == 100)
      #expect(runs <= 100 * (2 + 8) + 4)
      // Date rewrites: at most 2 + 12 + 8 candidates for any date, all nearer the simplest one.
      let day = InterestingInstants.day
      let step = Int(997 * day + 12_345)
      for milliseconds in stride(from: -40_000 * day, to: 40_000 * day, by: step) {
        let candidates = DateRewrites.candidates(
          of: milliseconds, pivot: 0, low: -40_000 * day, high: 40_000 * day)
        #expect(candidates.count <= 22)
        #expect(candidates.allSatisfy { $0.magnitude < milliseconds.magnitude })
      }
    }
  }
}
