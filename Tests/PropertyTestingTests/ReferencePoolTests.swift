import Store
import StoreTesting
import Testing

@testable import PropertyTesting

/// Accounts that a test opens and deposits into; reopening an account empties it (the bug).
private struct Accounts: Reducer {
  struct State: Equatable, Sendable {
    var balances: [Int: Int] = [:]
    var deposited = 0
  }

  enum Action: Equatable, Sendable {
    case open(Int)
    case deposit(Int, Int)
    case toggle, walk
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open(let id): state.balances[id] = 0
    case .deposit(let id, let amount):
      state.balances[id, default: 0] += amount
      state.deposited += amount
    case .toggle, .walk: break
    }
    return .none
  }
}

@Suite("Reference pools filled by the values actions make")
struct ReferencePoolTests {
  let accounts = References<Int>("accounts")

  private var property: ReducerProperty<Accounts> {
    ReducerProperty(Accounts(), initialState: Accounts.State())
      .action("open", into: accounts) { _ in
        Gen.int(in: 0...9)
      } send: {
        .open($0)
      }
      .action("deposit", using: accounts) { _, id in
        Gen.int(in: 1...100).map { Accounts.Action.deposit(id, $0) }
      }
  }

  @Test("a value an action makes goes to the pool, with no state field to remember it")
  func createdValuesArePooled() {
    let result = property.invariant("every deposit goes to an opened account") { state in
      state.deposited == 0 || !state.balances.isEmpty
    }
    .check(.seed(1), reportFailure: { _ in })
    #expect(result.passed)
    #expect(result.examples == 100)
  }

  @Test("the bug a pooled value exposes shrinks to three actions, however many seeds")
  func reopenShrinksToThreeActions() {
    for seed: UInt64 in 0..<10 {
      let result = property.invariant("the accounts hold what was deposited") { state in
        state.balances.values.reduce(0, +) == state.deposited
      }
      .check(.seed(seed), reportFailure: { _ in })
      #expect(result.counterexample?.actions == [.open(0), .deposit(0, 1), .open(0)])
    }
  }

  @Test("a pool of one value still records its choice, so deleting an earlier maker shifts nothing")
  func singleValuePoolRecordsAChoice() throws {
    let draws = Draws(prefix: [], random: nil, size: 100)
    #expect(try draws.drawReference(1) == 0)
    #expect(draws.choices.count == 1)
    #expect(draws.choices[0].isForced)
  }
}
