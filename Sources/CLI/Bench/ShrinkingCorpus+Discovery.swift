import PropertyTesting
import Store

/// Hypothesis's discovery tests (hypothesis-python/tests/quality/test_discovery_ability.py):
/// whether a search of 150 examples, without shrinking, finds a value with some trait. Ideal here
/// means found; Hypothesis's tests require it in a share of runs between 0.1 and 0.5.
extension ShrinkingCorpus {
  static let discovery: [ShrinkingChallenge] = [
    find("can_produce_zero", Gen.int) { $0 == 0 },
    find("can_produce_large_magnitude_integers", Gen.int) { $0.magnitude > 1000 },
    find("can_produce_large_positive_integers", Gen.int) { $0 > 1000 },
    find("can_produce_large_negative_integers", Gen.int) { $0 < -1000 },
    find("can_produce_unstripped_strings", Gen.string()) { $0 != stripped($0) },
    find("can_produce_stripped_strings", Gen.string()) { $0 == stripped($0) },
    find("can_produce_multi_line_strings", Gen.string()) { $0.contains("\n") },
    find("can_produce_ascii_strings", Gen.string()) { $0.unicodeScalars.allSatisfy(\.isASCII) },
    find("can_produce_long_strings_with_no_ascii", Gen.string(count: 5...50)) {
      $0.unicodeScalars.allSatisfy { !$0.isASCII }
    },
    find("can_produce_short_strings_with_some_non_ascii", Gen.string(), when: { $0.count <= 3 }) {
      $0.unicodeScalars.contains { !$0.isASCII }
    },
    find("can_produce_positive_infinity", Gen.double) { $0 == .infinity },
    find("can_produce_negative_infinity", Gen.double) { $0 == -.infinity },
    find("can_produce_nan", Gen.double) { $0.isNaN },
    find("can_produce_floats_near_left", Gen.double(in: 0...1)) { $0 < 0.2 },
    find("can_produce_floats_near_right", Gen.double(in: 0...1)) { $0 > 0.8 },
    find("can_produce_floats_in_middle", Gen.double(in: 0...1)) { 0.2 <= $0 && $0 <= 0.8 },
    find("can_produce_long_lists", Gen.int.array()) { $0.count >= 20 },
    find("can_produce_short_lists", Gen.int.array()) { $0.count <= 10 },
    find("can_produce_the_same_int_twice", Gen.int.array()) { Set($0).count < $0.count },
    find("sampled_from_large_number_can_mix", Gen.element(of: 0..<50).array(count: 50...1000)) {
      Set($0).count >= 25
    },
    find(
      "sampled_from_often_distorted", Gen.element(of: 0..<5).array(), when: { $0.count >= 3 }
    ) { distorted($0) },
    find("non_empty_subset_of_two_is_usually_large", Gen.element(of: [1, 2]).set()) {
      $0.count == 2
    },
    find("subset_of_ten_is_sometimes_empty", Gen.int(in: 1...10).set()) { $0.isEmpty },
    find("mostly_sensible_floats", Gen.double) { $0 + 1 > $0 },
    find("mostly_largish_floats", Gen.double, when: { $0 > 0 }) { $0 + 1 > 1 },
    find("ints_can_occasionally_be_really_large", Gen<UInt64>.integer) { $0 >= 1 << 63 },
    find("integers_are_usually_non_zero", Gen.int) { $0 != 0 },
    find("integers_are_often_small", Gen.int) { $0.magnitude <= 100 },
    find("integers_are_often_small_but_not_that_small", Gen.int) {
      (50...255).contains($0.magnitude)
    },
    find("one_of_flattens_branches_7", nested) { $0 == 7 },
    find("long_duplicates_strings", Gen.zip(Gen.string(), Gen.string())) {
      $0.0.count >= 5 && $0.0 == $0.1
    },
  ]

  /// `one_of(just(0), one_of(just(1), just(2), one_of(just(3), …, one_of(just(5), …, just(7)))))`.
  private static let nested = Gen.oneOf(
    .just(0),
    .oneOf(
      .just(1), .just(2), .oneOf(.just(3), .just(4), .oneOf(.just(5), .just(6), .just(7)))))

  /// A discovery problem: found when some example of the first 150 satisfies `condition` and
  /// `trait`; examples that do not satisfy `condition` are discarded.
  static func find<Value>(
    _ name: String, _ gen: Gen<Value>,
    when condition: @escaping @Sendable (Value) -> Bool = { _ in
      true
    },
    _ trait: @escaping @Sendable (Value) -> Bool
  ) -> ShrinkingChallenge {
    ShrinkingChallenge(name) { seed in
      let settings = PropertySettings(examples: 150, seed: seed).shrinkLimit(runs: 0)
      let result = forAll(gen, settings, reportFailure: { _ in }) { value in
        try assume(condition(value))
        return !trait(value)
      }
      let found = result.verdict == .failed || result.verdict == .flaky
      return ShrinkingChallenge.Outcome(
        foundFailure: found, ideal: found, shrinkRuns: 0, counterexample: "")
    }
  }

  /// Python's `str.strip()`: without leading and trailing whitespace.
  private static func stripped(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    var result = String.UnicodeScalarView()
    result.append(contentsOf: scalars[first...last])
    return String(result)
  }

  /// Whether the most common value is at least three times as common as the least common one.
  private static func distorted(_ values: [Int]) -> Bool {
    var counts: [Int: Int] = [:]
    for value in values { counts[value, default: 0] += 1 }
    return (counts.values.min() ?? 0) * 3 <= (counts.values.max() ?? 0)
  }
}
