// The example of docs/store.md, "Time: debounce, throttle, and the test clock", compiled here
// (DocSnippetTests checks that the document shows exactly this region), and run below.

import StoreTesting
import Testing

// snippet: task-group
struct Squares: Reducer {
  enum Action: Equatable, Sendable { case later, increment, square }
  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .later:
      return .run { send in
        await withEffectTaskGroup(of: Void.self) { group in
          group.addTask {
            try await clock.sleep(for: .seconds(2))
            await send(.increment)
          }
          group.addTask {
            try await clock.sleep(for: .seconds(1))
            await send(.square)
          }
        }
      }
    case .increment:
      state += 1
      return .none
    case .square:
      state *= state
      return .none
    }
  }
}

// In a test:
//   let clock = TestClock()
//   let store = TestStore(initialState: 2, reducer: Squares()) { $0.continuousClock = clock }
//   await store.send(.later)
//   await clock.advance(by: .seconds(1))
//   await store.receive(.square) { $0 = 4 }
//   await clock.advance(by: .seconds(1))
//   await store.receive(.increment) { $0 = 5 }
// snippet: end

@MainActor
@Suite("docs/store.md's task group example")
struct TaskGroupDocExample {
  @Test("each child of the group wakes at its own deadline")
  func squares() async {
    let clock = TestClock()
    let store = TestStore(initialState: 2, reducer: Squares()) { $0.continuousClock = clock }
    await store.send(.later)
    await clock.advance(by: .seconds(1))
    await store.receive(.square) { $0 = 4 }
    await clock.advance(by: .seconds(1))
    await store.receive(.increment) { $0 = 5 }
    await store.finish()
  }
}
