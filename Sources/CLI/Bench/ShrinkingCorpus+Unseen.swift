import Foundation
import PropertyTesting
import Store

/// Problems of the local-minima kinds (issue 19, item 8) that the shrinker was not tuned on,
/// written after its passes and measured before changing them: three symmetric arguments, keys in
/// swapped order, nested optionals, a set of integers that can only move down together, a product
/// of three, a sum, strings with two runs, a sort checked by order, stateful failures of four
/// steps, one needing two references. scripts/corpus_*.py states the same problems for
/// Hypothesis under the same names.
extension ShrinkingCorpus {
  static let unseen: [ShrinkingChallenge] = [
    // Three values of symmetric roles, drawn inside nested flatMaps.
    ShrinkingChallenge(
      "three_distinct_in_flatmap",
      Gen.int(in: 0...9).flatMap { a in
        Gen.int(in: 0...9).flatMap { b in Gen.int(in: 0...9).map { c in [a, b, c] } }
      }
    ) {
      Set($0).count < 3
    } isIdeal: {
      $0 == [0, 1, 2]
    },
    // Entries with unique keys, failing once two keys share a value: keys end in order.
    ShrinkingChallenge(
      "swapped_keys_share_value",
      Gen.zip(Gen.int(in: 0...9), Gen.int(in: 0...9)).map { Pair($0, $1) }.uniqueArray(
        count: 0...10, by: \.first)
    ) { entries in
      Set(entries.map(\.second)).count == entries.count
    } isIdeal: {
      $0 == [Pair(0, 0), Pair(1, 0)]
    },
    // Irrelevant optionals nested two deep, and an optional list, all end nil.
    ShrinkingChallenge(
      "nested_optionals_end_nil",
      Gen.zip(Gen.int.optional.optional, Gen.int, Gen.int.array(count: 0...5).optional)
    ) {
      $0.1 < 10
    } isIdeal: {
      $0.0 == .none && $0.1 == 10 && $0.2 == nil
    },
    // A set of four integers that can only move down together.
    ShrinkingChallenge("four_close_in_a_set", Gen.int(in: 0...100).set(count: 4...4)) { set in
      !(set.min()! >= 20 && set.max()! - set.min()! <= 3)
    } isIdeal: {
      $0 == [20, 21, 22, 23]
    },
    // A product of three numbers that must stay large.
    ShrinkingChallenge(
      "product_of_three_above_1000",
      Gen.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...10_000), Gen.int(in: 0...10_000))
    ) {
      $0 * $1 * $2 <= 1000
    } isIdeal: {
      $0 == (1, 1, 1001)
    },
    // A list whose sum must stay above a bound.
    ShrinkingChallenge("sum_of_list_above_1000", Gen.int(in: 0...10_000).array(count: 0...100)) {
      $0.reduce(0, +) <= 1000
    } isIdeal: {
      $0 == [1001]
    },
    // Strings with two runs of three different characters.
    ShrinkingChallenge("two_runs_of_three", Gen.string()) { text in
      Set(runs(of: text).filter { $0.count >= 3 }.map(\.character)).count < 2
    } isIdeal: {
      $0 == "aaabbb"
    },
    // A sort that makes one bubble pass: the order of the list matters.
    ShrinkingChallenge("one_pass_bubble_sort", Gen.int(in: 0...100).array(count: 0...20)) {
      onePassBubbleSort($0) == $0.sorted()
    } isIdeal: {
      $0 == [1, 1, 0]
    },
    find("date_on_leap_day", Gen.date(in: saturdayRange)) { date in
      let parts = utc.dateComponents([.month, .day], from: date)
      return parts.month == 2 && parts.day == 29
    },
    reducer("colliding_keys", ideal: [.put(0), .put(2)]) {
      vault()
        .action("put") { _ in Gen.int(in: 0...9).map(VaultMachine.Action.put) }
        .invariant("every key put is stored") { $0.buckets.count == $0.keys.count }
    },
    reducer("three_walks_while_open", ideal: [.toggle, .walk, .walk, .walk]) {
      vault()
        .action("toggle") { _ in .just(.toggle) }
        .action("walk") { _ in .just(.walk) }
        .invariant("at most two walks while the gate is open") { $0.walks < 3 }
    },
    reducer(
      "transfer_between_two_references",
      ideals: [
        [.open(0), .open(1), .deposit(0, 1), .transfer(from: 1, to: 0)],
        [.open(0), .open(1), .deposit(1, 1), .transfer(from: 0, to: 1)],
      ]
    ) {
      vault()
        .action("open", into: vaults) { _ in
          Gen.int(in: 0...9)
        } send: {
          .open($0)
        }
        .action("deposit", using: vaults) { _, id in
          Gen.int(in: 1...100).map { VaultMachine.Action.deposit(id, $0) }
        }
        .action("transfer", using: vaults) { context, from in
          Gen.element(of: context[vaults]).map { VaultMachine.Action.transfer(from: from, to: $0) }
        }
        .invariant("the vaults hold what was deposited") { state in
          state.balances.values.reduce(0, +) == state.deposited
        }
    },
  ]

  private static let vaults = References<Int>("vaults")

  private static func vault() -> ReducerProperty<VaultMachine> {
    ReducerProperty(VaultMachine(), initialState: VaultMachine.State())
  }

  /// The runs of equal characters in `text`, in order.
  static func runs(of text: String) -> [(character: Character, count: Int)] {
    var result: [(character: Character, count: Int)] = []
    for character in text {
      if result.last?.character == character {
        result[result.count - 1].count += 1
      } else {
        result.append((character, 1))
      }
    }
    return result
  }

  /// One pass of bubble sort: enough for lists that one pass puts in order, not for the rest.
  static func onePassBubbleSort(_ values: [Int]) -> [Int] {
    var result = values
    for index in result.indices.dropLast() where result[index] > result[index + 1] {
      result.swapAt(index, index + 1)
    }
    return result
  }
}

/// A store of keys in two buckets, a gate and vaults, with the bugs of the unseen problems.
struct VaultMachine: Reducer {
  struct State: Equatable, Sendable {
    var buckets: [Int: Int] = [:]
    var keys: Set<Int> = []
    var toggles = 0
    var walks = 0
    var balances: [Int: Int] = [:]
    var deposited = 0
  }

  enum Action: Equatable, Sendable {
    case put(Int)
    case toggle, walk
    case open(Int)
    case deposit(Int, Int)
    case transfer(from: Int, to: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .put(let key):
      state.keys.insert(key)
      state.buckets[key % 2] = key  // the bug: keys of one bucket overwrite each other
    case .toggle: state.toggles += 1
    case .walk: if state.toggles % 2 == 1 { state.walks += 1 }
    case .open(let id): state.balances[id, default: 0] += 0
    case .deposit(let id, let amount):
      state.balances[id, default: 0] += amount
      state.deposited += amount
    case .transfer(let from, let to):
      guard from != to else { break }
      state.balances[to] = state.balances[from]  // the bug: the payee's balance is overwritten
      state.balances[from] = 0
    }
    return .none
  }
}
