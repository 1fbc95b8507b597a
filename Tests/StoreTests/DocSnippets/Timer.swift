// The example of docs/store.md, "Timers and the clock", compiled here (DocSnippetTests checks
// that the document shows exactly this region).

// snippet: timer
import Store

struct Stopwatch: Reducer {
  struct State: Equatable { var seconds = 0, isRunning = false }
  enum Action: Equatable, Sendable { case start, tick, stop }
  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      state.isRunning = true
      return .run { send in
        for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
      }
      .cancellable(id: CancelID.timer, cancelInFlight: true)
    case .tick:
      state.seconds += 1
      return .none
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    }
  }
}

// In a test:
//   let clock = TestClock()
//   let store = TestStore(initialState: Stopwatch.State(), reducer: Stopwatch()) {
//     $0.continuousClock = clock
//   }
//   await store.send(.start) { $0.isRunning = true }
//   await clock.advance(by: .seconds(2))
//   await store.receive(.tick) { $0.seconds = 1 }
//   await store.receive(.tick) { $0.seconds = 2 }
//   await store.send(.stop) { $0.isRunning = false }
// snippet: end
