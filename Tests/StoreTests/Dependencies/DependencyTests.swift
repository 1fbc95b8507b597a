import Store
import StoreTesting
import Testing

@MainActor
@Suite("Dependencies")
struct DependencyTests {
  @Test("a store made without overrides reads each dependency's live value")
  func liveByDefault() async {
    let store = Store(initialState: NumberReader.State(), reducer: NumberReader())
    store.send(.read)
    await store.send(.startEffect).finish()
    #expect(store.state.read == [1, 1, 1])
  }

  @Test("a store's overrides reach its reducer, its effects and their child tasks")
  func storeOverrides() async {
    let store = Store(initialState: NumberReader.State(), reducer: NumberReader()) {
      $0.number = 42
    }
    store.send(.read)
    await store.send(.startEffect).finish()
    #expect(store.state.read == [42, 42, 42])
    #expect(NumberReader().number == 1)  // and nowhere else
  }

  @Test("two stores with different overrides, sending and running effects in turn, never mix")
  func twoStoresInterleaved() async {
    let first = Store(initialState: NumberReader.State(), reducer: NumberReader()) {
      $0.number = 10
    }
    let second = Store(initialState: NumberReader.State(), reducer: NumberReader()) {
      $0.number = 20
    }
    var tasks: [StoreTask] = []
    for _ in 0..<5 {
      tasks.append(first.send(.startEffect))
      second.send(.read)
      tasks.append(second.send(.startEffect))
      first.send(.read)
    }
    for task in tasks { await task.finish() }
    #expect(first.state.read.count == 15)
    #expect(second.state.read.count == 15)
    #expect(Set(first.state.read) == [10])
    #expect(Set(second.state.read) == [20])
  }

  @Test("a store made inside withDependencies keeps those values after the block ends")
  func storeCapturesScope() async {
    let store = withDependencies {
      $0.number = 7
    } operation: {
      Store(initialState: NumberReader.State(), reducer: NumberReader())
    }
    store.send(.read)
    await store.send(.startEffect).finish()
    #expect(store.state.read == [7, 7, 7])
  }

  @Test("withDependencies overrides for its operation only, sync and async, nested innermost first")
  func withDependenciesScopes() async {
    @Dependency(\.number) var number
    let inner = withDependencies {
      $0.number = 3
    } operation: {
      withDependencies {
        $0.number += 1
      } operation: {
        number
      }
    }
    #expect(inner == 4)
    let later = await withDependencies {
      $0.number = 5
    } operation: {
      await Task { number }.value
    }
    #expect(later == 5)
    #expect(number == 1)
  }

  @Test("a test store reads test values, and the test's overrides over them")
  func testStoreValues() async {
    let plain = TestStore(initialState: NumberReader.State(), reducer: NumberReader())
    await plain.send(.read) { $0.read = [2] }
    let overridden = TestStore(initialState: NumberReader.State(), reducer: NumberReader()) {
      $0.number = 9
    }
    await overridden.send(.read) { $0.read = [9] }
    await overridden.send(.startEffect)
    await overridden.receive(.effectRead(9)) { $0.read = [9, 9] }
    await overridden.receive(.childRead(9)) { $0.read = [9, 9, 9] }
  }

  @Test(
    "concurrent tests each see their own test store's values, whatever the interleaving",
    arguments: 0..<24)
  func concurrentTests(value: Int) async {
    let store = TestStore(initialState: NumberReader.State(), reducer: NumberReader()) {
      $0.number = value
    }
    await store.send(.startEffect)
    await Task.yield()
    await store.receive(.effectRead(value)) { $0.read = [value] }
    await store.receive(.childRead(value)) { $0.read = [value, value] }
    await store.send(.read) { $0.read = [value, value, value] }
  }

  @Test("a reducer property checked inside withDependencies reads that run's values")
  func propertyRun() {
    let failures = FailureSites()
    let property = ReducerProperty(NumberReader(), initialState: NumberReader.State())
      .action("read") { _ in .just(.read) }
      .invariant("every read saw 5") { state in state.read.allSatisfy { $0 == 5 } }
    withDependencies {
      $0.number = 5
    } operation: {
      _ = property.check(.seed(1), reportFailure: failures.reporter)
    }
    _ = property.check(.seed(1), reportFailure: failures.reporter)
    #expect(failures.failures.count == 1)  // only the run outside, which read the live 1
  }
}
