import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

@testable import PropertyTesting

/// Steps of 0…9 drawn as a run's steps are (a "one more" flag, then the step's choices), so that
/// the step passes see them.
private let steps = Gen<[Int]> { draws in
  var result: [Int] = []
  while try draws.beginMore(.step, count: result.count, minimum: 0, chance: 0.5) {
    result.append(try Gen.int(in: 0...9).generate(draws))
    draws.end()
  }
  return result
}

/// The choices of `values` as ``steps`` draws them.
private func stepChoices(_ values: [Int]) -> [UInt64] {
  values.flatMap { [1, index($0, in: 0...9)] } + [0]
}

/// Transfers `(from, to)` between two accounts holding 1 and 0, with the bug of the corpus's
/// vaults: the payee's balance is overwritten. Whether money was lost.
private func losesMoney(_ transfers: [(Int, Int)]) -> Bool {
  var balances = [1, 0]
  for (from, to) in transfers where from != to {
    balances[to] = balances[from]
    balances[from] = 0
  }
  return balances.reduce(0, +) != 1
}

@Suite("Choices that stay in place, and the passes that change two parts at once")
struct StableChoicePassTests {
  @Test("an index whose alternative is off stands for the next one that is on, and is recorded so")
  func disabledAlternativeTakesTheNext() throws {
    let draws = Draws(prefix: [1, 2], random: nil, size: 100)
    #expect(try draws.drawEnabled(3) { $0 != 1 } == 2)
    #expect(try draws.drawEnabled(3) { $0 != 2 } == 0)  // wraps around
    #expect(draws.choices.map(\.index) == [2, 0])
  }

  @Test("searching picks only among the alternatives that are on, over all of them alike")
  func searchPicksEnabledOnly() throws {
    var counts = [Int: Int]()
    for seed in 0..<3000 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: UInt64(seed)), size: 100)
      counts[try draws.drawEnabled(4) { $0 % 2 == 1 }, default: 0] += 1
    }
    #expect(Set(counts.keys) == [1, 3])
    #expect(counts.values.allSatisfy { (1300...1700).contains($0) })
  }

  @Test("an element of a one-element collection still records a choice, so later ones stay put")
  func oneElementRecordsAChoice() throws {
    let draws = Draws(prefix: [0, 5], random: nil, size: 100)
    let gen = Gen.zip(Gen.element(of: ["only"]), Gen.int(in: 0...9))
    let value = try gen.generate(draws)
    #expect(value.1 == 5)  // the second choice read as the number, not shifted onto the first
    #expect(draws.choices.count == 2)
  }

  @Test("a rule that comes on later keeps its index when an earlier step is deleted")
  func ruleIndexSurvivesDeletion() throws {
    // `use` is on only once something was opened.
    struct Machine: Reducer {
      func reduce(into state: inout [Int], action: Int) -> Effect<Int> {
        state.append(action)
        return .none
      }
    }
    let property = ReducerProperty(Machine(), initialState: [])
      .action("open") { _ in .just(0) }
      .action("use", when: { !$0.state.isEmpty }) { _ in .just(1) }
    let run = { (prefix: [UInt64]) in
      try property.generateRun(Draws(prefix: prefix, random: nil, size: 100)).ruleNames
    }
    // Each step: a "one more" flag, then the rule, recorded even while only `open` is on.
    #expect(try run([1, 0, 1, 0, 1, 1, 0]) == ["open", "open", "use"])
    // Without the first step's choices, the rest still mean `open`, then `use`.
    #expect(try run([1, 0, 1, 1, 0]) == ["open", "use"])
  }

  @Test("two steps that only go together are deleted at once, a few steps apart")
  func stepPairDeleted() {
    // Fails while there is a 9 and an even number of other steps: no one step can go.
    let result = runsOfPass(steps, from: stepChoices([1, 9, 2])) { values in
      values.contains(9) && values.filter { $0 != 9 }.count % 2 == 0
    } pass: {
      $0.deleteStepPairs()
    }
    #expect(result.value == [9])
  }

  @Test("a step is deleted while the values of the one after it are swapped")
  func deletedWhileSwapping() {
    let transfers = Gen.zip(Gen.int(in: 0...1), Gen.int(in: 0...1)).array(count: 0...10)
    let start: [UInt64] = [1, 0, 1, 1, 0, 1, 0]  // [(0, 1), (0, 1)]
    let result = runsOfPass(transfers, from: start, failsWhen: losesMoney) {
      $0.deleteWhileSwapping()
    }
    #expect(result.value.map { $0.map { [$0.0, $0.1] } } == [[1, 0]])
  }

  @Test("a string's closing flag is not sorted with its characters")
  func closingFlagNotSorted() {
    let result = runsOfPass(Gen.string(), from: [1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0]) { text in
      text.count == 6 && Set(text).count == 2 && text.first != text.last
    } pass: {
      $0.reorderSiblings()
    }
    #expect(result.value == "aaabbb")
  }

  @Test("on inputs 100 times a normal example, the pair passes stay within their bounds")
  func pairPassesBounded() async {
    await onThreadOfItsOwn {
      // 301 steps, one 9: at most pairWindow − 1 runs per step, plus one per pair deleted.
      let values = (0..<301).map { $0 == 150 ? 9 : $0 % 9 }
      let pairs = runsOfPass(steps, from: stepChoices(values)) { values in
        values.contains(9) && values.filter { $0 != 9 }.count % 2 == 0
      } pass: {
        $0.deleteStepPairs()
      }
      #expect(pairs.runs <= (Shrinker.pairWindow - 1) * 301 + 151)
      #expect((pairs.value?.count ?? 301) < 301)
      // 300 transfers: at most mirrorWindow runs per choice of the next sibling, per element.
      let transfers = Gen.zip(Gen.int(in: 0...1), Gen.int(in: 0...1)).array(count: 0...1000)
      let start: [UInt64] = (0..<300).flatMap { _ in [1, 0, 1] } + [0]
      let swapped = runsOfPass(transfers, from: start, failsWhen: losesMoney) {
        $0.deleteWhileSwapping()
      }
      #expect(swapped.runs <= 300 * 2 * Shrinker.mirrorWindow)
      #expect(swapped.value.map(losesMoney) == true)
    }
  }

  @Test("days of the civil calendar come out right, leap days and month ends included")
  func civilCalendar() {
    #expect(InterestingInstants.civil(0) == (1970, 1, 1))
    #expect(InterestingInstants.civil(11_016) == (2000, 2, 29))
    #expect(InterestingInstants.civil(-1) == (1969, 12, 31))
    #expect(InterestingInstants.lastDayOfMonth(10_957 + 31) == 11_016)  // 2000-02-01 → 29th
    #expect(InterestingInstants.lastDayOfMonth(11_354) == 11_381)  // 2001-02-01 → 28th
  }

  @Test("leap days and the last hour of a day come up more often than a uniform draw gives")
  func rareDatesFavoured() throws {
    let start = Date(timeIntervalSince1970: 978_307_200)  // 2001-01-01
    let gen = Gen.date(in: start...start.addingTimeInterval(86_400 * 365 * 30))
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var leapDays = 0
    var lastHour = 0
    for seed in 0..<7000 {
      let draws = Draws(prefix: [], random: SplitMix64(seed: UInt64(seed)), size: 100)
      let parts = calendar.dateComponents([.month, .day, .hour], from: try gen.generate(draws))
      if parts.month == 2 && parts.day == 29 { leapDays += 1 }
      if parts.hour == 23 { lastHour += 1 }
    }
    // Uniform: about 4.5 leap days and 292 last hours in 7000.
    #expect(leapDays >= 10)
    #expect(lastHour >= 700)
  }
}
