import Dispatch
import Store
import StoreTesting
import Testing

/// Counts the bodies its reducers build.
private final class Builds {
  var count = 0
  func built() -> Int {
    count += 1
    return count
  }
}

/// A reducer written with a body that appends its tag, counting its builds.
private struct Tagged: Reducer {
  let tag: String
  let builds: Builds
  var body: some Reducer<[String], Void> {
    let _ = builds.built()
    Reduce { state, _ in
      state.append(tag)
      return .none
    }
  }
}

/// A reducer written with a body that counts taps, counting its builds: alone, or a child.
private struct Child: Reducer {
  enum Action: Equatable, Sendable { case tap }
  let builds: Builds
  var body: some Reducer<Int, Action> {
    let _ = builds.built()
    Reduce { state, _ in
      state += 1
      return .none
    }
  }
}

/// A parent written with a body, whose child is written with one too.
private struct Parent: Reducer {
  struct State: Equatable {
    var count = 0
    var child = 0
  }
  enum Action: Equatable, Sendable, CasePathable {
    case tap
    case child(Child.Action)
    struct AllCasePaths: Sendable { let child = ActionCase(Action.child) }
    static let allCasePaths = AllCasePaths()
  }
  let builds: Builds
  let childBuilds: Builds
  var body: some ReducerOf<Self> {
    let _ = builds.built()
    Scope(state: \State.child, action: \.child) { Child(builds: childBuilds) }
    Reduce { state, action in
      if case .tap = action { state.count += 1 }
      return .none
    }
  }
}

/// Reads a dependency while its body is built: the state becomes whether it was a test clock.
private struct ReadsClockWhenBuilt: Reducer {
  @Dependency(\.continuousClock) var clock
  var body: some Reducer<Bool, Void> {
    let isTestClock = clock is TestClock
    Reduce { state, _ in
      state = isTestClock
      return .none
    }
  }
}

@MainActor
@Suite("Bodies built once for a store or a replay")
struct BuiltBodiesTests {
  @Test("a store builds its reducer's body once for all the actions it reduces")
  func storeBuildsTheBodyOnce() {
    let builds = Builds()
    let store = Store(initialState: 0) { Child(builds: builds) }
    for _ in 0..<100 { store.send(.tap) }
    #expect(store.state == 100)
    #expect(builds.count == 1)
  }

  @Test("a reducer called on its own builds its body for every call, as in TCA")
  func reduceOnItsOwnBuildsEveryTime() {
    let builds = Builds()
    var state = 0
    for _ in 0..<10 { _ = Child(builds: builds).reduce(into: &state, action: .tap) }
    #expect(state == 10)
    #expect(builds.count == 10)
  }

  @Test("a child written with a body, in a parent's body, is built once too")
  func childBodiesAreBuiltOnce() {
    let builds = Builds()
    let childBuilds = Builds()
    let store = Store(initialState: Parent.State()) {
      Parent(builds: builds, childBuilds: childBuilds)
    }
    for index in 0..<50 { store.send(index.isMultiple(of: 2) ? .tap : .child(.tap)) }
    #expect(store.state == Parent.State(count: 25, child: 25))
    #expect(builds.count == 1)
    #expect(childBuilds.count == 1)
  }

  @Test("two values of one reducer type keep a body each")
  func valuesOfOneTypeKeepTheirOwnBodies() {
    let builds = Builds()
    var state: [String] = []
    let bodies = BuiltBodies()
    bodies.run {
      for _ in 0..<5 {
        _ = Tagged(tag: "a", builds: builds).reduce(into: &state, action: ())
        _ = Tagged(tag: "b", builds: builds).reduce(into: &state, action: ())
      }
    }
    #expect(state == Array(repeating: ["a", "b"], count: 5).flatMap { $0 })
    #expect(builds.count == 2)
    #expect(bodies.count == 2)
  }

  @Test("bodies are built once while a run has them installed, and every time after it")
  func bodiesLastAsLongAsTheirRun() {
    let builds = Builds()
    var state = 0
    BuiltBodies().run {
      for _ in 0..<10 { Child(builds: builds).reduceDroppingEffects(into: &state, action: .tap) }
    }
    #expect(builds.count == 1)
    _ = Child(builds: builds).reduce(into: &state, action: .tap)
    #expect(state == 11)
    #expect(builds.count == 2)
  }

  @Test("each store builds its body with its own dependencies")
  func eachStoreBuildsWithItsOwnDependencies() {
    let testing = Store(initialState: false) {
      ReadsClockWhenBuilt()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    let live = Store(initialState: true) { ReadsClockWhenBuilt() }
    for _ in 0..<3 {
      testing.send(())
      live.send(())
    }
    #expect(testing.state)
    #expect(!live.state)
  }

  @Test("past 32 reducer values the oldest body is replaced, and each value runs its own")
  func manyValuesStayCorrectWithinTheCapacity() {
    // 100 times the capacity, each value reduced twice in a row and once more at the end.
    let builds = Builds()
    let tags = (0..<3_200).map { "tag \($0)" }
    let reducers = tags.map { Tagged(tag: $0, builds: builds) }
    var state: [String] = []
    let bodies = BuiltBodies()
    bodies.run {
      for reducer in reducers {
        _ = reducer.reduce(into: &state, action: ())
        _ = reducer.reduce(into: &state, action: ())
      }
      for reducer in reducers { _ = reducer.reduce(into: &state, action: ()) }
    }
    #expect(state == tags.flatMap { [$0, $0] } + tags)
    #expect(bodies.count == 32)
    // Built once for the pair, and again at the end: the oldest were replaced meanwhile.
    #expect(builds.count == 6_400)
  }

  @Test("runs on two threads at once keep their bodies apart")
  nonisolated func threadsKeepTheirBodiesApart() {
    let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 4)
    defer { counts.deallocate() }
    counts.initialize(repeating: 0)
    // Safe: iteration `thread` writes only slots 2 × thread and 2 × thread + 1, never another's,
    // and the slots are read only after `concurrentPerform` has returned (every write done).
    nonisolated(unsafe) let slots = counts
    DispatchQueue.concurrentPerform(iterations: 2) { thread in
      let builds = Builds()
      var state = 0
      BuiltBodies().run {
        for _ in 0..<10_000 { _ = Child(builds: builds).reduce(into: &state, action: .tap) }
      }
      slots[2 * thread] = state
      slots[2 * thread + 1] = builds.count
    }
    #expect(Array(counts) == [10_000, 1, 10_000, 1])
  }
}
