import Foundation
import Store
import StoreTesting
import Testing

/// Stamps new items with an id and a date from its dependencies.
private struct Stamps: Reducer {
  struct Item: Equatable, Sendable {
    var id: UUID
    var createdAt: Date
  }
  typealias State = [Item]
  enum Action: Equatable, Sendable { case add, addLater, added(Item) }
  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .add:
        state.append(Item(id: uuid(), createdAt: date.now))
        return .none
      case .addLater:
        return .run { send in await send(.added(Item(id: uuid(), createdAt: date()))) }
      case .added(let item):
        state.append(item)
        return .none
      }
    }
  }
}

@MainActor
@Suite("The date and uuid dependencies")
struct GeneratorDependencyTests {
  @Test("UUID(n) puts n in the last 48 bits, as swift-dependencies' does")
  func uuidFromAnInteger() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(0xAB_CDEF).uuidString == "00000000-0000-0000-0000-000000ABCDEF")
    #expect(UUID(UInt64.max).uuidString == "00000000-0000-0000-0000-FFFFFFFFFFFF")
  }

  @Test("an incrementing generator counts from zero, each one on its own")
  func incrementingCountsFromZero() {
    let first = UUIDGenerator.incrementing
    let second = UUIDGenerator.incrementing
    #expect([first(), first(), first()] == [UUID(0), UUID(1), UUID(2)])
    #expect(second() == UUID(0))
  }

  @Test("a test sets the uuid and the date, and effects see them")
  func testValuesReachReducerAndEffects() async {
    let now = Date(timeIntervalSince1970: 1_234_567_890)
    let store = TestStore(initialState: Stamps.State()) {
      Stamps()
    } withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = now
    }
    await store.send(.add) { $0 = [Stamps.Item(id: UUID(0), createdAt: now)] }
    await store.send(.addLater)
    await store.receive(.added(Stamps.Item(id: UUID(1), createdAt: now))) {
      $0.append(Stamps.Item(id: UUID(1), createdAt: now))
    }
  }

  /// TCA EffectTests' testDependenciesTransferredToEffects_Run.
  @Test("a reducer's .dependency(\\.date, …) reaches the effects it returns")
  func reducerDependencyReachesEffects() async {
    let store = TestStore(initialState: Stamps.State()) {
      Stamps()
        .dependency(\.date, .constant(Date(timeIntervalSinceReferenceDate: 1_234_567_890)))
        .dependency(\.uuid, .constant(UUID(7)))
    }
    await store.send(.addLater).finish()
    let item = Stamps.Item(
      id: UUID(7), createdAt: Date(timeIntervalSinceReferenceDate: 1_234_567_890))
    await store.receive(.added(item)) { $0 = [item] }
  }

  @Test("an app's store gets live values: two uuids differ and the date is today's")
  func liveValues() {
    let store = Store(initialState: Stamps.State()) { Stamps() }
    store.send(.add)
    store.send(.add)
    #expect(store.state.count == 2)
    #expect(store.state[0].id != store.state[1].id)
    #expect(abs(store.state[0].createdAt.timeIntervalSinceNow) < 24 * 3600)
  }

  @Test("a test that calls uuid or date without setting them fails at the @Dependency, naming it")
  func unsetGeneratorsFailTheTest() async {
    let sites = FailureSites()
    let store = TestStore(
      initialState: Stamps.State(), reducer: Stamps(), reportFailure: sites.reporter)
    await store.send(.add) { _ in }
    let failures = sites.failures
    let messages = failures.map(\.message)
    #expect(messages.contains { $0.hasPrefix("Unimplemented dependency '\\.uuid' was called.") })
    #expect(messages.contains { $0.hasPrefix("Unimplemented dependency '\\.date' was called.") })
    let uuidLine = failures.first { $0.message.contains("\\.uuid") }?.line
    let dateLine = failures.first { $0.message.contains("\\.date") }?.line
    #expect(uuidLine == 14)
    #expect(dateLine == 15)
  }
}
