import StoreTesting
import Testing

/// `withEffectTaskGroup`: a test clock follows each child of a task group inside one effect.
///
/// Every test here ends by checking that its clock never stopped waiting for an effect after
/// `settleTimeout` (`presumedBlockedCount`): a clock that waited for an effect whose children it
/// cannot see would otherwise pass, only late.
@MainActor
@Suite("withEffectTaskGroup: children of one effect on a test clock")
struct EffectTaskGroupTests {
  private static func clock() -> TestClock {
    TestClock()
  }

  /// A store whose state lists the actions it received, and whose `start` action runs `body`
  /// as its one effect.
  private static func recorder<Action: Equatable & Sendable>(
    start: Action, line: UInt = #line,
    _ body: nonisolated(nonsending) @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> TestStore<[Action], Action> {
    TestStore(
      initialState: [],
      reducer: Reduce<[Action], Action> { state, action in
        guard action == start else {
          state.append(action)
          return .none
        }
        return .run(body, line: line)  // failures at the caller's line
      })
  }

  /// One effect whose `count` children each sleep `sleeps` times, `interval(child)` each time,
  /// sending their number after every sleep.
  private static func sleepingChildren(
    _ count: Int, sleeps: Int = 1, interval: @escaping @Sendable (Int) -> Duration,
    clock: TestClock
  ) -> TestStore<[Int], Int> {
    recorder(start: 0) { send in
      await withEffectTaskGroup(of: Void.self) { group in
        for child in 1...count {
          group.addTask {
            for _ in 0..<sleeps {
              try await clock.sleep(for: interval(child))
              await send(child)
            }
          }
        }
      }
    }
  }

  /// 3 children is the usual example (TCA's testScheduling), 300 a hundred times it: all due at
  /// the same instant, they wake in the order they were added, none lost.
  @Test("children due at the same instant wake in the order they were added", arguments: [3, 300])
  func sameInstant(count: Int) async {
    let clock = Self.clock()
    let store = Self.sleepingChildren(count, interval: { _ in .seconds(1) }, clock: clock)
    store.exhaustivity = .off
    await store.send(0)
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state == Array(1...count))
    #expect(clock.sleepingCount == 0)
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("every child sleeps before time moves on, so each wakes at its own deadline")
  func ownDeadlines() async {
    let clock = Self.clock()
    // Child n sleeps 4 - n seconds: added first, due last.
    let store = Self.sleepingChildren(3, interval: { .seconds(4 - $0) }, clock: clock)
    await store.send(0)
    await clock.advance(by: .seconds(1))
    await store.receive(3) { $0 = [3] }
    await clock.advance(by: .seconds(1))
    await store.receive(2) { $0 = [3, 2] }
    await clock.advance(by: .seconds(1))
    await store.receive(1) { $0 = [3, 2, 1] }
    #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("children that sleep twice wake in turn at each deadline")
  func sleepTwice() async {
    let clock = Self.clock()
    let store = Self.sleepingChildren(
      2, sleeps: 2, interval: { .seconds($0) }, clock: clock)
    store.exhaustivity = .off
    await store.send(0)
    await clock.advance(by: .seconds(4))
    await store.skipReceivedActions()
    // Child 1 at 1 s and 2 s, child 2 at 2 s and 4 s; at 2 s, child 1 (added first) first.
    #expect(store.state == [1, 1, 2, 2])
    #expect(clock.sleepingCount == 0)
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("children that end without sleeping, or after one wake, do not hold time back")
  func endWithoutSleeping() async {
    let clock = Self.clock()
    let store = Self.recorder(start: "start") { send in
      try await withEffectTaskGroup(of: String.self) { group in
        group.addTask { "at once" }
        group.addTask {
          try await clock.sleep(for: .seconds(1))
          return "woken"
        }
        group.addTask {
          try await clock.sleep(for: .seconds(2))
          return "woken later"
        }
        while let result = try await group.next() { await send(result) }
      }
      await send("all done")
    }
    await store.send("start")
    await store.receive("at once") { $0 = ["at once"] }
    await clock.advance(by: .seconds(1))
    await store.receive("woken") { $0.append("woken") }
    await clock.advance(by: .seconds(1))
    await store.receive("woken later") { $0.append("woken later") }
    await store.receive("all done") { $0.append("all done") }
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("children of a nested group are followed as their parent's are")
  func nested() async {
    let clock = Self.clock()
    let store = Self.recorder(start: "start") { send in
      await withEffectTaskGroup(of: Void.self) { group in
        group.addTask {
          try await clock.sleep(for: .seconds(2))
          await send("outer")
        }
        group.addTask {
          await withEffectTaskGroup(of: Void.self) { inner in
            for seconds in 1...3 {
              inner.addTask {
                try await clock.sleep(for: .seconds(seconds))
                await send("inner \(seconds)")
              }
            }
          }
          await send("inner done")
        }
      }
    }
    store.exhaustivity = .off
    await store.send("start")
    await clock.advance(by: .seconds(2))
    await store.skipReceivedActions()
    // At 2 s, the outer child (added before the inner group's children) first.
    #expect(store.state == ["inner 1", "outer", "inner 2"])
    await clock.advance(by: .seconds(1))
    await store.skipReceivedActions()
    #expect(store.state == ["inner 1", "outer", "inner 2", "inner 3", "inner done"])
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("cancelling the effect while its children sleep ends them all and sends nothing")
  func cancelWhileAsleep() async {
    enum CancelID { case children }
    let clock = Self.clock()
    let store = TestStore(
      initialState: [],
      reducer: Reduce<[Int], Int> { state, action in
        switch action {
        case 0:
          return .run { send in
            await withEffectTaskGroup(of: Void.self) { group in
              for child in 1...100 {
                group.addTask {
                  try await clock.sleep(for: .seconds(child))
                  await send(child)
                }
              }
            }
            await send(-1)
          }
          .cancellable(id: CancelID.children)
        case -2:
          return .cancel(id: CancelID.children)
        default:
          state.append(action)
          return .none
        }
      })
    await store.send(0)
    await clock.advance()
    #expect(clock.sleepingCount == 100)
    await store.send(-2)
    await clock.run()
    #expect(clock.sleepingCount == 0)
    #expect(clock.now == TestClock.Instant())
    await store.finish()
    #expect(store.state == [])
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("a child its group cancelled sends nothing, and the effect goes on")
  func cancelledChildSendsNothing() async {
    let clock = Self.clock()
    let store = Self.recorder(start: "start") { send in
      await withEffectTaskGroup(of: Void.self) { group in
        group.addTask {
          try? await clock.sleep(for: .seconds(1))  // cancelled: returns at once
          await send("from a cancelled child")
        }
        group.cancelAll()
      }
      await send("done")
    }
    await store.send("start")
    await store.receive("done") { $0 = ["done"] }
    #expect(clock.sleepingCount == 0)
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("children waiting for Answers calls are answered one by one, in any order")
  func answeredChildren() async {
    let first = Answers<Int>()
    let second = Answers<Int>()
    let store = Self.recorder(start: 0) { send in
      try await withEffectTaskGroup(of: Int.self) { group in
        group.addTask { try await first.next() }
        group.addTask { try await second.next() }
        while let value = try await group.next() { await send(value) }
      }
    }
    await store.send(0)
    await second.answer(.success(2))
    await store.receive(2) { $0 = [2] }
    await first.answer(.success(1))
    await store.receive(1) { $0 = [2, 1] }
    await store.finish()
  }

  @Test("outside an effect it is a throwing task group")
  func outsideAnEffect() async throws {
    let (total, emptied) = try await withEffectTaskGroup(of: Int.self) { group in
      for value in 1...100 { group.addTask { value } }
      var total = 0
      while let value = try await group.next() { total += value }
      return (total, group.isEmpty)
    }
    #expect(total == 5050)
    #expect(emptied)
    await #expect(throws: CancellationError.self) {
      try await withEffectTaskGroup(of: Void.self) { group in
        group.addTask { throw CancellationError() }
        try await group.waitForAll()
      }
    }
  }

  /// The children a plain task group (`asyncLet` false) or `async let`s (true) start, each
  /// sleeping `child` seconds and then sending `child`.
  private static func plainChildren(asyncLet: Bool, clock: TestClock, send: Send<Int>) async {
    @Sendable func child(_ child: Int) async {
      try? await clock.sleep(for: .seconds(child))
      await send(child)
    }
    if asyncLet {
      async let first: Void = child(1)
      async let second: Void = child(2)
      _ = await (first, second)
    } else {
      await withTaskGroup(of: Void.self) { group in
        for number in 1...3 { group.addTask { await child(number) } }
      }
    }
  }

  @Test(
    "a plain task group's or an async let's child that sleeps on a test clock fails the test",
    arguments: [false, true])
  func plainChildrenFail(asyncLet: Bool) async {
    let clock = Self.clock()
    let runLine = #line + 1
    let store = Self.recorder(start: 0) { send in
      await Self.plainChildren(asyncLet: asyncLet, clock: clock, send: send)
    }
    store.exhaustivity = .off
    await withKnownIssue {
      await store.send(0)
      await clock.advance(by: .seconds(3))
    } matching: { issue in
      issue.sourceLocation?.line == Int(runLine)
        && issue.comments.contains {
          $0.rawValue.hasPrefix("A task inside the effect the `.run` at ")
            && $0.rawValue.contains(
              "To fix, start the children with `withEffectTaskGroup(of:)` instead of "
                + "`withTaskGroup`, `withThrowingTaskGroup` or `async let`")
        }
    }
    store.cancelAllEffects()
    await store.finish()
    #expect(clock.presumedBlockedCount == 0)
  }

  @Test("an effect waiting for its group is as ready as its readiest child")
  func phaseOfParent() {
    let registry = ActivityRegistry.shared
    let parent = EffectActivity()
    parent.park()
    let children = (0..<100).map { _ in EffectActivity(childOf: parent) }
    #expect(registry.phase(of: parent) == .ready)  // started, not run yet
    for child in children { child.didRun() }
    #expect(registry.phase(of: parent) == .running)
    for child in children { child.park() }
    #expect(registry.phase(of: parent) == .parked)
    children[42].markBusy()  // woken by the test
    #expect(registry.phase(of: parent) == .ready)
    for child in children { child.end() }
    #expect(registry.phase(of: parent) == .parked)
    #expect(parent.children.value.isEmpty)
    parent.end()
  }
}
