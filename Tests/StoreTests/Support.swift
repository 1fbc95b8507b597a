import Foundation
import Store
import TestSupport

/// A tiny feature for testing the core: a counter with effects.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case note(String)
    case startDelayed(id: String)
    case finished(String)
    case cancel(id: String)
  }

  var gate: Gate?

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .decrement:
      state.count -= 1
      return .none
    case .note(let text):
      state.log.append(text)
      return .none
    case .startDelayed(let id):
      state.log.append("start \(id)")
      let gate = self.gate
      return .run { send in
        await gate?.wait()
        await send(.finished(id))
      }
      .cancellable(id: id, cancelInFlight: true)
    case .finished(let id):
      state.log.append("finished \(id)")
      return .none
    case .cancel(let id):
      state.log.append("cancel \(id)")
      return .cancel(id: id)
    }
  }
}
