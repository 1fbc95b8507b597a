import Foundation
import StoreTesting
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

// The four dependencies swift-dependencies has built in and these tests override; this package
// has none of them, so they are declared here as an outside package would: live values only,
// which a test that reads them without overriding them fails on.
private enum CalendarKey: DependencyKey { static var liveValue: Calendar { .autoupdatingCurrent } }
private enum LocaleKey: DependencyKey { static var liveValue: Locale { .autoupdatingCurrent } }
private enum TimeZoneKey: DependencyKey { static var liveValue: TimeZone { .autoupdatingCurrent } }
private enum URLSessionKey: DependencyKey { static var liveValue: URLSession { .shared } }

extension DependencyValues {
  fileprivate var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }
  fileprivate var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }
  fileprivate var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
  fileprivate var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

/// TCA's `Feature_testOverrideDependenciesDirectlyOnReducer`: reads four dependencies.
private struct ReadsFour: Reducer {
  @Dependency(\.calendar) var calendar
  @Dependency(\.locale) var locale
  @Dependency(\.timeZone) var timeZone
  @Dependency(\.urlSession) var urlSession

  var body: some Reducer<Int, Bool> {
    Reduce { state, action in
      _ = self.calendar
      _ = self.locale
      _ = self.timeZone
      _ = self.urlSession
      state += action ? 1 : -1
      return .none
    }
  }
}

/// TCA's `Feature_testDependenciesEarlyBinding`: its state reads the date when it is made.
private struct EarlyBinding: Reducer {
  struct State: Equatable {
    var count = 0
    var date: Date
    init() {
      @Dependency(\.date.now) var now: Date
      self.date = now
    }
  }
  enum Action: Equatable, Sendable {
    case tap
    case response(Int)
  }
  @Dependency(\.date.now) var now: Date

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        state.count += 1
        return .run { send in await send(.response(42)) }
      case .response(let number):
        state.count = number
        state.date = now
        return .none
      }
    }
  }
}

/// TCA's `Count` dependency of `Feature_testStoreVsTestStore`.
private struct Count: DependencyKey {
  var value: Int
  static let liveValue = Count(value: 0)
  static let testValue = Count(value: 0)
}

extension DependencyValues {
  fileprivate var count: Count {
    get { self[Count.self] }
    set { self[Count.self] = newValue }
  }
}

/// TCA's `Feature_testStoreVsTestStore`: each response's effect is built inside a
/// `withDependencies` that counts one more.
private struct Responses: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable {
    case tap
    case response1(Int)
    case response2(Int)
    case response3(Int)
  }
  @Dependency(\.count) var count

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .tap:
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response1(self.count.value)) }
        }
      case .response1(let count):
        state.count = count
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response2(self.count.value)) }
        }
      case .response2(let count):
        state.count = count
        return withDependencies {
          $0.count.value += 1
        } operation: {
          .run { send in await send(.response3(self.count.value)) }
        }
      case .response3(let count):
        state.count = count
        return .none
      }
    }
  }
}

/// Ports of the dependency tests of pointfreeco/swift-composable-architecture
/// Tests/ComposableArchitectureTests/TestStoreTests.swift and StoreTests.swift. Each test names
/// the test it ports.
@MainActor
@Suite("Ported from TCA: dependencies of stores and test stores")
struct TCADependencyPortTests {
  /// TestStoreTests.testOverrideDependenciesDirectlyOnReducer
  @Test("dependencies set on the reducer, four in a row, are the ones it reads in a test store")
  func overrideDirectlyOnReducerInTestStore() async {
    let store = TestStore(initialState: 0) {
      ReadsFour()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
        .dependency(\.urlSession, URLSession(configuration: .ephemeral))
    }
    await store.send(true) { $0 = 1 }
  }

  /// StoreTests.testOverrideDependenciesDirectlyOnReducer
  @Test("dependencies set on the reducer, four in a row, are the ones it reads in a store")
  func overrideDirectlyOnReducerInStore() {
    let store = Store(initialState: 0) {
      ReadsFour()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
        .dependency(\.urlSession, URLSession(configuration: .ephemeral))
    }
    store.send(true)
    #expect(store.state == 1)
  }

  /// TestStoreTests.testDependenciesEarlyBinding
  @Test("the initial state and the assertions read the test store's dependencies")
  func dependenciesEarlyBinding() async {
    let store = TestStore(initialState: EarlyBinding.State()) {
      EarlyBinding()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }
    await store.send(.tap) {
      @Dependency(\.date.now) var now: Date
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now: Date
      $0.count = 42
      $0.date = now
    }
  }

  /// StoreTests.testStoreVsTestStore
  @Test("an effect built inside withDependencies keeps its values, in a store and a test store")
  func storeVsTestStore() async {
    let testStore = TestStore(initialState: Responses.State()) { Responses() }
    await testStore.send(.tap)
    await testStore.receive(.response1(1)) { $0.count = 1 }
    await testStore.receive(.response2(1))
    await testStore.receive(.response3(1))

    let store = Store(initialState: Responses.State()) { Responses() }
    await store.send(.tap).finish()
    #expect(store.state.count == testStore.state.count)
  }
}
