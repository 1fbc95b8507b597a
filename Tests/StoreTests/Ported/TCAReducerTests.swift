import Store
import StoreTesting
import Testing

/// TCA's `Feature_testCombine_EffectsAreMerged`: adds one and, after `delay` on `clock`, tells
/// `done`.
private struct DelayedFeature: Reducer {
  let clock: TestClock
  let delay: Duration
  let done: @Sendable @MainActor () -> Void

  func reduce(into state: inout Int, action: Increment) -> Effect<Increment> {
    state += 1
    return .run { [clock, delay, done] _ in
      try await clock.sleep(for: delay)
      await done()
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// ReducerTests.swift and EffectOperationTests.swift (what can be seen without TCA's internal
/// `operation`). Signposts are not ported: Uniflow has none.
@MainActor
@Suite("Ported from TCA: ReducerTests and EffectOperationTests")
struct TCAReducerTests {
  /// testCallableAsFunction
  @Test("a closure reducer changes the state it is given")
  func callableAsFunction() {
    let reducer = Reduce<Int, Void> { state, _ in
      state += 1
      return .none
    }
    var state = 0
    _ = reducer.reduce(into: &state, action: ())
    #expect(state == 1)
  }

  /// testCombine_EffectsAreMerged
  @Test("combined reducers' effects are merged: the fast one does not wait for the slow one")
  func combineMergesEffects() async {
    let clock = TestClock()
    let values = Values()
    let store = TestStore(
      initialState: 0,
      reducer: CombineReducers<Int, Increment, _> {
        DelayedFeature(clock: clock, delay: .seconds(1)) { values.fast = 42 }
        DelayedFeature(clock: clock, delay: .seconds(2)) { values.slow = 1729 }
      })
    await store.send(.increment) { $0 = 2 }
    await clock.advance(by: .seconds(1))
    #expect(values.fast == 42)
    #expect(values.slow == nil)
    await clock.advance(by: .seconds(1))
    await store.finish()
    #expect(values.slow == 1729)
  }

  /// testCombine
  @Test("both combined reducers run, and both their effects")
  func combine() async {
    let values = Values()
    let store = TestStore(
      initialState: 0,
      reducer: CombineReducers<Int, Increment, _> {
        Reduce<Int, Increment> { state, _ in
          state += 1
          return .run { _ in await MainActor.run { values.fast = 1 } }
        }
        Reduce<Int, Increment> { state, _ in
          state += 1
          return .run { _ in await MainActor.run { values.slow = 2 } }
        }
      })
    await store.send(.increment) { $0 = 2 }.finish()
    #expect(values.fast == 1)
    #expect(values.slow == 2)
  }

  /// testMergeDiscardsNones, testConcatenateDiscardsNones, testMergeFuses, testConcatenateFuses
  @Test("merging or concatenating with none gives the other effect; none with none is none")
  func operationsDiscardNones() async {
    let run = Effect<Int>.run { send in await send(42) }
    #expect(Effect<Int>.none.merge(with: .none).isNone)
    #expect(Effect<Int>.none.concatenate(with: .none).isNone)
    for effect in [
      run.merge(with: .none), Effect.none.merge(with: run), run.concatenate(with: .none),
      Effect.none.concatenate(with: run),
    ] {
      let store = Store(
        initialState: [Int](),
        reducer: Reduce<[Int], Int> { state, value in
          if value == 0 { return effect }
          state.append(value)
          return .none
        })
      await store.send(0).finish()
      await store.settle()
      #expect(store.state == [42])
    }
  }

  /// EmptyReducer, as TCA's tests use it for a branch with nothing to do.
  @Test("the empty reducer changes nothing and starts nothing")
  func emptyReducer() async {
    let store = TestStore(initialState: 7, reducer: EmptyReducer<Int, Increment>())
    await store.send(.increment)
    await store.finish()
    #expect(store.state == 7)
  }
}

/// TCA's `Action` of the combine tests.
private enum Increment: Equatable, Sendable { case increment }

/// What the effects of the combine tests saw.
@MainActor
private final class Values {
  var fast: Int?
  var slow: Int?
}
