import Store
import StoreTesting
import TestSupport
import Testing

/// A timer: `.start` sleeps a second on `clock`, then sends `.fire`, which starts one effect per
/// name, each sending its name.
struct HeldTimer: Reducer {
  enum Action: Equatable, Sendable {
    case start, fire
    case sent(String)
  }

  var names = ["one", "two"]
  let clock: TestClock
  /// How many times, a second apart, `.start`'s effect sends `.fire`.
  var fires = 1

  /// The line of the `.run` in `.fire`: each effect it starts is written there.
  static let fireLine = #line + 14
  func reduce(into state: inout [String], action: Action) -> Effect<Action> {
    switch action {
    case .start:
      let (clock, fires) = (self.clock, self.fires)
      return .run { send in
        for _ in 0..<fires {
          try await clock.sleep(for: .seconds(1))
          await send(.fire)
        }
      }
    case .fire:
      return .merge(
        names.map { name in
          Effect<Action>.run { send in await send(.sent(name)) }
        })
    case .sent(let name):
      state.append(name)
      return .none
    }
  }
}

/// Under `effectStarts = .held`, effects stay held until the test names one (`runFirst`,
/// `clock.runFirst`) or an operation needs effects to run; then they start in start order.
@MainActor
@Suite("A held effect waits until the test names it or an operation needs effects to run")
struct TestStoreHeldOperationsTests {
  let failures = FailureLog()

  /// A test store of `reducer` reporting to `failures`, its effects held.
  func heldStore<R: Reducer>(_ reducer: R, _ state: [String] = []) -> TestStore<[String], R.Action>
  where R.State == [String], R.Action: Equatable {
    let store = TestStore(initialState: state, reducer: reducer, reportFailure: failures.reporter)
    store.effectStarts = .held
    return store
  }

  var launchLine: String {
    "StoreTests/TestStoreEffectStartsTests.swift:\(HeldLaunch.launchLine)"
  }

  @Test("an exhaustive send leaves every effect it starts held")
  func sendHolds() async {
    let store = heldStore(HeldLaunch())
    await store.send(.launch)
    await store.send(.sent("x")) { $0 = ["x"] }  // nothing received: nothing ran
    await store.runFirst(launchLine, index: 0, of: 4)  // all four still held
    await store.skipReceivedActions()
    #expect(store.state == ["x", "a", "b", "c", "last"])
    #expect(failures.messages == [])
  }

  @Test("a non-exhaustive send starts the held effects of the actions before it, in order")
  func nonExhaustiveSendStarts() async {
    let store = heldStore(HeldLaunch())
    store.exhaustivity = .off
    await store.send(.launch)
    await store.send(.sent("x"))
    #expect(store.state == ["a", "b", "c", "last", "x"])
    #expect(failures.messages == [])
  }

  @Test("receive with no action received yet starts the held effects, in order")
  func receiveStarts() async {
    let store = heldStore(HeldLaunch())
    await store.send(.launch)
    await store.receive(.sent("a")) { $0 = ["a"] }
    await store.skipReceivedActions()
    #expect(store.state == ["a", "b", "c", "last"])
    #expect(failures.messages == [])
  }

  @Test("receive of an action already received leaves the held effects held")
  func receiveReceivedHolds() async {
    let store = heldStore(HeldLaunch())
    await store.send(.launch)
    await store.runFirst("TestStoreEffectStartsTests.swift:\(HeldLaunch.lastLine)")
    await store.receive(.sent("last")) { $0 = ["last"] }
    await store.runFirst(launchLine, index: 2, of: 3)  // a, b, c still held: c first
    await store.receive(.sent("c")) { $0 = ["last", "c"] }
    await store.receive(.sent("a")) { $0 = ["last", "c", "a"] }
    await store.receive(.sent("b")) { $0 = ["last", "c", "a", "b"] }
    await store.finish()
    #expect(failures.messages == [])
  }

  @Test("skipReceivedActions starts the held effects, in order, then skips what they sent")
  func skipStarts() async {
    let store = heldStore(HeldLaunch())
    await store.send(.launch)
    await store.skipReceivedActions()
    #expect(store.state == ["a", "b", "c", "last"])
    #expect(failures.messages == [])
  }

  @Test("finish starts the held effects, in order, and fails on the actions they sent")
  func finishStarts() async {
    let reported = Locked<[TestFailure]>([])
    let store = TestStore(initialState: [], reducer: HeldLaunch()) { failure in
      reported.withLock { $0.append(failure) }
    }
    store.effectStarts = .held
    await store.send(.launch)
    let line = #line + 1
    await store.finish()
    #expect(reported.value.map(\.line) == [UInt(line)])
    #expect(reported.value.first?.message.contains("received 4 unexpected actions") == true)
    store.exhaustivity = .off  // handled here, not at the end of the test
  }

  @Test("awaiting a send's task starts the held effects, in order, and waits for them")
  func taskFinishStarts() async {
    let store = heldStore(HeldLaunch())
    let task = await store.send(.launch)
    await task.finish()
    #expect(await task.isFinished)
    await store.skipReceivedActions()
    #expect(store.state == ["a", "b", "c", "last"])
    #expect(failures.messages == [])
  }

  @Test("answering the oldest call starts the held effect that makes it")
  func answerOldestStarts() async {
    let launch = HeldLaunch()
    let store = heldStore(launch)
    await store.send(.ask)
    await launch.answers.answer(.success("answered"))
    await store.receive(.sent("answered")) { $0 = ["answered"] }
    await store.finish()
    #expect(failures.messages == [])
  }

  // snippet: held-during-advance
  @Test("a clock's runFirst starts, of the effects held during the advance, the one it names")
  func clockRunFirst() async {
    let timer = HeldTimer(clock: TestClock())
    let store = heldStore(timer)
    await store.send(.start)
    timer.clock.runFirst(
      "TestStoreHeldOperationsTests.swift:\(HeldTimer.fireLine)", index: 1, of: 2)
    await timer.clock.advance(by: .seconds(1))
    await store.receive(.fire)
    await store.receive(.sent("two")) { $0 = ["two"] }
    await store.receive(.sent("one")) { $0 = ["two", "one"] }
    await store.finish()
    #expect(failures.messages == [])
  }
  // snippet: end

  @Test("a plan with index 0 keeps a first choice in start order so the next plan fits later")
  func clockRunFirstInOrder() async {
    let timer = HeldTimer(clock: TestClock(), fires: 2)
    let store = heldStore(timer)
    store.exhaustivity = .off
    await store.send(.start)
    let fire = "TestStoreHeldOperationsTests.swift:\(HeldTimer.fireLine)"
    timer.clock.runFirst(fire, index: 0, of: 2)  // the first .fire: in start order
    timer.clock.runFirst(fire, index: 1, of: 2)  // the second: "two" first
    await timer.clock.advance(by: .seconds(2))
    await store.skipReceivedActions()
    #expect(store.state == ["one", "two", "two", "one"])
    #expect(failures.messages == [])
  }

  @Test("without a plan, effects held during an advance start in the order they started")
  func advanceStartsInOrder() async {
    let timer = HeldTimer(clock: TestClock())
    let store = heldStore(timer)
    await store.send(.start)
    await timer.clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state == ["one", "two"])
    #expect(failures.messages == [])
  }

  @Test("a clock's runFirst on a store that starts effects at once fails at its line")
  func clockRunFirstUnused() async {
    let timer = HeldTimer(clock: TestClock())
    let store = TestStore(initialState: [], reducer: timer, reportFailure: failures.reporter)
    store.exhaustivity = .off
    await store.send(.start)
    let line = #line + 2
    await withKnownIssue {
      timer.clock.runFirst("Timer.swift:9", index: 1, of: 2)
      await timer.clock.advance(by: .seconds(1))
    } matching: { issue in
      String(describing: issue).contains(
        "clock.runFirst(\"Timer.swift:9\", index: 1, of: 2) found no 2 held effects ready "
          + "together, the one at index 1 written at Timer.swift:9, in the advance to +1.0 "
          + "seconds. To fix, set `store.effectStarts = .held` before sending the actions, and "
          + "advance past the instant the effect whose action starts them wakes.")
        && issue.sourceLocation?.line == line
    }
    await store.skipReceivedActions()
    #expect(store.state == ["one", "two"])
  }

  @Test("200 effects held during an advance, 100 times a normal two: the plan names the last")
  func manyHeldDuringAdvance() async {
    let names = (0..<200).map(String.init)
    let timer = HeldTimer(names: names, clock: TestClock())
    let store = heldStore(timer)
    await store.send(.start)
    timer.clock.runFirst(
      "TestStoreHeldOperationsTests.swift:\(HeldTimer.fireLine)", index: 199, of: 200)
    await timer.clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state.count == 200)
    #expect(store.state == ["199"] + names.dropLast())
    #expect(failures.messages == [])
  }
}

@MainActor
@Suite("A held effect never started fails the test at its line when the test ends")
struct TestStoreHeldAtEndTests {
  @Test("an effect still held when the test ends fails at its line, saying how to let it run")
  func heldAtEnd() async {
    let reported = Locked<[TestFailure]>([])
    let sendLine = #line + 6
    do {
      let store = TestStore(initialState: [], reducer: HeldLaunch(names: ["a"])) { failure in
        reported.withLock { $0.append(failure) }
      }
      store.effectStarts = .held
      await store.send(.launch)
    }
    #expect(reported.value.map(\.line) == [UInt(HeldLaunch.launchLine), UInt(HeldLaunch.lastLine)])
    let message = reported.value.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "An effect returned for this action was held and never started (`effectStarts` is "
          + "`.held`). It must run before the end of the test. (The effect is the `.run` at "
          + "StoreTests/TestStoreEffectStartsTests.swift:\(HeldLaunch.launchLine):28; the action "
          + "was sent at StoreTests/TestStoreHeldOperationsTests.swift:\(sendLine):"), "\(message)")
    #expect(
      message.hasSuffix(
        "To fix, let it run: call `finish()`, `receive` what it sends, or `runFirst` it. If it is "
          + "not meant to run, call `skipInFlightEffects()`."))
  }

  @Test("an effect started and still running when the test ends is not called held")
  func startedAtEnd() async {
    let reported = Locked<[TestFailure]>([])
    let launch = HeldLaunch()
    do {
      let store = TestStore(initialState: [], reducer: launch) { failure in
        reported.withLock { $0.append(failure) }
      }
      store.effectStarts = .held
      await store.send(.ask)
      await store.skipReceivedActions(strict: false)  // starts it; it waits for an answer
    }
    #expect(reported.value.count == 1)
    let message = reported.value.first?.message ?? ""
    #expect(message.hasPrefix("An effect returned for this action is still running"))
  }
}
