import Foundation
import Store

/// `uniflow-bench --only effects`: what a `.run` effect costs a live store, start to end — the
/// reducer returns it, the store starts its task, the effect sends one action back and ends. One
/// round sends `count` actions, each starting one such effect, and waits until the store is
/// idle. No test machinery is in the process, as in an app, so this is the path the effect
/// tracking of tests must not tax (issue 35 item 4).
@MainActor
enum EffectBench {
  struct Figures {
    var effects: Int
    /// ns per effect, best of the rounds.
    var perEffect: Double
  }

  enum Action: Sendable { case start, answered }

  static func run(count: Int, rounds: Int = 5) async -> Figures {
    var best = Double.infinity
    for _ in 0..<rounds {
      let store = Store(initialState: 0) { (answers: inout Int, action: Action) -> Effect<Action> in
        switch action {
        case .start:
          return .run { send in await send(.answered) }
        case .answered:
          answers &+= 1
          return .none
        }
      }
      let start = DispatchTime.now().uptimeNanoseconds
      for _ in 0..<count { store.send(.start) }
      await store.settle()
      let end = DispatchTime.now().uptimeNanoseconds
      DispatchBench.consume(String(store.state))
      best = min(best, Double(end - start) / Double(count))
    }
    return Figures(effects: count, perEffect: best)
  }

  static func json(_ figures: Figures) -> [String: Any] {
    ["effects": figures.effects, "nsPerEffect": (figures.perEffect * 10).rounded() / 10]
  }

  static func lines(_ figures: Figures) -> [String] {
    [
      "effects — a live store's `.run` effect that sends one action back, \(figures.effects) "
        + "effects, best of 5 rounds",
      String(format: "  per effect: %.1f ns", figures.perEffect),
    ]
  }
}
