import StoreTesting
import Testing

/// TCA's `testReEntrantAction` feature: `onAppear` listens to a subject for the store's life;
/// `tap` feeds the subject while `isOn` is briefly true.
private struct ReEntrant: Reducer {
  let subject = TestSubject<Void>()

  struct State: Equatable {
    var count = 0
    var isOn = false
    var subjectCount = 0
  }
  enum Action: Equatable, Sendable {
    case onAppear
    case subjectEmitted
    case tap
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        // Subscribed while `onAppear` is reduced, as TCA's publisher is; the `.run` that reads
        // it starts after `send` returns.
        let values = subject.values()
        return .run { send in
          for await _ in values { await send(.subjectEmitted) }
        }
      case .subjectEmitted:
        if state.isOn { state.count += 1 }
        state.subjectCount += 1
        return .none
      case .tap:
        state.isOn = true
        subject.send(())
        state.isOn = false
        return .none
      }
    }
  }
}

/// Ports of pointfreeco/swift-composable-architecture Tests/ComposableArchitectureTests/
/// StoreTests.swift as an outside package writes them with this package's API: a Combine
/// `.publisher` becomes a `.run`, a `PassthroughSubject` a `TestSubject`, a `ViewStore` an
/// observation of the store. Each test names the test it ports. A publisher's closure runs, and
/// its subject is subscribed to, while TCA's `send` starts the effect; a `.run` starts on the
/// main actor after `send` returns, as TCA's `.run` does (`Task { @MainActor in … }` in its
/// `RootCore.send`). So a subject is subscribed to in the reducer, and what a test checked
/// right after TCA's `send` it checks once the effects have run (docs/store.md, "Differences").
@MainActor
@Suite("Ported from TCA: StoreTests, as written against TCA")
struct TCAStorePortTests {
  /// testCoalesceSynchronousActions
  @Test("a burst of synchronous actions is observed once, with the state it ends in")
  func coalesceSynchronousActions() {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        switch action {
        case 0:
          return .merge(.send(1), .send(2), .send(3))
        default:
          state = action
          return .none
        }
      }
    }
    var emissions: [Int] = []
    let observation = store.observe({ $0 }) { emissions.append($0) }
    #expect(emissions == [0])
    store.send(0)
    #expect(emissions == [0, 3])
    observation.cancel()
  }

  /// testSynchronousEffectsSentAfterSinking
  @Test("effects returned with synchronous sends start in the order the actions were reduced")
  func synchronousEffectsSentAfterSinking() async {
    enum Action: Sendable { case tap, next1, next2, end }
    let values = MainLog<Int>()
    let store = Store(initialState: ()) {
      Reduce<Void, Action> { _, action in
        switch action {
        case .tap:
          return .merge(.send(.next1), .send(.next2), .run { _ in await values.append(1) })
        case .next1:
          return .merge(.send(.end), .run { _ in await values.append(2) })
        case .next2:
          return .run { _ in await values.append(3) }
        case .end:
          return .run { _ in await values.append(4) }
        }
      }
    }
    store.send(.tap)
    #expect(values.values == [])  // TCA's publishers have run here; a `.run` has not started
    await store.settle()
    #expect(values.values == [1, 2, 3, 4])
  }

  /// testActionQueuing
  @Test("what a long-lived effect hears from the reducer comes back as actions, in order")
  func actionQueuing() async {
    enum Action: Equatable, Sendable { case incrementTapped, `init`, doIncrement }
    let subject = TestSubject<Void>()
    let store = TestStore(initialState: 0) {
      Reduce<Int, Action> { state, action in
        switch action {
        case .incrementTapped:
          subject.send(())
          return .none
        case .`init`:
          let values = subject.values()  // subscribed now, as TCA's publisher is
          return .run { send in
            for await _ in values { await send(.doIncrement) }
          }
        case .doIncrement:
          state += 1
          return .none
        }
      }
    }
    await store.send(.`init`)
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.incrementTapped)
    await store.receive(.doIncrement) { $0 = 2 }
    subject.finish()
    await store.finish()
  }

  /// testReEntrantAction: what the subject emits while `tap` is being reduced is reduced after
  /// it, once `isOn` is false again. TCA waits a millisecond for it; that wait raced the
  /// effect's way back to the main actor (see `TestSubject`). Here the test ends the subject and
  /// waits for the effect to end, which it does only after it has sent what it heard.
  @Test("an action an effect sends while the store reduces is reduced after, never inside")
  func reEntrantAction() async {
    let feature = ReEntrant()
    let store = Store(initialState: ReEntrant.State()) { feature }
    store.send(.onAppear)
    store.send(.tap)
    #expect(store.state == ReEntrant.State(count: 0, isOn: false, subjectCount: 0))
    feature.subject.finish()
    await store.settle()
    #expect(store.state == ReEntrant.State(count: 0, isOn: false, subjectCount: 1))
  }
}
