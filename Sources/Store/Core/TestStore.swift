/// A store for tests that makes you account for every state change, every action effects send
/// back, and every effect still running.
///
/// ```swift
/// let store = TestStore(initialState: ClockState(), reducer: ClockReducer(time: .constant(date)))
/// await store.send(.reload) { $0.isLoading = true }
/// await store.receive(.timeResponse(request: 1, .success(date))) {
///   $0.isLoading = false
///   $0.anchor = date
/// }
/// await store.finish()
/// ```
///
/// Each `send` and `receive` takes a closure that changes a copy of the old state into the state
/// you expect; if the reducer produced anything else, the failure shows a −/+ diff (− expected,
/// + actual). Failures go to the ``FailureReporter`` given at creation; the `StoreTesting`
/// module's `TestStore(initialState:reducer:)` reports to XCTest or Swift Testing.
@MainActor
public final class TestStore<State: Equatable, Action: Equatable & Sendable> {
  /// How strictly the store checks.
  public enum Exhaustivity: Sendable {
    /// Every change, received action and running effect must be asserted.
    case on
    /// Only what the assertions mention is checked: unmentioned state changes, skipped received
    /// actions and running effects are allowed. For integration tests.
    case off
  }

  /// The state after the last action handled.
  public private(set) var state: State
  /// Whether every change must be asserted.
  public var exhaustivity: Exhaustivity = .on
  /// How long `receive` and `finish` wait for effects before failing.
  public var timeout: Duration = .seconds(2)

  private let reducer: (inout State, Action) -> Effect<Action>
  private let report: FailureReporter
  private let executor: EffectExecutor<Action>
  private var received: [Action] = []
  private var waiters: [Waiter] = []

  /// Creates a test store. Every failure is passed to `reportFailure`.
  public init<R: Reducer>(
    initialState: State, reducer: R, reportFailure: @escaping FailureReporter
  ) where R.State == State, R.Action == Action {
    self.state = initialState
    self.reducer = reducer.reduce(into:action:)
    self.report = reportFailure
    self.executor = EffectExecutor()
    executor.deliver = { [weak self] action in
      guard let self else { return }
      self.received.append(action)
      self.wakeWaiters()
    }
    executor.didBecomeIdle = { [weak self] in self?.wakeWaiters() }
  }

  isolated deinit {
    guard exhaustivity == .on else { return }
    if !received.isEmpty {
      report(TestFailure(unhandledActionsMessage()))
    } else if executor.runningCount > 0 {
      report(TestFailure(Self.runningEffectsMessage(executor.runningCount)))
    }
  }

  /// Sends `action` and checks the state it produced against `updateExpected` applied to the old
  /// state. Omit the closure when the state must not change.
  @discardableResult
  public func send(
    _ action: Action,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async -> StoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    if exhaustivity == .on, !received.isEmpty {
      fail(
        "Must handle \(received.count) received action(s) before sending an action: \(dumpActions(received))",
        site)
    }
    return StoreTask(tasks: apply(action, updateExpected, site))
  }

  /// Waits for the next action an effect sends, checks that it is `expected`, reduces it and
  /// checks the state like ``send(_:fileID:filePath:line:column:assert:)``.
  public func receive(
    _ expected: Action,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    assert updateExpected: ((inout State) throws -> Void)? = nil
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    while true {
      guard await waitForAction() else {
        let running = executor.runningCount
        let why =
          running > 0
          ? "\(Self.runningEffectsMessage(running)) (waited \(timeout))"
          : "No effect is running, so none will arrive."
        fail(
          "Expected to receive an action, but received none. \(why)\n\n  \(dumpText(expected))",
          site)
        return
      }
      let action = received.removeFirst()
      if action == expected {
        apply(action, updateExpected, site)
        return
      }
      if exhaustivity == .on {
        fail(
          "Received unexpected action:\n\n"
            + lineDiff(expected: dumpLines(expected), actual: dumpLines(action))
            + "\n\n(Expected: \u{2212}, Received: +)", site)
        apply(action, nil, site, checked: false)
        return
      }
      apply(action, nil, site, checked: false)  // non-exhaustive: skip it, keep looking
    }
  }

  /// Waits for every effect to finish, then fails if any action went unreceived.
  public func finish(
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let idle = await waitForIdle()
    guard exhaustivity == .on else {
      executor.cancelAll()
      received = []
      return
    }
    if !idle {
      fail(Self.runningEffectsMessage(executor.runningCount) + " (waited \(timeout))", site)
      executor.cancelAll()
    }
    if !received.isEmpty {
      fail(unhandledActionsMessage(), site)
      received = []
    }
  }

  /// Drops actions received but not yet asserted, for tests that do not care about them.
  public func skipReceivedActions() {
    received = []
  }

  @discardableResult
  private func apply(
    _ action: Action, _ updateExpected: ((inout State) throws -> Void)?,
    _ site: CallSite, checked: Bool = true
  ) -> [Task<Void, Never>] {
    let before = state
    var actual = state
    let report = self.report
    let tasks = TestContext.$current.withValue(report) { () -> [Task<Void, Never>] in
      let effect = reducer(&actual, action)
      return effect.isNone ? [] : executor.start(effect)
    }
    state = actual
    guard checked else { return tasks }
    var expected = exhaustivity == .on ? before : actual
    do {
      try updateExpected?(&expected)
    } catch {
      fail("Threw error: \(error)", site)
    }
    if expected != actual {
      fail(
        "A state change does not match expectation:\n\n"
          + lineDiff(expected: dumpLines(expected), actual: dumpLines(actual))
          + "\n\n(Expected: \u{2212}, Actual: +)", site)
    } else if updateExpected != nil, exhaustivity == .on, before == actual {
      fail(
        "Expected state to change, but no change occurred.\n\nThe trailing closure made no "
          + "observable modifications to state. If no change to state is expected, omit the "
          + "trailing closure.", site)
    }
    return tasks
  }

  private func fail(_ message: String, _ site: CallSite) {
    report(
      TestFailure(
        message, fileID: site.fileID, filePath: site.filePath, line: site.line,
        column: site.column))
  }

  private func unhandledActionsMessage() -> String {
    "The store received \(received.count) unexpected action(s) after this one: \(dumpActions(received))"
      + "\n\nTo fix, assert them with `receive`, or call `skipReceivedActions()` if they do not matter."
  }

  private static func runningEffectsMessage(_ count: Int) -> String {
    "An effect returned for this action is still running (\(count) in all). It must complete "
      + "before the end of the test.\n\nTo fix, make the effect finish (complete a dependency "
      + "that is waiting, or send an action that cancels it), or await `finish()` for longer."
  }

  private func dumpActions(_ actions: [Action]) -> String {
    "\n" + actions.map { "  " + dumpLines($0).joined(separator: "\n  ") }.joined(separator: "\n")
  }

  /// Waits until an action has been received (true), or nothing is running or the timeout
  /// passed (false).
  private func waitForAction() async -> Bool {
    while received.isEmpty {
      if executor.runningCount == 0 { return false }
      if await !waitForChange() { return !received.isEmpty }
    }
    return true
  }

  private func waitForIdle() async -> Bool {
    while executor.runningCount > 0 {
      if await !waitForChange() { return executor.runningCount == 0 }
    }
    return true
  }

  /// Suspends until an action arrives or the executor goes idle (true), or the timeout (false).
  private func waitForChange() async -> Bool {
    let waiter = Waiter()
    waiters.append(waiter)
    let timer = Task { [timeout] in
      try? await Task.sleep(for: timeout)
      waiter.resume(false)
    }
    let changed = await waiter.wait()
    timer.cancel()
    waiters.removeAll { $0 === waiter }
    return changed
  }

  private func wakeWaiters() {
    for waiter in waiters { waiter.resume(true) }
  }
}

/// A one-shot continuation that may be resumed from several places; only the first counts.
@MainActor
private final class Waiter {
  private var continuation: CheckedContinuation<Bool, Never>?
  private var result: Bool?

  func wait() async -> Bool {
    if let result { return result }
    return await withCheckedContinuation { continuation = $0 }
  }

  func resume(_ value: Bool) {
    guard result == nil else { return }
    result = value
    continuation?.resume(returning: value)
    continuation = nil
  }
}

/// Where an assertion was written: the caller's `#fileID`, `#filePath`, `#line` and `#column`.
package struct CallSite: Sendable {
  package let fileID: String
  package let filePath: StaticString
  package let line: UInt
  package let column: UInt

  package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}
