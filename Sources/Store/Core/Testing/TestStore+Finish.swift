extension TestStore {
  /// Waits for every effect to finish, then fails if any is still running or any action went
  /// unasserted.
  ///
  /// ```swift
  /// await store.send(.reload) { $0.isLoading = true }
  /// await store.receive(.loaded(date)) { $0.isLoading = false }
  /// await store.finish()
  /// ```
  ///
  /// An effect is finished when its `run` closure has returned, which happens on the main actor
  /// right after its last synchronous step: one that has sent its last action and returns at
  /// once is never counted as running. Effects skipped with
  /// ``skipInFlightEffects(strict:fileID:filePath:line:column:)`` are not waited for. With
  /// ``Exhaustivity/off``, nothing fails: what still runs after `timeout` is cancelled.
  public func finish(
    timeout: Duration? = nil, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let limit = timeout ?? self.timeout
    if heldEffects != nil { await letReadyEffectsRun() }  // held effects start, in order
    let idle = await waitUntil(limit) { $0.inFlight.isEmpty }
    guard exhaustivity == .on else {
      cancelUnskipped()
      acceptReceived()
      return
    }
    if !idle {
      // Each at its own `.run`, `debounce` or `throttle`: the line to fix.
      for effect in inFlight {
        fail(
          TestStoreMessages.stillRunningAtFinish(
            at: effect.site, startedBy: effect.origin, finish: site, waited: limit),
          effect.site ?? effect.origin ?? site)
      }
      cancelUnskipped()
    }
    if !received.isEmpty {
      fail(TestStoreMessages.unhandledActions(received.map(\.action)), site)
      acceptReceived()
    }
    lastSite = site
  }

  /// Accepts every action received but not asserted yet: the state moves on to the state the
  /// last of them produced. Effects that are ready to send — started, answered, or woken by a
  /// test clock — send first (see ``TestStore``, "Effects that are ready").
  ///
  /// ```swift
  /// await store.send(.refresh)
  /// await store.skipReceivedActions()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: when true, having no action to skip is a failure.
  ///   - fileID: where a failure is reported; the caller's by default.
  ///   - filePath: where a failure is reported; the caller's by default.
  ///   - line: where a failure is reported; the caller's by default.
  ///   - column: where a failure is reported; the caller's by default.
  public func skipReceivedActions(
    strict: Bool = true, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    lastSite = site
    await letReadyEffectsRun()
    guard !received.isEmpty else {
      if strict { fail("There were no received actions to skip.", site) }
      return
    }
    acceptReceived()
  }

  /// Handles every received action: the state moves on to what the last of them produced
  /// (unless a later `send` overtook them all).
  func acceptReceived() {
    if let last = received.last(where: { !$0.isOvertaken }) { state = last.after }
    received = []
  }

  /// Lets every effect running now go on without having to finish by the end of the test. They
  /// are not cancelled: what they send is still received and must still be asserted.
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.skipInFlightEffects()
  /// ```
  ///
  /// - Parameters:
  ///   - strict: when true, having no effect to skip is a failure.
  ///   - fileID: where a failure is reported; the caller's by default.
  ///   - filePath: where a failure is reported; the caller's by default.
  ///   - line: where a failure is reported; the caller's by default.
  ///   - column: where a failure is reported; the caller's by default.
  public func skipInFlightEffects(
    strict: Bool = true, fileID: String = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    lastSite = site
    let running = inFlight
    if running.isEmpty, strict { fail("There were no in-flight effects to skip.", site) }
    for token in running { token.isSkipped = true }
    updateLedger()
  }

  /// The effect tasks that must finish by the end of the test.
  var inFlight: [EffectToken] {
    core.executor.liveTasks.filter { !$0.isSkipped }
  }

  /// Cancels every effect not skipped, concatenations with their running part, so that none
  /// moves on to its next part.
  func cancelUnskipped() {
    core.executor.cancel(core.executor.liveEffects.filter { !$0.isSkipped })
  }

  /// Copies the effects that must finish by the end of the test into the ledger.
  func updateLedger() {
    // A held effect's task is created only when it starts.
    let holds = heldEffects != nil
    let running = inFlight.map {
      (origin: $0.origin, site: $0.site, isHeld: holds && $0.task == nil)
    }
    ledger.withLock { $0.inFlight = running }
  }

  // MARK: Waiting

  /// Waits until an action has been received (true), or nothing that could send one is
  /// running, or `timeout` passed (false).
  func waitForAction() async -> Bool {
    await waitUntil(timeout) { !$0.received.isEmpty || $0.core.executor.runningCount == 0 }
      && !received.isEmpty
  }

  /// Waits until `isDone` holds (true) or `limit` passed (false), waking at each action an
  /// effect sends and each time the effects go idle.
  func waitUntil(_ limit: Duration, _ isDone: (TestStore) -> Bool) async -> Bool {
    if isDone(self) { return true }
    let deadline = ContinuousClock.now.advanced(by: limit)
    while !isDone(self) {
      let remaining = ContinuousClock.now.duration(to: deadline)
      if remaining <= .zero { return false }
      await waitForChange(remaining)
    }
    return true
  }

  /// Suspends until an action arrives, an effect finishes and the executor goes idle, or
  /// `limit` passes.
  private func waitForChange(_ limit: Duration) async {
    let waiter = Waiter()
    waiters.append(waiter)
    // A watchdog, not a synchronisation: it only ends a wait that nothing else ended.
    let timer = Task {
      try? await Task.sleep(for: limit)
      waiter.resume()
    }
    await waiter.wait()
    timer.cancel()
    waiters.removeAll { $0 === waiter }
  }

  func wakeWaiters() {
    for waiter in waiters { waiter.resume() }
  }

}

/// A one-shot continuation that may be resumed from several places; only the first counts.
@MainActor
final class Waiter {
  private var continuation: CheckedContinuation<Void, Never>?
  private var isResumed = false

  func wait() async {
    if isResumed { return }
    await withCheckedContinuation { continuation = $0 }
  }

  func resume() {
    guard !isResumed else { return }
    isResumed = true
    continuation?.resume()
    continuation = nil
  }
}

/// What the end-of-test check reads when a ``TestStore`` goes away: actions not asserted, effects
/// still running and where the last assertion was.
struct EndOfTestLedger<Action: Sendable>: Sendable {
  var received: [Action] = []
  /// Each with whether it is still held (``TestStore/EffectStarts/held``), never started.
  var inFlight: [(origin: CallSite?, site: CallSite?, isHeld: Bool)] = []
  var lastSite: CallSite?
  var isExhaustive = true

  /// The failures to report: unasserted actions at the last assertion, then each effect still
  /// running at its own `.run`, `debounce` or `throttle` line.
  func failures() -> [TestFailure] {
    guard isExhaustive else { return [] }
    var failures: [TestFailure] = []
    if !received.isEmpty, let lastSite {
      failures.append(lastSite.failure(TestStoreMessages.unhandledActions(received)))
    }
    for effect in inFlight {
      guard let place = effect.site ?? effect.origin ?? lastSite else { continue }
      failures.append(
        place.failure(
          effect.isHeld
            ? TestStoreMessages.stillHeld(at: effect.site, startedBy: effect.origin)
            : TestStoreMessages.stillRunning(at: effect.site, startedBy: effect.origin)))
    }
    return failures
  }
}
