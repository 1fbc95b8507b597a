import Foundation
import PropertyTesting
import Store

/// A third holdout, written and committed before it was first measured: new variants of every
/// class the corpus covers (sums and bounds over several interacting fields, sorted and unique
/// collections, nested lists, strings with character classes, dates, dictionaries, sets, recursive
/// trees, relations between two values, floating point, negative numbers, enum payloads,
/// optionals), reducer bugs among noise, and problems in the style of an outside user's tests.
/// Each ideal was worked out by hand from the order docs/property-testing.md defines: fewer
/// choices first, then smaller choices at the first difference; integers 0, 1, −1, 2, −2, …
/// from the value of their range nearest to zero; floats integers first, then tenths,
/// hundredths, thousandths, then any value by magnitude; characters `a`…`z`, `A`…`Z`, `0`…`9`,
/// space, punctuation; reducer runs fewer actions first, rules in the order declared.
extension ShrinkingCorpus {
  static let holdout3: [ShrinkingChallenge] = holdout3Values + holdout3Outside + holdout3Reducers

  static let holdout3Values: [ShrinkingChallenge] =
    holdout3Numbers + holdout3Text + holdout3Relations + holdout3Payloads + holdout3Structures

  static let holdout3Numbers: [ShrinkingChallenge] = [
    // a = 0 forces c = 0, so b carries the whole weight: 2b ≥ 200.
    ShrinkingChallenge(
      "weighted_sum_of_three_fields",
      Gen.zip(Gen.int(in: 0...100), Gen.int(in: 0...100), Gen.int(in: 0...100))
    ) { (a: Int, b: Int, c: Int) -> Bool in
      !(a + 2 * b + c >= 200 && c <= a)
    } isIdeal: {
      $0 == (0, 100, 0)
    },
    // The smallest price whose 50 units pass 5000, then the fewest units, then no discount.
    ShrinkingChallenge(
      "order_total_price_quantity_discount",
      Gen.zip(Gen.int(in: 1...1000), Gen.int(in: 1...50), Gen.int(in: 0...90))
    ) { (price: Int, quantity: Int, discount: Int) -> Bool in
      price * quantity * (100 - discount) / 100 <= 5000
    } isIdeal: {
      $0 == (101, 50, 0)
    },
    ShrinkingChallenge("merge_sorted_unique_drops_equal", Gen.zip(sortedUnique, sortedUnique)) {
      Holdout3.mergeDroppingEqual($0, $1) == Array(Set($0).union($1)).sorted()
    } isIdeal: {
      $0.0 == [0] && $0.1 == [0]
    },
    ShrinkingChallenge(
      "unique_ids_adjacent_with_equal_scores",
      Gen.zip(Gen.int(in: 0...99), Gen.int(in: 0...9)).map { Pair($0, $1) }
        .uniqueArray(count: 0...10, by: \.first)
    ) { (entries: [Pair]) -> Bool in
      !entries.contains { a in
        entries.contains { b in b.first == a.first + 1 && b.second == a.second }
      }
    } isIdeal: {
      $0 == [Pair(0, 0), Pair(1, 0)]
    },
    ShrinkingChallenge(
      "two_wide_inner_lists_summing_to_3",
      Gen.int(in: 0...9).array(count: 0...5).array(count: 0...5)
    ) { (lists: [[Int]]) -> Bool in
      !(lists.filter { $0.count >= 2 }.count >= 2 && lists.joined().reduce(0, +) >= 3)
    } isIdeal: {
      $0 == [[0, 0], [0, 3]]
    },
    ShrinkingChallenge(
      "password_rule_forgets_uppercase", Gen.string(of: .asciiCharacter, count: 0...20)
    ) { (text: String) -> Bool in
      Holdout3.acceptsPassword(text) == Holdout3.strongPassword(text)
    } isIdeal: {
      $0 == "aaaaa0"
    },
  ]

  static let holdout3Text: [ShrinkingChallenge] = [
    ShrinkingChallenge("trim_keeps_trailing_space", Gen.string()) { (text: String) -> Bool in
      Holdout3.trimLeadingSpaces(text) == Holdout3.trimSpaces(text)
    } isIdeal: {
      $0 == "a "
    },
    ShrinkingChallenge("saturday_afternoon_in_2024", Gen.date(in: year2024)) {
      (date: Date) -> Bool in
      !Holdout3.saturdayAfternoon(date)
    } isIdeal: {
      $0 == Date(timeIntervalSince1970: 1_704_542_400)
    },
    ShrinkingChallenge(
      "dictionary_keys_collide_ignoring_case",
      Gen.dictionary(
        keys: Gen.string(of: .asciiCharacter, count: 1...3), values: Gen.int(in: 0...100),
        count: 0...8)
    ) { (entries: [String: Int]) -> Bool in
      Set(entries.keys.map { $0.lowercased() }).count == entries.count
    } isIdeal: {
      $0 == [String: Int](uniqueKeysWithValues: [("a", 0), ("A", 0)])
    },
    ShrinkingChallenge("set_of_strings_with_a_prefix", Gen.string(count: 1...4).set(count: 0...6)) {
      (words: Set<String>) -> Bool in
      !words.contains { word in words.contains { $0 != word && $0.hasPrefix(word) } }
    } isIdeal: {
      $0 == Set(["a", "aa"])
    },
    ShrinkingChallenge("simplified_negated_sum", SignedExpression.gen) {
      (expression: SignedExpression) -> Bool in
      expression.simplified.value == expression.value
    } isIdeal: {
      $0 == SignedExpression.negate(.add(.literal(0), .literal(1)))
    },
    // x = 10 needs y = 9 (product 90); −10 comes before 11 in the order.
  ]

  static let holdout3Relations: [ShrinkingChallenge] = [
    ShrinkingChallenge(
      "successor_pair_with_product_100",
      Gen.zip(Gen.int(in: -1000...1000), Gen.int(in: -1000...1000))
    ) { (x: Int, y: Int) -> Bool in
      !(x == y + 1 && x * y >= 100)
    } isIdeal: {
      $0 == (-10, -11)
    },
    ShrinkingChallenge(
      "interval_of_100_from_residue_3", Gen.zip(Gen.int(in: 0...1000), Gen.int(in: 0...1000))
    ) { (a: Int, b: Int) -> Bool in
      !(a < b && b - a >= 100 && a % 7 == 3)
    } isIdeal: {
      $0 == (3, 103)
    },
    ShrinkingChallenge(
      "float_list_sum_above_100_5", Gen.double(in: 0...100).array(count: 0...10)
    ) {
      $0.reduce(0, +) <= 100.5
    } isIdeal: {
      $0 == [1.0, 100.0]
    },
    ShrinkingChallenge(
      "float_product_below_minus_1",
      Gen.zip(Gen.double(in: -10...10), Gen.double(in: -10...10))
    ) { (a: Double, b: Double) -> Bool in
      a * b >= -1
    } isIdeal: {
      $0 == (1.0, -2.0)
    },
    // |1 / 0.001| rounds to exactly 1000, so the divisor is the least nonzero magnitude.
    ShrinkingChallenge(
      "float_quotient_above_1000", Gen.zip(Gen.double(in: -1...1), Gen.double(in: -1...1))
    ) { (x: Double, y: Double) -> Bool in
      y == 0 || abs(x / y) <= 1000
    } isIdeal: {
      $0.0 == 1 && $0.1 == Double.leastNonzeroMagnitude
    },
    ShrinkingChallenge(
      "balance_dips_below_minus_10_and_recovers", Gen.int(in: -100...100).array(count: 0...20)
    ) { (moves: [Int]) -> Bool in
      !Holdout3.dipsBelowMinus10AndRecovers(moves)
    } isIdeal: {
      $0 == [-11, 11]
    },
  ]

  static let holdout3Payloads: [ShrinkingChallenge] = [
    ShrinkingChallenge("cached_area_of_shapes", Shape.gen.array(count: 0...5)) {
      (shapes: [Shape]) -> Bool in
      Shape.total(shapes) <= 20 || Shape.cachedTotal(shapes) == Shape.total(shapes)
    } isIdeal: {
      $0 == [Shape.rect(width: 1, height: 21)]
    },
    ShrinkingChallenge(
      "adult_profile_without_names",
      Gen.zip(Gen.string().optional, Gen.int(in: 0...120).optional, Gen.string().optional)
    ) { (nickname: String?, age: Int?, email: String?) -> Bool in
      !(nickname == nil && email == nil && (age ?? 0) >= 18)
    } isIdeal: {
      $0.0 == nil && $0.1 == Optional(18) && $0.2 == nil
    },
    ShrinkingChallenge(
      "lower_bound_past_the_end",
      Gen.zip(Gen.int(in: 0...100).array(count: 0...10).map { $0.sorted() }, Gen.int(in: 0...100))
    ) { (list: [Int], target: Int) -> Bool in
      Holdout3.lowerBound(list, target) == Holdout3.firstIndex(in: list, atLeast: target)
    } isIdeal: {
      $0.0 == [0] && $0.1 == 1
    },
    ShrinkingChallenge(
      "three_negatives_unique", Gen.int(in: -50...50).uniqueArray(count: 0...10)
    ) { (values: [Int]) -> Bool in
      values.filter { $0 < 0 }.count < 3
    } isIdeal: {
      $0 == [-1, -2, -3]
    },
    ShrinkingChallenge(
      "two_punctuation_in_four_characters", Gen.string(of: .asciiCharacter, count: 0...30)
    ) { (text: String) -> Bool in
      !(text.count >= 4 && Holdout3.punctuationCount(text) >= 2)
    } isIdeal: {
      $0 == "aa!!"
    },
    ShrinkingChallenge(
      "adjacent_keys_summing_above_100",
      Gen.dictionary(keys: Gen.int(in: 0...20), values: Gen.int(in: 0...100), count: 0...8)
    ) { (entries: [Int: Int]) -> Bool in
      !Holdout3.adjacentKeysSumAbove100(entries)
    } isIdeal: {
      $0 == [Int: Int](uniqueKeysWithValues: [(0, 1), (1, 100)])
    },
  ]

  static let holdout3Structures: [ShrinkingChallenge] = [
    ShrinkingChallenge("set_of_three_summing_to_50", Gen.int(in: 1...100).set(count: 0...10)) {
      !($0.count >= 3 && $0.reduce(0, +) >= 50)
    } isIdeal: {
      $0 == Set([1, 2, 47])
    },
    ShrinkingChallenge(
      "five_characters_in_two_inner_lists",
      Gen.string(count: 0...6).array(count: 0...4).array(
        count: 0...4)
    ) { (lists: [[String]]) -> Bool in
      !(lists.filter { !$0.isEmpty }.count >= 2 && lists.joined().map(\.count).reduce(0, +) >= 5)
    } isIdeal: {
      $0 == [[""], ["aaaaa"]] as [[String]]
    },
    ShrinkingChallenge("deep_tree_with_leaves_summing_to_2", LeafTree.gen) {
      (tree: LeafTree) -> Bool in
      !(tree.depth >= 3 && tree.leafSum >= 2)
    } isIdeal: {
      $0 == LeafTree.node(.leaf(0), .node(.leaf(0), .leaf(2)))
    },
    ShrinkingChallenge("int8_product_overflows", Gen.zip(Gen<Int8>.integer, Gen<Int8>.integer)) {
      (a: Int8, b: Int8) -> Bool in
      !a.multipliedReportingOverflow(by: b).overflow
    } isIdeal: {
      $0.0 == -1 && $0.1 == Int8.min
    },
  ]

  private static let sortedUnique = Gen.int(in: 0...20).set(count: 0...5).map { $0.sorted() }

  /// 2024-01-01 (a Monday) to 2024-12-31, UTC.
  static let year2024 =
    Date(timeIntervalSince1970: 1_704_067_200)...Date(timeIntervalSince1970: 1_735_603_200)
}

/// The planted bugs of the third holdout's value problems.
enum Holdout3 {
  /// Merges two sorted lists of distinct values. The planted bug: a value in both is dropped.
  static func mergeDroppingEqual(_ first: [Int], _ second: [Int]) -> [Int] {
    var result: [Int] = []
    var (i, j) = (0, 0)
    while i < first.count, j < second.count {
      if first[i] < second[j] {
        result.append(first[i])
        i += 1
      } else if second[j] < first[i] {
        result.append(second[j])
        j += 1
      } else {
        i += 1
        j += 1
      }
    }
    return result + first[i...] + second[j...]
  }

  /// Whether the running balance goes below −10 and ends at 0 or above.
  static func dipsBelowMinus10AndRecovers(_ moves: [Int]) -> Bool {
    var balance = 0
    var lowest = 0
    for move in moves {
      balance += move
      lowest = Swift.min(lowest, balance)
    }
    return lowest < -10 && balance >= 0
  }

  /// Whether two adjacent keys hold values summing above 100.
  static func adjacentKeysSumAbove100(_ entries: [Int: Int]) -> Bool {
    entries.contains { key, value in
      guard let next = entries[key + 1] else { return false }
      return value + next > 100
    }
  }

  static func firstIndex(in list: [Int], atLeast target: Int) -> Int {
    list.firstIndex { $0 >= target } ?? list.count
  }

  /// Whether `date` falls on a Saturday at noon or later, UTC.
  static func saturdayAfternoon(_ date: Date) -> Bool {
    let parts = ShrinkingCorpus.utc.dateComponents([.weekday, .hour], from: date)
    return parts.weekday == 7 && (parts.hour ?? 0) >= 12
  }

  /// The ASCII characters of `text` that are neither letters, digits nor space, nor controls.
  static func punctuationCount(_ text: String) -> Int {
    text.unicodeScalars.filter { scalar in
      (33...126).contains(scalar.value) && !CharacterSet.alphanumerics.contains(scalar)
    }.count
  }

  /// Six characters or more, with a digit and an uppercase letter.
  static func strongPassword(_ text: String) -> Bool {
    text.count >= 6 && text.contains(where: \.isNumber) && text.contains(where: \.isUppercase)
  }

  /// The planted bug: the uppercase rule is forgotten.
  static func acceptsPassword(_ text: String) -> Bool {
    text.count >= 6 && text.contains(where: \.isNumber)
  }

  static func trimSpaces(_ text: String) -> String {
    String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }

  /// The planted bug: only leading spaces go.
  static func trimLeadingSpaces(_ text: String) -> String {
    String(text.drop { $0 == " " })
  }

  /// The first index whose value is at least `target`. The planted bug: the search never
  /// returns the end index, so a target above every value gets the last index.
  static func lowerBound(_ list: [Int], _ target: Int) -> Int {
    guard !list.isEmpty else { return 0 }
    var (low, high) = (0, list.count - 1)
    while low < high {
      let middle = (low + high) / 2
      if list[middle] < target { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
