import Store
import TestSupport
import Testing

@MainActor
@Suite("Effect cancellation")
struct CancellationTests {
  @Test("an effect cancelled before its task starts never sends")
  func cancelBeforeStart() async {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    // Both sends happen in one main-actor turn: the effect's task cannot have started yet.
    let started = store.send(.startDelayed(id: "a"))
    store.send(.cancel(id: "a"))
    await started.finish()
    await store.settle()
    #expect(store.state.log == ["start a", "cancel a"])
  }

  @Test("a .run starts after the send that started it returns, on the main actor, in order")
  func runStartsAfterSend() async {
    let store = Store(initialState: Counter.State(), reducer: Counter())
    store.send(.startDelayed(id: "a"))  // no gate: it sends `.finished` once it runs
    #expect(store.state.log == ["start a"])
    await store.settle()
    #expect(store.state.log == ["start a", "finished a"])
    #expect(store.runningEffects == 0)
  }

  @Test("a cancelled effect that goes on to send delivers nothing")
  func cancelledEffectSendsNothing() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    let started = store.send(.startDelayed(id: "a"))
    await gate.someoneArrived()  // the effect is running and waiting
    store.send(.cancel(id: "a"))
    await gate.open()  // it now calls send(.finished) after its cancellation
    await started.finish()
    #expect(store.state.log == ["start a", "cancel a"])
  }

  @Test("cancelInFlight cancels the running effect with the same id, so only the last answers")
  func cancelInFlight() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    let first = store.send(.startDelayed(id: "a"))
    let second = store.send(.startDelayed(id: "a"))
    #expect(store.runningEffects == 1)
    await gate.open()
    await first.finish()
    await second.finish()
    #expect(store.state.log == ["start a", "start a", "finished a"])
  }

  @Test("cancelling one id leaves effects under other ids running")
  func cancellationIsByID() async {
    let gate = Gate()
    let store = Store(initialState: Counter.State(), reducer: Counter(gate: gate))
    store.send(.startDelayed(id: "a"))
    store.send(.startDelayed(id: "b"))
    store.send(.cancel(id: "a"))
    #expect(store.runningEffects == 1)
    await gate.open()
    await store.settle()
    #expect(store.state.log == ["start a", "start b", "cancel a", "finished b"])
  }

  @Test("cancelAllEffects stops everything, and the task of a cancelled effect sees it")
  func cancelAll() async {
    let gate = Gate()
    let sawCancellation = Flag()
    let store = Store(initialState: 0) { (state: inout Int, action: Int) -> Effect<Int> in
      state += action
      guard action == 1 else { return .none }
      return .run { send in
        await gate.wait()
        if send.isCancelled { await sawCancellation.set() }
        await send(100)
      }
    }
    let task = store.send(1)
    await gate.someoneArrived()
    store.cancelAllEffects()
    #expect(store.runningEffects == 0)
    await gate.open()
    await task.finish()
    #expect(store.state == 1)
    #expect(await sawCancellation.value)
  }

  @Test("a cancellable effect id can be any sendable hashable value")
  func effectIDs() {
    #expect(EffectID("a") == EffectID("a"))
    #expect(EffectID("a") != EffectID(1))
    #expect(EffectID(EffectID(3)) == EffectID(3))
    #expect(EffectID(7).description == "7")
  }

  @Test("ids compare and hash by type and value: distinct empty types differ, numbers too")
  func effectIDsByType() {
    struct Search: Hashable, Sendable {}
    struct Reload: Hashable, Sendable {}
    enum Timer: Hashable, Sendable { case id }
    #expect(EffectID(Search()) != EffectID(Reload()))
    #expect(EffectID(Search()).hashValue != EffectID(Reload()).hashValue)
    #expect(EffectID(Search()) == EffectID(Search()))
    #expect(EffectID(Search()).hashValue == EffectID(Search()).hashValue)
    #expect(EffectID(1) != EffectID(UInt8(1)))
    #expect(EffectID(1) != EffectID(1.0))
    let ids: Set<EffectID> = [EffectID(Search()), EffectID(Reload()), EffectID(Timer.id)]
    #expect(ids.count == 3)
  }

  @Test("ids of one type compare by that type's own ==")
  func effectIDsBySameTypeValue() {
    struct Query: Hashable, Sendable { var text: String }
    #expect(EffectID(Query(text: "seoul")) == EffectID(Query(text: "seoul")))
    #expect(EffectID(Query(text: "seoul")) != EffectID(Query(text: "busan")))
    #expect(EffectID("a") != EffectID("b"))
    #expect(EffectID(Optional(1)) == EffectID(Optional(1)))
    #expect(EffectID(Optional(1)) != EffectID(Optional<Int>.none))
    let ids: Set<EffectID> = [
      EffectID(Query(text: "a")), EffectID(Query(text: "a")), EffectID("a"),
    ]
    #expect(ids.count == 2)
  }

  @Test("cancelling one empty-struct id leaves an effect under another empty-struct id running")
  func cancelByType() async {
    struct Search: Hashable, Sendable {}
    struct Reload: Hashable, Sendable {}
    let gate = Gate()
    let store = Store(initialState: [String]()) {
      (state: inout [String], action: String) -> Effect<String> in
      state.append(action)
      switch action {
      case "start":
        return .merge(
          .run { send in
            await gate.wait()
            await send("search")
          }
          .cancellable(id: Search()),
          .run { send in
            await gate.wait()
            await send("reload")
          }
          .cancellable(id: Reload()))
      case "cancel": return .cancel(id: Search())
      default: return .none
      }
    }
    store.send("start")
    store.send("cancel")
    await gate.open()
    await store.settle()
    #expect(store.state == ["start", "cancel", "reload"])
  }
}

actor Flag {
  private(set) var value = false
  func set() { value = true }
}

@MainActor
@Suite("Waiting for effects to settle")
struct SettleTests {
  @Test("settle waits for an effect that cancels, by id, the effect whose answer started it")
  func settleAcrossCancelInFlight() async {
    enum Step: Equatable, Sendable { case first, second, done }
    let store = Store(initialState: [Step]()) {
      (state: inout [Step], action: Step) -> Effect<Step> in
      state.append(action)
      switch action {
      case .first:
        return .run { send in await send(.second) }.cancellable(id: "chain", cancelInFlight: true)
      case .second:
        // Started while `.first`'s effect, the only one under "chain", is answering.
        return .run { send in
          await Task.yield()
          await send(.done)
        }
        .cancellable(id: "chain", cancelInFlight: true)
      case .done:
        return .none
      }
    }
    store.send(.first)
    await store.settle()
    #expect(store.state == [.first, .second, .done])
    #expect(store.runningEffects == 0)
  }
}
