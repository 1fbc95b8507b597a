import Store
import StoreTesting
import TestSupport
import Testing

@Suite("Labels, coverage and statistics")
struct LabelTests {
  @Test("labels count each example once and show as shares in the statistics line")
  func statistics() {
    let result = forAll(Gen.int(in: 0...9), .seed(1).examples(50), reportFailure: { _ in }) {
      value in
      label(value < 5 ? "small" : "large")
      classify(value == 0, "zero")
      label("counted once")
      label("counted once")
      return true
    }
    #expect(result.passed)
    #expect(result.statistics.hasPrefix("50 examples: 100% counted once, "))
    #expect(result.statistics.contains("% small"))
    #expect(result.statistics.contains("% zero"))
  }

  @Test("a coverage requirement that is not met fails the check, showing the table of labels")
  func unmetCoverage() throws {
    let failures = FailureLog()
    let result = forAll(Gen.int(in: 0...99), .seed(2), reportFailure: failures.reporter) {
      value in
      cover(50, value == 7, "seven")
      classify(value < 50, "below 50")
      return true
    }
    #expect(result.verdict == .failed)
    #expect(result.counterexample == nil)
    let message = try #require(failures.messages.first)
    #expect(
      message.hasPrefix(
        "Property failed: coverage of \"seven\" is "))
    #expect(
      message.contains(
        "% of 100 examples, below the 50% required by cover at "
          + "PropertyTestingTests/LabelTests.swift:"))
    #expect(message.contains("Make the generator reach it more often, or lower the requirement."))
    #expect(message.contains("\nLabels:\n"))
    #expect(message.contains("  seven (cover ≥ 50%)"))
    #expect(message.contains("  below 50\n") || message.hasSuffix("  below 50"))
    #expect(
      message.hasSuffix("Search again from seed 2: pass .seed(2), or set UNIFLOW_PROPERTY_SEED=2."))
  }

  @Test("a coverage requirement that is met lets the check pass")
  func metCoverage() {
    let result = forAll(Gen.int(in: 0...9), .seed(3), reportFailure: { _ in }) { value in
      cover(20, value < 5, "lower half")
      return true
    }
    #expect(result.passed)
    #expect(result.statistics.contains("% lower half"))
  }

  @Test("labels outside a check, or while shrinking, change nothing")
  func labelsWhileShrinking() {
    label("outside")
    let result = forAll(Gen.int(in: 0...1000), .seed(4), reportFailure: { _ in }) { value in
      label("seen")
      return value < 500
    }
    #expect(result.verdict == .failed)
    #expect(result.message?.contains("Tested: ") == true)
    #expect(result.message?.contains("% seen.") == true)
  }
}
