import Store
import StoreTesting
import TestSupport
import Testing

/// A `Task {}` an effect starts is not followed by a test clock, and one that sleeps on it is
/// reported at the effect's `.run` — the same verdict whether it gets to its sleep while the
/// effect still runs or after the effect has ended. Each order is forced with gates, never by
/// timing. (The time limit only ends a run that waits for a report that never comes.)
@MainActor
@Suite("A Task an effect starts that sleeps on a test clock", .timeLimit(.minutes(10)))
struct UnstructuredTaskTests {
  enum Action: Equatable, Sendable { case start, ended }

  /// When the escaping tasks reach their sleep: while their effect waits at a gate, or once it
  /// has finished.
  enum Order: String, CaseIterable, Sendable { case whileEffectRuns, afterEffectEnded }

  /// What one run saw: the clock's reports, the `.run`'s line, how many slept when the first
  /// report came.
  struct Outcome {
    let reports: [TestFailure]
    let runLine: UInt
    let sleepingAtFirstReport: Int
  }

  /// An effect that starts `count` tasks, each sleeping a second on `clock`, reaching their
  /// sleep in `order`; returns once every task has ended (cancelled by the test).
  private static func escapingSleeps(_ order: Order, count: Int) async -> Outcome {
    let clock = TestClock()
    let (reports, reported) = AsyncStream.makeStream(of: TestFailure.self)
    let collected = Locked<[TestFailure]>([])
    let sleepingAtReport = Locked<Int?>(nil)
    clock.reportFailure = { [weak clock] failure in
      // Read as the report is made: the sleeper that is reported is already there.
      sleepingAtReport.withLock { $0 = $0 ?? clock?.sleepingCount }
      collected.withLock { $0.append(failure) }
      reported.yield(failure)
    }
    let effectMayEnd = Gate()
    let tasksMaySleep = Gate()
    let tasks = Locked<[Task<Void, Never>]>([])
    let storeFailures = FailureLog()
    let runLine = UInt(#line + 6)
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        guard action == .start else { return .none }
        let whileRunning = order == .whileEffectRuns
        return .run { send in
          for _ in 0..<count {
            let task = Task {
              if !whileRunning { await tasksMaySleep.wait() }
              try? await clock.sleep(for: .seconds(1))
            }
            tasks.withLock { $0.append(task) }
          }
          if whileRunning { await effectMayEnd.wait() }
          await send(.ended)
        }
      }, reportFailure: storeFailures.reporter)
    var next = reports.makeAsyncIterator()
    await store.send(.start)
    let first: TestFailure?
    switch order {
    case .whileEffectRuns:
      await effectMayEnd.someoneArrived()  // every task started, the effect waits
      first = await next.next()  // a task reached its sleep: the effect is still at the gate
      await effectMayEnd.open()
      await store.receive(.ended)
      await store.finish()
    case .afterEffectEnded:
      await store.receive(.ended)
      await store.finish()  // the effect has ended; no task has reached its sleep
      #expect(collected.value.isEmpty)
      await tasksMaySleep.open()
      first = await next.next()
    }
    for task in tasks.value {
      task.cancel()
      await task.value  // each has called `sleep` (and returned, cancelled): all have been judged
    }
    reported.finish()
    #expect(first != nil)
    #expect(storeFailures.messages == [])
    return Outcome(
      reports: collected.value, runLine: runLine,
      sleepingAtFirstReport: sleepingAtReport.value ?? 0)
  }

  @Test(
    "it is reported once, at the effect's .run, whether it sleeps before or after the effect ends",
    arguments: Order.allCases, [1, 100])
  func reportedInEitherOrder(order: Order, count: Int) async {
    let outcome = await Self.escapingSleeps(order, count: count)
    #expect(outcome.reports.count == 1)
    let report = outcome.reports.first
    #expect(report?.fileID == "StoreTests/UnstructuredTaskTests.swift")
    #expect(report?.line == outcome.runLine)
    let site = report.map { "\($0.fileID):\($0.line):\($0.column)" } ?? "?"
    #expect(
      report?.message
        == "A task inside the effect the `.run` at \(site) that is not the effect's own slept "
        + "on a test clock (or called an `Answers` dependency), which only the effect's task and "
        + "the children of its `withEffectTaskGroup` may do: the test does not follow other "
        + "tasks, so it cannot tell when they wait and would move time on before they sleep. To "
        + "fix, start the children with `withEffectTaskGroup(of:)` instead of `withTaskGroup`, "
        + "`withThrowingTaskGroup` or `async let`: it gives each child its own place in the "
        + "clock's order. For a `Task {}` the effect starts, await its work in the effect "
        + "instead (such a task is reported even if the effect has ended by then).")
    // Reported once its sleep is registered, so that a clock move after the report wakes it.
    #expect(outcome.sleepingAtFirstReport >= 1)
  }

  @Test("both orders give the same report, word for word")
  func sameVerdict() async {
    let running = await Self.escapingSleeps(.whileEffectRuns, count: 1)
    let ended = await Self.escapingSleeps(.afterEffectEnded, count: 1)
    #expect(running.reports.map(\.message) == ended.reports.map(\.message))
    #expect(running.reports.count == 1)
  }

  @Test("a task cancelled before it sleeps is reported all the same")
  func cancelledFirst() async {
    let clock = TestClock()
    let reports = Locked<[String]>([])
    let storeFailures = FailureLog()
    clock.reportFailure = { failure in reports.withLock { $0.append(failure.message) } }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        guard action == .start else { return .none }
        return .run { send in
          let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (try? await clock.sleep(for: .seconds(1))) == nil ? "cancelled" : "slept"
          }
          #expect(await task.value == "cancelled")
          await send(.ended)
        }
      }, reportFailure: storeFailures.reporter)
    await store.send(.start)
    await store.receive(.ended)
    await store.finish()
    #expect(storeFailures.messages == [])
    #expect(reports.value.count == 1)
    #expect(reports.value.first?.hasPrefix("A task inside the effect the `.run` at ") == true)
    #expect(clock.sleepingCount == 0)
  }

  @Test("one that calls an Answers dependency after its effect ended fails the test at the .run")
  func answersAfterTheEffectEnded() async {
    let answers = Answers<Int>()
    let mayCall = Gate()
    let called = Locked<Task<Int?, Never>?>(nil)
    let runLine = #line + 5
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        guard action == .start else { return .none }
        return .run { send in
          called.withLock { task in
            task = Task {
              await mayCall.wait()
              return try? await answers.next()
            }
          }
          await send(.ended)
        }
      })
    await withKnownIssue {
      await store.send(.start)
      await store.receive(.ended)
      await store.finish()
      await mayCall.open()
      await answers.answer(.success(7))  // once the call waits
      #expect(await called.value?.value == 7)  // reported before the call returned
    } matching: { issue in
      issue.sourceLocation?.fileID == "StoreTests/UnstructuredTaskTests.swift"
        && issue.sourceLocation?.line == runLine
        && issue.comments.contains {
          $0.rawValue.hasPrefix("A task inside the effect the `.run` at ")
            && $0.rawValue.hasSuffix(
              "(such a task is reported even if the effect has ended by then).")
        }
    }
  }
}
