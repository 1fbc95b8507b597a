import PropertyTesting
import Store

/// Hypothesis's shrink-quality tests (hypothesis-python/tests/quality/test_shrink_quality.py),
/// ported problem by problem where ``Gen`` can express them, under the test's own name. Each
/// property fails on what the test's `minimal(…)` looks for; the ideal is what the test asserts.
/// Characters shrink toward `a` here and toward `0` in Hypothesis: the script that runs the same
/// problems in Hypothesis judges each side by its own simplest character.
extension ShrinkingCorpus {
  static let quality: [ShrinkingChallenge] =
    [
      ShrinkingChallenge("integers_from_minimizes_leftwards", Gen.int(in: 101...Int.max)) { _ in
        false
      } isIdeal: {
        $0 == 101
      },
      ShrinkingChallenge("minimize_string_to_empty", Gen.string()) { _ in
        false
      } isIdeal: {
        $0 == ""
      },
      ShrinkingChallenge("minimize_one_of", IntStringBool.gen) { _ in
        false
      } isIdeal: {
        $0 == .int(0)
      },
      ShrinkingChallenge("minimize_mixed_list", IntOrString.gen.array()) {
        $0.count < 10
      } isIdeal: {
        $0.allSatisfy { $0 == .int(0) || $0 == .string("") }
      },
      ShrinkingChallenge("minimize_longer_string", Gen.string()) {
        $0.count < 10
      } isIdeal: {
        $0 == String(repeating: "a", count: 10)
      },
      ShrinkingChallenge("minimize_longer_list_of_strings", Gen.string().array()) {
        $0.count < 10
      } isIdeal: {
        $0 == Array(repeating: "", count: 10)
      },
      ShrinkingChallenge("minimize_3_set", Gen.int.set()) {
        $0.count < 3
      } isIdeal: {
        $0 == [0, 1, -1] || $0 == [0, 1, 2]
      },
      ShrinkingChallenge("minimize_3_set_of_tuples", Gen.int.array(count: 1...1).set()) {
        $0.count < 2
      } isIdeal: {
        $0 == [[0], [1]]
      },
      ShrinkingChallenge(
        "minimize_sets_of_sets", Gen.int(in: 1...100).set().set(count: 8...1000)
      ) { _ in
        false
      } isIdeal: { sets in
        sets.count == 8 && sets.contains([])
          && sets.allSatisfy { set in
            set.count <= 1 || sets.contains { $0 != set && $0.isSubset(of: set) }
          }
      },
      ShrinkingChallenge(
        "can_simplify_flatmap_with_bounded_left_hand_size",
        Gen.bool.flatMap { Gen.just($0).array() }
      ) {
        $0.count < 10
      } isIdeal: {
        $0 == Array(repeating: false, count: 10)
      },
      ShrinkingChallenge("can_simplify_across_flatmap_of_just", Gen.int.flatMap { Gen.just($0) }) {
        _ in
        false
      } isIdeal: {
        $0 == 0
      },
      ShrinkingChallenge(
        "can_simplify_on_right_hand_strategy_of_flatmap", Gen.int.flatMap { Gen.just($0).array() }
      ) { _ in
        false
      } isIdeal: {
        $0 == []
      },
      ShrinkingChallenge(
        "can_ignore_left_hand_side_of_flatmap", Gen.int.flatMap { _ in Gen.int.array() }
      ) {
        $0.count < 10
      } isIdeal: {
        $0 == Array(repeating: 0, count: 10)
      },
      ShrinkingChallenge(
        "can_simplify_on_both_sides_of_flatmap", Gen.int.flatMap { Gen.just($0).array() }
      ) {
        $0.count < 10
      } isIdeal: {
        $0 == Array(repeating: 0, count: 10)
      },
      ShrinkingChallenge(
        "flatmap_rectangles",
        Gen.int(in: 0...10).flatMap { width in
          Gen.element(of: ["a", "b"]).array(count: width...width).array()
        }
      ) {
        !$0.contains(["a", "b"])
      } isIdeal: {
        $0 == [["a", "b"]]
      },
      ShrinkingChallenge(
        "dictionary", Gen.dictionary(keys: Gen.int, values: Gen.string(), count: 0...100)
      ) { _ in
        false
      } isIdeal: {
        $0.isEmpty
      },
      ShrinkingChallenge(
        "dictionary_3", Gen.dictionary(keys: Gen.int, values: Gen.string(), count: 0...100)
      ) {
        $0.count < 3
      } isIdeal: { dictionary in
        dictionary.count == 3 && dictionary.values.allSatisfy(\.isEmpty)
          && dictionary.keys.allSatisfy { key in
            (key >= 0 || dictionary[key + 1] != nil) && (key <= 0 || dictionary[key - 1] != nil)
          }
      },
      ShrinkingChallenge("minimize_single_element_in_silly_large_int_range", Gen.int) {
        $0 < Int.min / 2
      } isIdeal: {
        $0 == 0
      },
      ShrinkingChallenge("minimize_multiple_elements_in_silly_large_int_range", Gen.int.array()) {
        $0.count < 20
      } isIdeal: {
        $0 == Array(repeating: 0, count: 20)
      },
      ShrinkingChallenge(
        "minimize_multiple_elements_in_silly_large_int_range_min_is_not_dupe",
        Gen.int(in: 0...Int.max).array()
      ) { list in
        try assume(list.count >= 20)
        return !(0..<20).allSatisfy { list[$0] >= $0 }
      } isIdeal: {
        $0 == Array(0..<20)
      },
      ShrinkingChallenge(
        "find_large_union_list", Gen.int.set(count: 1...1000).array(count: 1...1000)
      ) { sets in
        sets.reduce(into: Set<Int>()) { $0.formUnion($1) }.count < 10
      } isIdeal: { sets in
        let union = sets.reduce(into: Set<Int>()) { $0.formUnion($1) }
        return sets.count == 1 && union.count == 10 && union.max()! == union.min()! + 9
      },
    ] + containment + [
      ShrinkingChallenge("duplicate_containment", Gen.zip(Gen.int.array(), Gen.int)) {
        list, value in
        list.filter { $0 == value }.count <= 1
      } isIdeal: {
        $0.0 == [0, 0] && $0.1 == 0
      },
      ShrinkingChallenge("reordering_bytes", Gen.int.array()) { list in
        !(list.reduce(0, &+) >= 10 && list.count >= 3)
      } isIdeal: {
        $0 == $0.sorted()
      },
      ShrinkingChallenge("minimize_long_list", Gen.bool.array(count: 50...1000)) {
        $0.count < 70
      } isIdeal: {
        $0 == Array(repeating: false, count: 70)
      },
      ShrinkingChallenge("minimize_list_of_longish_lists", Gen.bool.array().array()) { lists in
        lists.filter { $0.contains(true) && $0.count >= 2 }.count < 5
      } isIdeal: {
        $0 == Array(repeating: [false, true], count: 5)
      },
      ShrinkingChallenge("minimize_list_of_fairly_non_unique_ints", Gen.int.array()) {
        Set($0).count == $0.count
      } isIdeal: {
        $0.count == 2
      },
      ShrinkingChallenge("list_with_complex_sorting_structure", Gen.bool.array().array()) {
        lists in
        !(lexicographicallyGreater(lists.map { $0.reversed() }, lists) && lists.count > 3)
      } isIdeal: {
        $0.count == 4
      },
      ShrinkingChallenge("list_with_wide_gap", Gen.int.array()) { list in
        guard let low = list.min(), let high = list.max() else { return true }
        return !(high > low + 10 && low + 10 > 0)
      } isIdeal: { list in
        list.count == 2 && list.max()! == list.min()! + 11
      },
      ShrinkingChallenge("minimize_namedtuple", Gen.zip(Gen.int, Gen.int)) {
        !($0 < $1)
      } isIdeal: {
        $0.1 == $0.0 + 1
      },
      ShrinkingChallenge("minimize_dict", Gen.zip(Gen.bool, Gen.bool)) {
        !($0 || $1)
      } isIdeal: {
        !($0.0 && $0.1)
      },
      ShrinkingChallenge("minimize_list_of_sets", Gen.bool.set().array()) { sets in
        sets.filter { !$0.isEmpty }.count < 3
      } isIdeal: {
        $0 == Array(repeating: [false], count: 3)
      },
      ShrinkingChallenge("minimize_list_of_lists", Gen.int.array().array()) { lists in
        lists.filter { !$0.isEmpty }.count < 3
      } isIdeal: {
        $0 == Array(repeating: [0], count: 3)
      },
      ShrinkingChallenge("minimize_list_of_tuples", Gen.zip(Gen.int, Gen.int).array()) {
        $0.count < 2
      } isIdeal: {
        $0.count == 2 && $0.allSatisfy { $0 == (0, 0) }
      },
      ShrinkingChallenge(
        "minimize_multi_key_dicts",
        Gen.dictionary(keys: Gen.bool, values: Gen.bool, count: 0...100)
      ) {
        $0.isEmpty
      } isIdeal: {
        $0 == [false: false]
      },
      ShrinkingChallenge(
        "can_find_sets_unique_by_incomplete_data",
        Gen.zip(Gen.int, Gen.int).map { [$0, $1] }.uniqueArray(by: { $0.max()! })
      ) {
        $0.count < 5
      } isIdeal: { pairs in
        let maxima = pairs.map { $0.max()! }.sorted()
        return pairs.count == 5 && maxima.last! - maxima.first! == 4
          && pairs.allSatisfy { $0[0] <= 0 }
      },
    ] + forcedNearTop

  private static let containment: [ShrinkingChallenge] =
    [0, 1, 10, 100, 1000].map { n in
      ShrinkingChallenge("containment_n\(n)", Gen.zip(Gen.int.array(), Gen.int)) {
        list, value in
        !(list.contains(value) && value >= n)
      } isIdeal: {
        $0.0 == [n] && $0.1 == n
      }
    }
    + [0, 1, 2].map { n in
      ShrinkingChallenge("text_containment_n\(n)", Gen.zip(Gen.string().array(), Gen.string())) {
        list, text in
        !(list.contains(text) && text.count >= n)
      } isIdeal: {
        $0.0 == [String(repeating: "a", count: n)] && $0.1 == String(repeating: "a", count: n)
      }
    }

  private static let forcedNearTop: [ShrinkingChallenge] = [0, 4, 9].map { n in
    ShrinkingChallenge("lists_forced_near_top_n\(n)", Gen.int.array(count: n...n + 2)) {
      $0.count != n + 2
    } isIdeal: {
      $0 == Array(repeating: 0, count: n + 2)
    }
  }

  /// Python's comparison of lists of lists of booleans.
  private static func lexicographicallyGreater(_ a: [[Bool]], _ b: [[Bool]]) -> Bool {
    let less = { (x: [Bool], y: [Bool]) in
      x.lexicographicallyPrecedes(y) { !$0 && $1 }
    }
    return b.lexicographicallyPrecedes(a) { less($0, $1) }
  }
}

/// `integers() | text() | booleans()`.
enum IntStringBool: Equatable, Sendable {
  case int(Int), string(String), bool(Bool)

  static let gen = Gen.oneOf(
    Gen.int.map(IntStringBool.int), Gen.string().map(IntStringBool.string),
    Gen.bool.map(IntStringBool.bool))
}

/// `integers() | text()`.
enum IntOrString: Equatable, Sendable {
  case int(Int), string(String)

  static let gen = Gen.oneOf(Gen.int.map(IntOrString.int), Gen.string().map(IntOrString.string))
}
