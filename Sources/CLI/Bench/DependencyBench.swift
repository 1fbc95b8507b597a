import Foundation
import Store

/// What dependencies cost a store, on the dispatch section's reference workload (five actions in
/// turn, an observer building a display string): a store without overrides (the ambient values,
/// nothing set per action), one with overrides (a task-local set around every reduce), and each
/// again with a reducer that reads a dependency on every action.
@MainActor
enum DependencyBench {
  struct Figures {
    var actions: Int
    /// ns/action, best of the rounds.
    var plain: Double
    var overridden: Double
    var readingAmbient: Double
    var readingOverridden: Double
  }

  /// The reference workload's reducer, plus a read of `\.benchOffset` on every action.
  struct ReadingReducer: Reducer {
    @Dependency(\.benchOffset) var offset

    func reduce(into state: inout ReferenceWorkload.State, action: ReferenceWorkload.Action)
      -> Effect<ReferenceWorkload.Action>
    {
      state.counter &+= offset
      return ReferenceWorkload.reduce(&state, action)
    }
  }

  static func run(count: Int, rounds: Int = 5) -> Figures {
    var best = [Double](repeating: .infinity, count: 4)
    for _ in 0..<rounds {
      let figures = [
        measure(Store(initialState: .init(), reducer: ReferenceWorkload.WorkloadReducer()), count),
        measure(
          Store(initialState: .init(), reducer: ReferenceWorkload.WorkloadReducer()) {
            $0.benchOffset = 0
          }, count),
        measure(Store(initialState: .init(), reducer: ReadingReducer()), count),
        measure(
          Store(initialState: .init(), reducer: ReadingReducer()) { $0.benchOffset = 1 }, count),
      ]
      for index in best.indices { best[index] = min(best[index], figures[index]) }
    }
    return Figures(
      actions: count, plain: best[0], overridden: best[1], readingAmbient: best[2],
      readingOverridden: best[3])
  }

  /// ns/action sending `count` of the reference actions, in turn, to `store`, observed.
  private static func measure(
    _ store: Store<ReferenceWorkload.State, ReferenceWorkload.Action>, _ count: Int
  ) -> Double {
    let observation = store.observe { _, _, state in
      DispatchBench.consume(ReferenceWorkload.display(state))
    }
    defer { observation.cancel() }
    let actions = ReferenceWorkload.actions
    let start = DispatchTime.now().uptimeNanoseconds
    var next = 0
    for _ in 0..<count {
      store.send(actions[next])
      next = next == actions.count - 1 ? 0 : next + 1
    }
    let end = DispatchTime.now().uptimeNanoseconds
    return Double(end - start) / Double(count)
  }
}

/// A number the dependency bench's reducer adds on every action: 0 live.
enum BenchOffsetKey: DependencyKey {
  static let liveValue = 0
  static let testValue = 0
}

extension DependencyValues {
  var benchOffset: Int {
    get { self[BenchOffsetKey.self] }
    set { self[BenchOffsetKey.self] = newValue }
  }
}
