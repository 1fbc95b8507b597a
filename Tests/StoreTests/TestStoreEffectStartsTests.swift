import Store
import StoreTesting
import TestSupport
import Testing

/// One action starts `names.count` effects at once, each sending its name; another starts one
/// that sleeps a second on `clock`, one that waits for `answers`.
struct HeldLaunch: Reducer {
  enum Action: Equatable, Sendable {
    case launch, nap, ask
    case sent(String)
  }

  var names = ["a", "b", "c"]
  var clock = TestClock()
  var answers = Answers<String>()

  /// The line of the `.run` in `.launch`: each effect it starts is written there.
  static let launchLine = #line + 5
  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .launch:
      let effects = names.map { name in
        Effect<Action>.run { send in await send(.sent(name)) }
      }
      return .merge(effects + [Self.last])
    case .nap:
      let clock = self.clock
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.sent("woke"))
      }
    case .ask:
      let answers = self.answers
      return .run { send in await send(.sent(try await answers.next())) }
    case .sent(let name):
      state.append(name)
      return .none
    }
  }

  static let lastLine = #line + 1
  static let last = Effect<Action>.run { send in await send(.sent("last")) }
}

@MainActor
@Suite("A TestStore whose effects are held starts the one the test names first")
struct TestStoreEffectStartsTests {
  let failures = FailureLog()

  /// A test store of `launch` reporting to `failures`, its effects held.
  func heldStore(_ launch: HeldLaunch = HeldLaunch()) -> TestStore<[String], HeldLaunch.Action> {
    let store = TestStore(initialState: [], reducer: launch, reportFailure: failures.reporter)
    store.effectStarts = .held
    return store
  }

  @Test("held effects start in the order they started when the test next waits for effects")
  func heldStartInOrder() async {
    let store = heldStore()
    await store.send(.launch)
    await store.receive(.sent("a")) { $0 = ["a"] }
    await store.receive(.sent("b")) { $0 = ["a", "b"] }
    await store.receive(.sent("c")) { $0 = ["a", "b", "c"] }
    await store.receive(.sent("last")) { $0 = ["a", "b", "c", "last"] }
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("runFirst starts the effect written at the named line before those started before it")
  func runFirstByLine() async {
    let store = heldStore()
    await store.send(.launch)
    await store.runFirst("TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)")
    #expect(store.state == [])  // nothing asserted yet
    await store.skipReceivedActions()
    #expect(store.state == ["last", "a", "b", "c"])
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("with index and count, the earlier ones start in start order until count are left")
  func runFirstByIndex() async {
    let store = heldStore()
    await store.send(.launch)
    let line = "StoreTests/TestStoreEffectStartsTests.swift:\(HeldLaunch.launchLine)"
    await store.runFirst(line, index: 1, of: 3)  // "a" has run; of b, c, last: c
    await store.skipReceivedActions()
    #expect(store.state == ["a", "c", "b", "last"])
    #expect(failures.messages == [])
  }

  @Test("a test clock's advance starts the held effects before it wakes a sleeper")
  func clockStartsHeld() async {
    let launch = HeldLaunch()
    let store = heldStore(launch)
    await store.send(.nap)
    await launch.clock.advance(by: .seconds(1))
    await store.receive(.sent("woke")) { $0 = ["woke"] }
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("answering a call by its number starts the held effect that makes it first")
  func answerStartsHeld() async {
    let launch = HeldLaunch()
    let store = heldStore(launch)
    await store.send(.ask)
    await launch.answers.answer(call: 0, .success("answered"))
    await store.receive(.sent("answered")) { $0 = ["answered"] }
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("runFirst naming no held effect fails at its line, listing those held, and starts none")
  func runFirstMissing() async {
    let store = heldStore()
    await store.send(.launch)
    store.exhaustivity = .off
    await store.runFirst("Other.swift:3")
    let file = "StoreTests/TestStoreEffectStartsTests.swift"
    #expect(
      failures.messages == [
        "runFirst(\"Other.swift:3\") found no held effect written at Other.swift:3; held now, "
          + "in the order they started: "
          + Array(repeating: "the `.run` at \(file):\(HeldLaunch.launchLine):28", count: 3)
          .joined(separator: ", ")
          + ", the `.run` at \(file):\(HeldLaunch.lastLine):40. To fix, name a held effect by the "
          + "end of its file:line, such as \"Settings.swift:31\", after sending the action that "
          + "starts it."
      ])
    #expect(store.state == [])
  }

  @Test("runFirst on a store that starts effects at once fails saying how to hold them")
  func runFirstNotHeld() async {
    let store = TestStore(initialState: [], reducer: HeldLaunch(), reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.launch)
    await store.runFirst("TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)")
    #expect(
      failures.messages == [
        "runFirst(\"TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)\") has no held effect "
          + "to start: this store starts effects at once. To fix, set `store.effectStarts = "
          + ".held` before sending the action that starts them."
      ])
  }

  @Test("runFirst counting more held effects than there are fails, saying how many there are")
  func runFirstTooFew() async {
    let store = heldStore()
    store.exhaustivity = .off
    await store.send(.launch)
    await store.runFirst("TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)", index: 0, of: 5)
    #expect(
      failures.messages == [
        "runFirst(\"TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)\", of: 5) found 4 held "
          + "effects, not 5, once those started before it had run. To fix, send the action "
          + "that starts the effects first, and count the effects ready together, those it "
          + "starts included."
      ])
  }

  @Test("switching back to immediate starts every held effect, in order")
  func backToImmediate() async {
    let store = heldStore()
    await store.send(.launch)
    store.effectStarts = .immediately
    await store.skipReceivedActions()
    #expect(store.state == ["a", "b", "c", "last"])
    #expect(failures.messages == [])
  }

  @Test("200 effects held at once, 100 times a normal two: the last one named runs first")
  func manyHeld() async {
    let names = (0..<200).map(String.init)
    let store = heldStore(HeldLaunch(names: names))
    await store.send(.launch)
    let line = "TestStoreEffectStartsTests.swift:\(HeldLaunch.launchLine)"
    await store.runFirst(line, index: 199, of: 201)
    await store.skipReceivedActions()
    #expect(store.state.count == 201)
    #expect(store.state.first == "199")
    #expect(Array(store.state.dropFirst()) == Array(names.dropLast()) + ["last"])
    #expect(failures.messages == [])
  }

  @Test("naming no held effect among 201 lists the first ten and counts the others")
  func manyHeldMissing() async {
    let names = (0..<200).map(String.init)
    let store = heldStore(HeldLaunch(names: names))
    store.exhaustivity = .off
    await store.send(.launch)
    await store.runFirst("Other.swift:3")
    let message = failures.messages.first ?? ""
    #expect(message.components(separatedBy: "the `.run` at").count == 11)
    #expect(message.contains(":28, and 191 more. To fix"))
  }
}
