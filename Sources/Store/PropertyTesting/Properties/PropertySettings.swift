import Foundation
import Store

/// How a property check runs: how many examples, from which seed, within which limits — or a
/// single recorded example to replay.
///
/// The seed is, in order of precedence: ``seed``; the environment variable
/// `UNIFLOW_PROPERTY_SEED` (a number, or `random` for a fresh one each run); otherwise a number
/// derived from the test's file and function, so that a test suite runs the same examples every
/// time. The failure report names the seed it used.
///
/// ```swift
/// forAll(gen, .seed(42)) { … }
/// forAll(gen, .examples(1000).timeLimit(.seconds(2))) { … }
/// forAll(gen, .replay("1.MgABAg")) { … }   // the failing case from a report, once
/// ```
public struct PropertySettings: Sendable {
  /// How many valid examples to try before the property counts as holding. Default 100.
  ///
  /// ```swift
  /// var settings = PropertySettings()
  /// settings.examples = 1000
  /// ```
  public var examples = 100
  /// The seed of the search; nil for the environment's or the test's own.
  ///
  /// ```swift
  /// settings.seed = 42
  /// ```
  public var seed: UInt64?
  /// A replay token from a failure report: run that one case, with no search and no shrinking.
  ///
  /// ```swift
  /// settings.replay = "1.MgABAg"
  /// ```
  public var replay: String?
  /// Stop searching after this long; ``PropertyResult/examples`` says how many ran. Default: no
  /// limit.
  ///
  /// ```swift
  /// settings.timeLimit = .seconds(2)
  /// ```
  public var timeLimit: Duration?
  /// Stop shrinking after this many runs of the property. Default 5000.
  ///
  /// ```swift
  /// settings.maxShrinkRuns = 20_000
  /// ```
  public var maxShrinkRuns = 5000
  /// Stop shrinking after this long. Default: no limit.
  ///
  /// ```swift
  /// settings.shrinkTimeLimit = .seconds(10)
  /// ```
  public var shrinkTimeLimit: Duration?
  /// Where `UNIFLOW_PROPERTY_SEED` is read; the process's environment unless set.
  package var environment: [String: String]?

  /// The defaults: 100 examples, the seed from the environment or the test, no time limits.
  ///
  /// ```swift
  /// PropertySettings(examples: 500, seed: 7)
  /// ```
  public init(
    examples: Int = 100, seed: UInt64? = nil, replay: String? = nil, timeLimit: Duration? = nil,
    maxShrinkRuns: Int = 5000, shrinkTimeLimit: Duration? = nil
  ) {
    self.examples = examples
    self.seed = seed
    self.replay = replay
    self.timeLimit = timeLimit
    self.maxShrinkRuns = maxShrinkRuns
    self.shrinkTimeLimit = shrinkTimeLimit
  }

  /// The name of the environment variable that fixes the seed of every check.
  ///
  /// ```swift
  /// // UNIFLOW_PROPERTY_SEED=42 swift test
  /// ProcessInfo.processInfo.environment[PropertySettings.seedVariable]
  /// ```
  public static let seedVariable = "UNIFLOW_PROPERTY_SEED"

  /// The name of the environment variable that, when set to `1`, prints each input's replay token
  /// to standard error before the property runs on it. A crash (a trap, such as an arithmetic
  /// overflow) ends the test process and cannot be shrunk or reported; the last token printed
  /// replays the input that crashed.
  ///
  /// ```swift
  /// // UNIFLOW_PROPERTY_TRACE=1 swift test --filter MyProperty
  /// ```
  public static let traceVariable = "UNIFLOW_PROPERTY_TRACE"

  /// Whether ``traceVariable`` is set to `1`.
  var tracesInputs: Bool {
    (environment ?? ProcessInfo.processInfo.environment)[Self.traceVariable] == "1"
  }

  /// Settings with the seed fixed.
  ///
  /// ```swift
  /// forAll(Gen.int, .seed(42)) { $0 == $0 }
  /// ```
  public static func seed(_ seed: UInt64) -> PropertySettings { PropertySettings(seed: seed) }
  /// Settings that replay one recorded case.
  ///
  /// ```swift
  /// forAll(Gen.int.array(), .replay("1.MgABAg")) { $0.count < 3 }
  /// ```
  public static func replay(_ token: String) -> PropertySettings { PropertySettings(replay: token) }
  /// Settings with a number of examples.
  ///
  /// ```swift
  /// forAll(Gen.int, .examples(1000)) { $0 == $0 }
  /// ```
  public static func examples(_ count: Int) -> PropertySettings {
    PropertySettings(examples: count)
  }

  /// These settings with the seed fixed.
  ///
  /// ```swift
  /// forAll(Gen.int, .examples(500).seed(42)) { $0 == $0 }
  /// ```
  public func seed(_ seed: UInt64) -> PropertySettings { with { $0.seed = seed } }
  /// These settings replaying one recorded case.
  ///
  /// ```swift
  /// forAll(Gen.int, .seed(1).replay("1.MgABAg")) { $0 < 5 }
  /// ```
  public func replay(_ token: String) -> PropertySettings { with { $0.replay = token } }
  /// These settings with a number of examples.
  ///
  /// ```swift
  /// forAll(Gen.int, .seed(42).examples(500)) { $0 == $0 }
  /// ```
  public func examples(_ count: Int) -> PropertySettings { with { $0.examples = count } }
  /// These settings with a time limit on the search.
  ///
  /// ```swift
  /// forAll(Gen.int, .examples(1_000_000).timeLimit(.seconds(2))) { $0 == $0 }
  /// ```
  public func timeLimit(_ limit: Duration) -> PropertySettings { with { $0.timeLimit = limit } }
  /// These settings with limits on shrinking.
  ///
  /// ```swift
  /// forAll(Gen.int.array(), .seed(1).shrinkLimit(runs: 100, time: .seconds(1))) { $0.count < 9 }
  /// ```
  public func shrinkLimit(runs: Int, time: Duration? = nil) -> PropertySettings {
    with {
      $0.maxShrinkRuns = runs
      $0.shrinkTimeLimit = time
    }
  }

  private func with(_ change: (inout PropertySettings) -> Void) -> PropertySettings {
    var copy = self
    change(&copy)
    return copy
  }

  /// The seed to search from for a check at `site` (the test's file and function): the one set,
  /// else the environment variable's, else a hash of `site`. Throws a message when the
  /// environment variable holds something else than a number or `random`.
  func resolvedSeed(site: String) throws(SeedError) -> UInt64 {
    if let seed { return seed }
    let environment = self.environment ?? ProcessInfo.processInfo.environment
    if let text = environment[Self.seedVariable]?.trimmingCharacters(in: .whitespaces),
      !text.isEmpty
    {
      if text.lowercased() == "random" { return UInt64.random(in: 0...UInt64.max) }
      guard let seed = UInt64(text) else {
        throw SeedError(
          message: "\(Self.seedVariable)='\(text)' is not a seed: set it to a whole number from "
            + "0 to \(UInt64.max), or to 'random'")
      }
      return seed
    }
    return fnv1a(site)
  }

  struct SeedError: Error {
    let message: String
  }
}

/// The 64-bit FNV-1a hash of `text`'s UTF-8 bytes: stable across runs and machines, unlike
/// `Hasher`.
func fnv1a(_ text: String) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in text.utf8 {
    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
  }
  return hash
}
