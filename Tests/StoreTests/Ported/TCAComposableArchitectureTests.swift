import Store
import StoreTesting
import Testing

/// TCA's scheduling counter: `incrAndSquareLater` squares after one second, and after two
/// increments then squares: in three merged delayed effects (TCA 0.x's form), or, `inTaskGroup`,
/// in the three children of a task group inside one effect (TCA 1.x's form).
private struct SchedulingCounter: Reducer {
  enum Action: Equatable, Sendable { case incrAndSquareLater, incrNow, squareNow }
  @Dependency(\.continuousClock) var clock
  let inTaskGroup: Bool

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .incrAndSquareLater:
      let clock = self.clock
      let later: [(Duration, Action)] = [
        (.seconds(2), .incrNow), (.seconds(1), .squareNow), (.seconds(2), .squareNow),
      ]
      if inTaskGroup {
        return .run { send in
          await withEffectTaskGroup(of: Void.self) { group in
            for (delay, action) in later {
              group.addTask {
                try await clock.sleep(for: delay)
                await send(action)
              }
            }
          }
        }
      }
      return .merge(
        later.map { delay, action in
          .run { send in
            try await clock.sleep(for: delay)
            await send(action)
          }
        })
    case .incrNow:
      state += 1
      return .none
    case .squareNow:
      state *= state
      return .none
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// ComposableArchitectureTests.swift. TCA's `DispatchQueue.test` main queue becomes a
/// `TestClock` given as `\.continuousClock`.
/// testScheduling runs in both of TCA's forms: three merged effects (0.x), and one effect whose
/// three children sleep in a task group (1.x), written with `withEffectTaskGroup`, which a test
/// clock follows child by child (a plain `withThrowingTaskGroup` fails the test, saying so: see
/// docs/store.md, "Time").
@MainActor
@Suite("Ported from TCA: ComposableArchitectureTests")
struct TCAComposableArchitectureTests {
  /// testScheduling, in its TCA 0.x form (three merged delayed effects) and its 1.x form (one
  /// effect, three children of a task group). Sleepers due at the same instant wake in the order
  /// their effects (or children) started, so `incrNow` comes before the second `squareNow`, as
  /// on TCA's test scheduler.
  @Test("delayed actions arrive in the order of their deadlines", arguments: [false, true])
  func scheduling(inTaskGroup: Bool) async {
    let clock = TestClock()
    let store = TestStore(initialState: 2, reducer: SchedulingCounter(inTaskGroup: inTaskGroup)) {
      $0.continuousClock = clock
    }

    await store.send(.incrAndSquareLater)
    await clock.advance(by: .seconds(1))
    await store.receive(.squareNow) { $0 = 4 }
    await clock.advance(by: .seconds(1))
    await store.receive(.incrNow) { $0 = 5 }
    await store.receive(.squareNow) { $0 = 25 }

    await store.send(.incrAndSquareLater)
    await clock.advance(by: .seconds(2))
    await store.receive(.squareNow) { $0 = 625 }
    await store.receive(.incrNow) { $0 = 626 }
    await store.receive(.squareNow) { $0 = 391_876 }
    await store.finish()
  }

  /// testSimultaneousWorkOrdering. TCA schedules two repeating jobs on a test scheduler; here two
  /// effects each send their value at once and then after every interval, until cancelled.
  @Test("repeating work due at the same instant runs in the order it was scheduled")
  func simultaneousWorkOrdering() async {
    let clock = TestClock()
    let values = EffectRecorder<Int>()
    func repeating(_ value: Int, every interval: Duration) -> Effect<Int> {
      Effect.run { send in
        while true {
          await send(value)
          try await clock.sleep(for: interval)
        }
      }
      .cancellable(id: "repeating")
    }
    values.start(repeating(1, every: .seconds(1)))
    values.start(repeating(42, every: .seconds(2)))
    #expect(values.actions == [])
    await clock.advance()
    #expect(values.actions == [1, 42])
    await clock.advance(by: .seconds(2))
    #expect(values.actions == [1, 42, 1, 1, 42])
    values.executor.cancel(id: EffectID("repeating"))
    #expect(values.executor.runningCount == 0)
  }

  /// testLongLivingEffects. TCA's test ends right after `.end`; here `finish()` waits for the
  /// subscription to see the end of its stream (a `send` does not wait for effects: see
  /// docs/store.md, "Waiting for effects is counted, not timed").
  @Test("a long-living effect delivers until another effect ends its stream")
  func longLivingEffects() async {
    enum Action: Equatable, Sendable { case end, incr, start }
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .end:
          return .run { _ in continuation.finish() }
        case .incr:
          state += 1
          return .none
        case .start:
          return .run { send in
            for await _ in stream { await send(.incr) }
          }
        }
      })

    await store.send(.start)
    await store.send(.incr) { $0 = 1 }
    continuation.yield()
    await store.receive(.incr) { $0 = 2 }
    await store.send(.end)
    await store.finish()
  }

  /// testCancellation
  @Test("a delayed response cancelled before it is due never arrives")
  func cancellation() async {
    enum Action: Equatable, Sendable { case cancel, incr, response(Int) }
    enum CancelID { case sleep }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .cancel:
          return .cancel(id: CancelID.sleep)
        case .incr:
          state += 1
          let value = state
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.response(value * value))
          }
          .cancellable(id: CancelID.sleep)
        case .response(let value):
          state = value
          return .none
        }
      })

    await store.send(.incr) { $0 = 1 }
    await clock.advance(by: .seconds(1))
    await store.receive(.response(1))

    await store.send(.incr) { $0 = 2 }
    await store.send(.cancel)
    await clock.run()
    await store.finish()
    #expect(store.state == 2)
  }
}
