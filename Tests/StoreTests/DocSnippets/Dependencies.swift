// The example of docs/store.md, "Dependencies", compiled here (DocSnippetTests checks that the
// document shows exactly this region).
import Foundation
// snippet: dependencies
import Store

struct NumberFact: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

enum NumberFactKey: DependencyKey {
  static let liveValue = NumberFact { n in "\(n) is a number" }  // a real one would ask the web
  static let testValue = NumberFact { _ in throw unimplementedDependency("NumberFact.fetch") }
}

extension DependencyValues {
  var numberFact: NumberFact {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

struct Facts: Reducer {
  enum Action: Equatable, Sendable { case ask(Int), answer(String) }
  @Dependency(\.numberFact) var numberFact

  func reduce(into state: inout String, action: Action) -> Effect<Action> {
    switch action {
    case .ask(let n):
      return .run { send in await send(.answer(try await numberFact.fetch(n))) }
    case .answer(let fact):
      state = fact
      return .none
    }
  }
}

// let store = Store(initialState: "", reducer: Facts())          // live: numberFact.liveValue
// let test = TestStore(initialState: "", reducer: Facts()) {
//   $0.numberFact = NumberFact { "\($0) is odd" }                // this test's value only
// }
// snippet: end

// snippet: dependency-modifier
/// Two facts side by side: the second always from a fixed client, whatever the store's is.
struct TwoFacts: Reducer {
  struct State: Equatable { var first = "", second = "" }
  enum Action: Equatable, Sendable { case ask(Int), first(Facts.Action), second(Facts.Action) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    CombineReducers<State, Action, _> {
      Scope(state: \State.first, action: ActionCase(Action.first)) { Facts() }
      Scope(state: \State.second, action: ActionCase(Action.second)) {
        Facts().dependency(\.numberFact, NumberFact { "\($0) is a fixed fact" })
      }
      Reduce { _, action in
        guard case .ask(let n) = action else { return .none }
        return .merge(.send(.first(.ask(n))), .send(.second(.ask(n))))
      }
    }
    .reduce(into: &state, action: action)
  }
}
// snippet: end
