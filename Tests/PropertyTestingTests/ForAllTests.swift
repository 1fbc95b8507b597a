import Store
import StoreTesting
import TestSupport
import Testing
import XCTest

struct Boom: Error {}

/// Counts calls from inside a non-escaping property closure.
final class Calls {
  var count = 0
}

@Suite("Property checks")
struct ForAllTests {
  @Test("a failing property reports the simplest input, the seed and a replay token")
  func failureReport() throws {
    let failures = FailureLog()
    let result = forAll(Gen.int.array(), .seed(7), reportFailure: failures.reporter) {
      $0.reversed() == $0
    }
    #expect(result.verdict == .failed)
    #expect(result.counterexample == [0, 1])
    let token = try #require(result.replayToken)
    let lines = try #require(failures.messages.first).split(separator: "\n").map(String.init)
    #expect(lines.first == "Property failed: it returned false")
    #expect(lines.contains("  [0, 1]"))
    #expect(
      lines.contains(
        "Run exactly this input once: pass .replay(\"\(token)\") as the check's settings."))
    #expect(
      lines.last == "Search again from seed 7: pass .seed(7), or set UNIFLOW_PROPERTY_SEED=7.")
  }

  @Test("the counterexample prints as a Swift literal to paste into a regression test")
  func counterexampleAsCode() throws {
    let failures = FailureLog()
    forAll(
      Gen.zip(Gen.string(count: 1...3), Gen.int.array(), Gen.double(in: 0...10)), .seed(5),
      reportFailure: failures.reporter
    ) { text, list, number in
      !(text.count >= 2 && list.count >= 1 && number >= 2.5)
    }
    let message = try #require(failures.messages.first)
    #expect(message.contains("\n  (\"aa\", [0], 3.0)\n"))
  }

  @Test("the same seed gives the same report, byte for byte, from the parameter or the environment")
  func sameSeedSameReport() {
    let gen = Gen.zip(Gen.int.array(), Gen.string())
    let property: ([Int], String) -> Bool = { list, text in Set(list).count < 3 || text.count < 2 }
    let first = forAll(gen, .seed(42), reportFailure: { _ in }, property)
    let second = forAll(gen, .seed(42), reportFailure: { _ in }, property)
    var fromEnvironment = PropertySettings()
    fromEnvironment.environment = ["UNIFLOW_PROPERTY_SEED": "42"]
    let third = forAll(gen, fromEnvironment, reportFailure: { _ in }, property)
    #expect(first.verdict == .failed)
    #expect(first.message != nil)
    #expect(first.message == second.message)
    #expect(third.message == first.message)
  }

  @Test("with no seed given, a check's seed comes from its file and function, so reruns match")
  func defaultSeed() {
    var settings = PropertySettings()
    settings.environment = [:]
    let first = forAll(Gen.int, settings, reportFailure: { _ in }) { $0 < 1000 }
    let second = forAll(Gen.int, settings, reportFailure: { _ in }) { $0 < 1000 }
    #expect(first.seed != nil)
    #expect(first.seed == second.seed)
    #expect(first.message == second.message)
  }

  @Test("a malformed seed variable stops the check, saying what it accepts")
  func malformedSeedVariable() {
    var settings = PropertySettings()
    settings.environment = ["UNIFLOW_PROPERTY_SEED": "soon"]
    let result = forAll(Gen.int, settings, reportFailure: { _ in }) { _ in true }
    #expect(result.verdict == .gaveUp)
    #expect(
      result.message
        == "Property check gave up: UNIFLOW_PROPERTY_SEED='soon' is not a seed: set it to a "
        + "whole number from 0 to 18446744073709551615, or to 'random'")
  }

  @Test("a replay token runs exactly its input once, with no search and no shrinking")
  func replay() throws {
    let gen = Gen.int(in: 0...1000).array()
    let failing = forAll(gen, .seed(3), reportFailure: { _ in }) { ($0.max() ?? 0) < 500 }
    let token = try #require(failing.replayToken)
    let calls = Calls()
    let failures = FailureLog()
    let replayed = forAll(gen, .replay(token), reportFailure: failures.reporter) { list in
      calls.count += 1
      return (list.max() ?? 0) < 500
    }
    #expect(calls.count == 1)
    #expect(replayed.verdict == .failed)
    #expect(replayed.counterexample == failing.counterexample)
    #expect(replayed.counterexample == [500])
    #expect(
      failures.messages == [
        "Property failed on the replayed input \"\(token)\": it returned false\n\nInput:\n  [500]"
      ])
    let fixed = forAll(gen, .replay(token), reportFailure: failures.reporter) { _ in true }
    #expect(fixed.passed)
    #expect(fixed.examples == 1)
  }

  @Test("a malformed replay token fails, saying how to get a good one")
  func badReplayToken() {
    let failures = FailureLog()
    forAll(Gen.int, .replay("xyz"), reportFailure: failures.reporter) { _ in true }
    forAll(Gen.int, .replay("1.$$"), reportFailure: failures.reporter) { _ in true }
    #expect(
      failures.messages == [
        "Property check gave up: the replay token \"xyz\" is not valid: it does not start with "
          + "'1.'. Copy it again from the failure report.",
        "Property check gave up: the replay token \"1.$$\" is not valid: '$' is not a base64url "
          + "character. Copy it again from the failure report.",
      ])
  }

  @Test("a property that fails only sometimes is reported as flaky, and not shrunk")
  func flaky() throws {
    let calls = Calls()
    let failures = FailureLog()
    let result = forAll(Gen.int.array(), .seed(1), reportFailure: failures.reporter) { _ in
      calls.count += 1
      return calls.count != 5
    }
    #expect(result.verdict == .flaky)
    #expect(result.shrinkRuns == 1)
    #expect(calls.count == 6)
    let message = try #require(failures.messages.first)
    #expect(
      message.hasPrefix(
        "Property is flaky: it failed (it returned false), then passed when run again with the "
          + "same input, so the input was not shrunk. A property must depend only on its input: "
          + "look for time, randomness or state shared between runs."))
    #expect(message.contains(".replay(\""))
  }

  @Test("an error thrown by the property fails it and is named in the report")
  func thrownError() {
    let result = forAll(Gen.int(in: 0...9), .seed(1), reportFailure: { _ in }) { value in
      if value > 3 { throw Boom() }
      return true
    }
    #expect(result.counterexample == 4)
    #expect(result.message?.hasPrefix("Property failed: it threw Boom()") == true)
  }

  @Test("assume skips inputs, and a check that skips nearly all of them gives up, naming it")
  func assumeGivesUp() throws {
    let skipping = forAll(Gen.int(in: 0...9), .seed(1), reportFailure: { _ in }) { value in
      try assume(value != 3)
      return value != 3
    }
    #expect(skipping.passed)
    let failures = FailureLog()
    let result = forAll(Gen.int(in: 0...100), .seed(1), reportFailure: failures.reporter) {
      try assume($0 > 1000)
      return true
    }
    #expect(result.verdict == .gaveUp)
    let message = try #require(failures.messages.first)
    #expect(
      message.hasPrefix(
        "Property check gave up: only 0 of 100 examples were valid after 1000 tries (rejected "
          + "by assume at PropertyTestingTests/ForAllTests.swift:"))
    #expect(message.contains("Generate valid inputs directly rather than rejecting them."))
  }

  @Test("the example, time and shrink limits are honoured")
  func limits() {
    let calls = Calls()
    let counted = forAll(Gen.int, .examples(37), reportFailure: { _ in }) { _ in
      calls.count += 1
      return true
    }
    #expect(counted.examples == 37)
    #expect(calls.count == 37)
    let timed = forAll(Gen.int, .seed(1).timeLimit(.zero), reportFailure: { _ in }) { _ in true }
    #expect(timed.passed)
    #expect(timed.examples <= 1)
    let short = forAll(
      Gen.int.array(), .seed(1).shrinkLimit(runs: 3), reportFailure: { _ in }
    ) { Set($0).count < 3 }
    #expect(short.shrinkRuns <= 4)  // the limit, and the final run of the shrunk input
    #expect(short.message?.contains("Shrinking stopped at its limit") == true)
  }

  @Test("the StoreTesting bridge records a failing property in Swift Testing")
  func bridgeRecordsIssue() {
    withKnownIssue {
      forAll(Gen.int(in: 0...9), .seed(1)) { $0 < 5 }
    }
  }
}

/// The same checks work from XCTest, through the same `StoreTesting` bridge.
final class PropertyXCTests: XCTestCase {
  func testForAllRunsInXCTest() {
    let result = forAll(Gen.int.array(count: 0...5)) { $0.count <= 5 }
    XCTAssertTrue(result.passed)
    XCTAssertEqual(result.examples, 100)
  }
}
