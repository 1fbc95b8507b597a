import Foundation
import PropertyTesting
import Store

/// Problems of the kinds where the shrinker used to stop at a local minimum (issue 19, item 8),
/// one or two of each kind, with their ideals; scripts/corpus_*.py states the same problems for
/// Hypothesis under the same names.
extension ShrinkingCorpus {
  static let localMinima: [ShrinkingChallenge] = [
    // Two values of symmetric roles drawn inside flatMap, which sorting siblings cannot reorder.
    ShrinkingChallenge(
      "mirrored_pair_in_flatmap",
      Gen.int(in: 0...9).flatMap { a in Gen.int(in: 0...9).map { b in Pair(a, b) } }
    ) {
      $0.first == $0.second
    } isIdeal: {
      $0 == Pair(0, 1)
    },
    // Irrelevant optional fields end nil.
    ShrinkingChallenge(
      "optional_fields_end_nil", Gen.zip(Gen.int.optional, Gen.int, Gen.string().optional)
    ) {
      $0.1 < 10
    } isIdeal: {
      $0.0 == nil && $0.1 == 10 && $0.2 == nil
    },
    // Three values that can only move down together.
    ShrinkingChallenge(
      "three_close_increasing",
      Gen.zip(Gen.int(in: 0...20), Gen.int(in: 0...20), Gen.int(in: 0...20))
    ) { a, b, c in
      !(a >= 10 && a < b && b < c && c - a <= 2)
    } isIdeal: {
      $0 == (10, 11, 12)
    },
    // A product that must stay large.
    ShrinkingChallenge(
      "product_above_1000", Gen.zip(Gen.int(in: 0...10_000), Gen.int(in: 0...10_000))
    ) {
      $0 * $1 <= 1000
    } isIdeal: {
      $0 == (1, 1001)
    },
    // A run-length code whose decoder reads one digit of count.
    ShrinkingChallenge("run_length_round_trip", Gen.string()) { text in
      RunLength.decode(RunLength.encode(text)) == text
    } isIdeal: {
      $0 == String(repeating: "a", count: 10)
    },
    find("date_on_saturday_night", Gen.date(in: saturdayRange)) { date in
      let parts = utc.dateComponents([.weekday, .hour], from: date)
      return parts.weekday == 7 && parts.hour! >= 22
    },
    reducer("transfer_mirrored", ideal: [LedgerMachine.Action.transfer(from: 0, to: 1)]) {
      ledger()
        .action("transfer") { _ in
          Gen.int(in: 0...3).flatMap { from in
            Gen.int(in: 0...3).map { LedgerMachine.Action.transfer(from: from, to: $0) }
          }
        }
        .invariant("money is neither made nor lost") { $0.balances.reduce(0, +) == 40 }
    },
    reducer("toggle_pairs", ideal: [.toggle, .walk, .walk]) {
      ledger()
        .action("toggle") { _ in .just(LedgerMachine.Action.toggle) }
        .action("walk") { _ in .just(LedgerMachine.Action.walk) }
        .invariant("at most one walk while the gate is open") { $0.walks < 2 }
    },
    reducer("account_pool", ideal: [.open(0), .deposit(0, 1), .open(0)]) {
      ledger()
        .action("open", into: accounts) { _ in
          Gen.int(in: 0...9)
        } send: {
          .open($0)
        }
        .action("deposit", using: accounts) { _, id in
          Gen.int(in: 1...100).map { LedgerMachine.Action.deposit(id, $0) }
        }
        .invariant("the accounts hold what was deposited") { state in
          state.accounts.values.reduce(0, +) == state.deposited
        }
    },
  ]

  private static let accounts = References<Int>("accounts")

  private static func ledger() -> ReducerProperty<LedgerMachine> {
    ReducerProperty(LedgerMachine(), initialState: LedgerMachine.State())
  }

  static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()

  /// 2001-01-01 to 2030-12-31, UTC.
  static let saturdayRange =
    Date(timeIntervalSince1970: 978_307_200)...Date(timeIntervalSince1970: 1_924_905_600)
}

/// Two numbers, compared as a pair.
struct Pair: Equatable, Sendable {
  let first: Int
  let second: Int

  init(_ first: Int, _ second: Int) {
    self.first = first
    self.second = second
  }
}

/// A run-length code over Unicode scalars (as Python's strings hold code points), `"aaab"` ↔
/// `"3a1b"`, whose decoder reads only one ASCII digit of count: runs of ten or more do not
/// round-trip.
enum RunLength {
  static func encode(_ text: String) -> [Unicode.Scalar] {
    var result: [Unicode.Scalar] = []
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first {
      let run = scalars.prefix { $0 == first }.count
      result += String(run).unicodeScalars + [first]
      scalars = scalars.dropFirst(run)
    }
    return result
  }

  static func decode(_ code: [Unicode.Scalar]) -> String {
    var result = String.UnicodeScalarView()
    var scalars = code[...]
    while scalars.count >= 2 {
      let digit = scalars.first!
      let count = ("0"..."9").contains(digit) ? Int(digit.value) - 48 : 0
      result.append(contentsOf: repeatElement(scalars.dropFirst().first!, count: count))
      scalars = scalars.dropFirst(2)
    }
    return String(result)
  }
}

/// A ledger, a gate and four accounts, with the bugs of the local-minima problems.
struct LedgerMachine: Reducer {
  struct State: Equatable, Sendable {
    var balances = [10, 10, 10, 10]
    var toggles = 0
    var walks = 0
    var accounts: [Int: Int] = [:]
    var deposited = 0
  }

  enum Action: Equatable, Sendable {
    case toggle, walk
    case transfer(from: Int, to: Int)
    case open(Int)
    case deposit(Int, Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle: state.toggles += 1
    case .walk: if state.toggles % 2 == 1 { state.walks += 1 }
    case .transfer(let from, let to):
      state.balances[from] -= 1
      state.balances[to] += from == to ? 1 : 2  // the bug: the payee gets two
    case .open(let id): state.accounts[id] = 0  // the bug: reopening empties the account
    case .deposit(let id, let amount):
      state.accounts[id, default: 0] += amount
      state.deposited += amount
    }
    return .none
  }
}
