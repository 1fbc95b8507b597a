import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

/// A cart whose actions are `Codable` and nothing else, as a console logs them by default.
private struct Basket: Reducer {
  struct State: Equatable, Codable, Sendable {
    var items: [String] = []
    var totalCents = 0
  }

  enum Action: Equatable, Sendable, Codable {
    case added(name: String, priceCents: Int)
    case removedLast
    case cleared
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .added(let name, let price):
      state.items.append(name)
      state.totalCents &+= price
    case .removedLast:
      _ = state.items.popLast()
    case .cleared:
      state = State()
    }
    return .none
  }
}

/// A log's state is an object.
private struct Total: Equatable, Codable, Sendable {
  var total = 0
}

/// An action whose `Codable` loses what it should not: amounts over 100 are encoded as 100.
private struct Clamped: Reducer {
  struct Action: Equatable, Sendable, Codable {
    var amount: Int
    enum CodingKeys: String, CodingKey { case amount }

    init(amount: Int) { self.amount = amount }

    init(from decoder: any Decoder) throws {
      amount = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .amount)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(min(amount, 100), forKey: .amount)  // the bug the law must find
    }
  }

  func reduce(into state: inout Total, action: Action) -> Effect<Action> {
    state.total &+= action.amount
    return .none
  }
}

@Suite("The replay law for Codable actions")
struct CodableReplayLawTests {
  @Test("an action that is only Codable is recorded as its Swift, replayed, and passes")
  func codableActionPasses() {
    let failures = FailureLog()
    ReducerProperty(Basket(), initialState: Basket.State())
      .action("add") { _ in
        Gen.zip(Gen.string(count: 0...6), Gen.int(in: -1_000...1_000))
          .map { Basket.Action.added(name: $0, priceCents: $1) }
      }
      .action("remove", when: { !$0.items.isEmpty }) { _ in .just(.removedLast) }
      .action("clear") { _ in .just(.cleared) }
      .laws(.deterministic, .codableRoundTrip, .replayMatchesLive)
      .check(.examples(40), reportFailure: failures.reporter)
    #expect(failures.messages.isEmpty)
  }

  @Test("a Codable that loses information is caught, and the run shrinks to one action")
  func lossyCodableIsCaught() {
    let failures = FailureLog()
    let result = ReducerProperty(Clamped(), initialState: Total())
      .action("add") { _ in Gen.int(in: 0...1_000).map(Clamped.Action.init(amount:)) }
      .laws(.replayMatchesLive)
      .check(.examples(100), reportFailure: failures.reporter)
    #expect(result.counterexample?.actions == [Clamped.Action(amount: 101)])
    #expect(
      failures.messages.first?.contains("replay of the recorded log equals the live run") == true)
  }
}
