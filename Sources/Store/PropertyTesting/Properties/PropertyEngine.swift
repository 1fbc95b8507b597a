import Foundation
import Store

/// Runs one property check: the search from a seed, the flakiness check, shrinking and the report.
///
/// Shared by ``forAll(_:_:fileID:filePath:line:function:reportFailure:_:)`` and
/// ``ReducerProperty``; it knows nothing of test frameworks.
///
/// ```swift
/// let engine = PropertyEngine(generate: gen.generate, property: { $0 > 0 ? nil : "not positive" })
/// let result = engine.check(settings, site: "MyTests.swift test()", describe: dumpText)
/// ```
final class PropertyEngine<Value> {
  private let generate: (Draws) throws -> Value
  private let property: (Value) throws -> String?
  private(set) var propertyRuns = 0
  /// Whether to print each input's replay token to standard error before running the property
  /// on it, so that after a crash the last token printed replays the input that crashed.
  private var traces = false

  /// `property` returns nil when the value passes, else why it failed; it may throw
  /// ``PropertyDiscard`` to skip the value, or any other error to fail.
  init(generate: @escaping (Draws) throws -> Value, property: @escaping (Value) throws -> String?) {
    self.generate = generate
    self.property = property
  }

  /// Generates a value from `prefix` (then `random`, then zeros) and runs the property on it.
  func trial(
    _ prefix: [UInt64], random: SplitMix64? = nil, size: Int, labels: ExampleLabels? = nil
  ) -> (Trial, Value?) {
    let draws = Draws(prefix: prefix, random: random, size: size)
    let value: Value
    do {
      value = try generate(draws)
    } catch Draws.Stop.rejected(let reason) {
      return (Trial(status: .rejected(reason), draws: draws), nil)
    } catch Draws.Stop.unsatisfied(let reason) {
      return (Trial(status: .discarded(reason), draws: draws), nil)
    } catch {
      return (Trial(status: .overrun, draws: draws), nil)
    }
    propertyRuns += 1
    if traces {
      let token = ReplayToken.encode(size: size, indices: draws.choices.map(\.index))
      FileHandle.standardError.write(Data("property input \(token)\n".utf8))
    }
    do {
      let failure =
        if let labels {
          try ExampleLabels.$current.withValue(labels) { try property(value) }
        } else {
          try property(value)
        }
      if let failure {
        return (Trial(status: .failed(failure), draws: draws), value)
      }
      return (Trial(status: .passed, draws: draws), value)
    } catch let discard as PropertyDiscard {
      return (Trial(status: .discarded(discard.site), draws: draws), value)
    } catch {
      return (Trial(status: .failed("it threw \(error)"), draws: draws), value)
    }
  }

  /// Runs the whole check.
  func check(
    _ settings: PropertySettings, site: String, noun: String = "input",
    describe: @escaping (Value) -> String
  ) -> PropertyResult<Value> {
    let report = PropertyReport(describe: describe, noun: noun)
    traces = settings.tracesInputs
    if let token = settings.replay { return replay(token, report: report) }
    let seed: UInt64
    do {
      seed = try settings.resolvedSeed(site: site)
    } catch {
      return report.gaveUp(error.message, seed: nil, examples: 0)
    }
    var random = SplitMix64(seed: seed)
    let clock = ContinuousClock()
    let started = clock.now
    let wanted = Swift.max(1, settings.examples)
    let maxTries = Swift.max(100, wanted * 10)
    var passed = 0
    var tries = 0
    var rejections: [String: Int] = [:]
    var tally = LabelTally()
    var timedOut = false
    while passed < wanted, tries < maxTries {
      if let limit = settings.timeLimit, clock.now - started > limit {
        timedOut = true
        break
      }
      let size = Swift.min(100, tries * 200 / wanted)
      let labels = ExampleLabels()
      let (trial, value) = self.trial(
        [], random: SplitMix64(seed: random.next()), size: size, labels: labels)
      tries += 1
      switch trial.status {
      case .passed:
        passed += 1
        tally.count(labels)
      case .rejected(let reason):
        return report.gaveUp(reason, seed: seed, examples: passed)
      case .discarded(let site):
        rejections[site, default: 0] += 1
        tally.countDiscarded()
      case .overrun:
        rejections[Trial.overrunReason, default: 0] += 1
      case .failed:
        tally.count(labels)
        return shrink(
          trial, value: value, size: size, seed: seed, examples: passed, settings, report,
          statistics: tally.line)
      }
    }
    if let unmet = tally.unmetCoverage, passed >= wanted || timedOut {
      return report.coverageFailed(unmet, seed: seed, examples: passed, statistics: tally.line)
    }
    if passed < wanted, !timedOut {
      let worst = rejections.sorted {
        $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key)
      }
      let causes = worst.map { "\($0.key): \($0.value)" }.joined(separator: "; ")
      return report.gaveUp(
        "only \(passed) of \(wanted) examples were valid after \(tries) tries (rejected by \(causes)). "
          + "Generate valid inputs directly rather than rejecting them.",
        seed: seed, examples: passed)
    }
    return report.passed(seed: seed, examples: passed, statistics: tally.line)
  }

  /// Confirms that `failing` fails again with the same input (else it is flaky), shrinks it and
  /// reports the simplest failing example.
  private func shrink(
    _ failing: Trial, value: Value?, size: Int, seed: UInt64, examples: Int,
    _ settings: PropertySettings, _ report: PropertyReport<Value>, statistics: String
  ) -> PropertyResult<Value> {
    let runsBefore = propertyRuns
    let (again, _) = trial(failing.indices, size: size)
    guard again.failed else {
      return report.flaky(
        value: value, failure: failing.failureMessage ?? "",
        token: ReplayToken.encode(size: size, indices: failing.indices), seed: seed,
        examples: examples, shrinkRuns: propertyRuns - runsBefore, statistics: statistics)
    }
    let clock = ContinuousClock()
    let started = clock.now
    let isExhausted = { [unowned self] in
      if propertyRuns - runsBefore >= settings.maxShrinkRuns { return true }
      guard let limit = settings.shrinkTimeLimit else { return false }
      return clock.now - started > limit
    }
    var start = failing
    start.value = value
    let shrinker = Shrinker(failing: start, isExhausted: isExhausted) { [unowned self] prefix in
      let (trial, value) = trial(prefix, size: size)
      var kept = trial
      kept.value = value
      return kept
    }
    shrinker.shrink()
    let stoppedByLimit = isExhausted()
    // The best trial keeps the value it made: no run again to read it back.
    let finalValue = shrinker.best.value as? Value
    let token = ReplayToken.encode(size: size, indices: shrinker.best.indices)
    guard let failure = shrinker.best.failureMessage, let finalValue else {
      return report.flaky(
        value: finalValue, failure: shrinker.best.failureMessage ?? "", token: token, seed: seed,
        examples: examples, shrinkRuns: propertyRuns - runsBefore, statistics: statistics)
    }
    return report.failed(
      value: finalValue, failure: failure, token: token, seed: seed, examples: examples,
      shrinkRuns: propertyRuns - runsBefore, stoppedByLimit: stoppedByLimit, statistics: statistics)
  }

  private func replay(_ token: String, report: PropertyReport<Value>) -> PropertyResult<Value> {
    let example: (size: Int, indices: [UInt64])
    do {
      example = try ReplayToken.decode(token)
    } catch {
      return report.gaveUp(
        "the replay token \"\(token)\" is not valid: \(error.reason). Copy it again from the "
          + "failure report.", seed: nil, examples: 0)
    }
    let (trial, value) = self.trial(example.indices, size: example.size)
    let reason: String
    switch trial.status {
    case .passed:
      return report.passed(seed: nil, examples: 1, statistics: "1 example")
    case .failed(let message):
      return report.replayFailed(value: value, message: message, token: token)
    case .discarded(let site), .rejected(let site):
      reason = site
    case .overrun:
      reason = Trial.overrunReason
    }
    return report.gaveUp(
      "the replay token \"\(token)\" does not fit this property's generator (\(reason)); it "
        + "replays only the property whose report printed it, as it was then.",
      seed: nil, examples: 0)
  }
}
