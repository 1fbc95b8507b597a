import Store

/// A dependency whose calls wait until the test answers them, oldest call first: the test
/// decides what a server, a clock or a database says, and when.
///
/// ```swift
/// let times = Answers<Date>()
/// let store = TestStore(initialState: ClockState(timeZone: .gmt), reducer: ClockReducer()) {
///   $0.time = TimeClient { try await times.next() }
/// }
/// await store.send(.reload) { $0.isLoading = true; $0.request = 1 }
/// await times.answer(.success(now))   // the reload's call returns `now`
/// await store.receive(.timeResponse(request: 1, .success(now))) { … }
/// ```
///
/// A call whose task is cancelled while it waits stops waiting (it throws `CancellationError`)
/// and is never answered, so answers always go to calls still in flight: a test written from a
/// recorded session answers exactly the requests the session saw answered.
///
/// An effect waiting for an answer is *parked*, as one sleeping on a ``TestClock`` is: only the
/// test can move it on, so `TestClock.advance` does not wait for it, and once answered it is
/// ready, so `TestStore.skipReceivedActions()` and `receive` let it send first.
public final class Answers<Value: Sendable>: Sendable {
  private struct Waiting: Sendable {
    /// Calls not yet answered, oldest first.
    var calls:
      [(
        id: UInt64, continuation: CheckedContinuation<Value, any Error>, activity: EffectActivity?
      )] = []
    /// Calls cancelled before they began to wait.
    var cancelled: Set<UInt64> = []
    /// `answer`s waiting for a call to be made.
    var answerers: [CheckedContinuation<Void, Never>] = []
    var nextID: UInt64 = 0
  }

  private let waiting = Locked(Waiting())
  private let timeout: Duration

  /// Answers whose `answer` waits at most `timeout` for a call to be made. The default is long
  /// (60 s) because it bounds only a failure: a call made in time ends the wait at once, and
  /// under the thread sanitizer on two cores an effect can wait over 10 s for a thread.
  public init(timeout: Duration = .seconds(60)) {
    self.timeout = timeout
    installTestTracking()
  }

  /// Calls still waiting when the test lets go of its answers end with `CancellationError`, as
  /// the effect that made them would when the store goes away.
  deinit {
    let calls = waiting.withLock { state in
      defer { state.calls = [] }
      return state.calls
    }
    for call in calls {
      call.activity?.markBusy()
      call.continuation.resume(throwing: CancellationError())
    }
  }

  /// How many calls are waiting for an answer.
  public var waitingCalls: Int { waiting.value.calls.count }

  /// The dependency's side: waits until the test answers this call, and returns or throws what
  /// it was answered with.
  public func next() async throws -> Value {
    let id = waiting.withLock { state -> UInt64 in
      state.nextID += 1
      return state.nextID
    }
    let wait = EffectActivity.toPark(reporting: reportToTestFramework)
    let activity = wait.activity
    defer { activity?.didRun() }  // answered (or cancelled): its code runs again
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let answerers = waiting.withLock { state -> [CheckedContinuation<Void, Never>] in
          if state.cancelled.remove(id) != nil {
            continuation.resume(throwing: CancellationError())
            return []
          }
          state.calls.append((id, continuation, activity))
          // Parked under the lock, so that an answer, which takes the call under it, always
          // marks the effect busy after this.
          activity?.park()
          defer { state.answerers = [] }
          return state.answerers
        }
        wait.begun()  // a misuse is reported once the call is there to be answered
        for answerer in answerers { answerer.resume() }
      }
    } onCancel: {
      let call = waiting.withLock { state -> CheckedContinuation<Value, any Error>? in
        guard let index = state.calls.firstIndex(where: { $0.id == id }) else {
          state.cancelled.insert(id)
          return nil
        }
        return state.calls.remove(at: index).continuation
      }
      if call != nil { activity?.markBusy() }
      call?.resume(throwing: CancellationError())
    }
  }

  /// The test's side: answers the oldest call still waiting with `result`, first waiting for a
  /// call to be made if none is — starting, in the order they started, the effects a `TestStore`
  /// holds (`effectStarts = .held`), as the call may be theirs. A call that never comes fails
  /// the test at the caller's line.
  public func answer(
    _ result: Result<Value, any Error>, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    let deadline = ContinuousClock.now + timeout
    let registry = ActivityRegistry.shared
    let scope = registry.scopeOfCurrentTask()
    var settled = false
    while true {
      let call = waiting.withLock { state in
        state.calls.isEmpty ? nil : state.calls.removeFirst()
      }
      if let call {
        call.activity?.markBusy()  // ready: a clock or a `TestStore` lets it run before going on
        call.continuation.resume(with: result)
        return
      }
      // No call yet: held effects (a `TestStore` with `effectStarts = .held`) start, in order,
      // as the call may be theirs. Once a wait, so that a call that never comes fails in time.
      if !settled, registry.holdsEffects(scope: scope) {
        settled = true
        await registry.settle(scope: scope, within: timeout)
        continue
      }
      guard ContinuousClock.now < deadline else {
        reportToTestFramework(
          TestFailure(
            "Answers<\(Value.self)>.answer found no call to answer within \(timeout). To fix, "
              + "make sure the effect that calls this dependency has been started (send its "
              + "action first) and was not cancelled.",
            fileID: fileID, filePath: filePath, line: line, column: column))
        return
      }
      await waitForCall(until: deadline)
      settled = false
    }
  }

  /// The test's side: answers waiting call number `call` with `result` — 0 is the oldest, by
  /// the order the effects that made the calls started, then the order each made them — once
  /// the effects the test has set going have run until they wait. This is how the `TestStore`
  /// test an `EffectProperty` prints answers calls out of order. A call that is not there fails
  /// the test at the caller's line.
  ///
  /// ```swift
  /// await store.send(.search("a"))
  /// await store.send(.search("b"))
  /// await search.answer(call: 1, .success(["b"]))   // the second request answers first
  /// ```
  public func answer(
    call: Int, _ result: Result<Value, any Error>, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async {
    await ActivityRegistry.shared.settle(
      scope: ActivityRegistry.shared.scopeOfCurrentTask(), within: timeout)
    let taken = waiting.withLock { state in
      let order = state.calls.indices.sorted {
        (state.calls[$0].activity?.order ?? .max, state.calls[$0].id)
          < (state.calls[$1].activity?.order ?? .max, state.calls[$1].id)
      }
      return call >= 0 && call < order.count ? state.calls.remove(at: order[call]) : nil
    }
    guard let taken else {
      reportToTestFramework(
        TestFailure(
          "Answers<\(Value.self)>.answer(call: \(call)) found \(waitingCalls) waiting call"
            + "\(waitingCalls == 1 ? "" : "s"). To fix, send the actions whose effects make the "
            + "call first, and count calls from 0, the oldest.",
          fileID: fileID, filePath: filePath, line: line, column: column))
      return
    }
    taken.activity?.markBusy()
    taken.continuation.resume(with: result)
  }

  /// Suspends until a call is made or `deadline` passes.
  private func waitForCall(until deadline: ContinuousClock.Instant) async {
    let timer = Task { [waiting] in
      try? await Task.sleep(until: deadline)
      if Task.isCancelled { return }  // a call came first
      let answerers = waiting.withLock { state in
        defer { state.answerers = [] }
        return state.answerers
      }
      for answerer in answerers { answerer.resume() }
    }
    await withCheckedContinuation { continuation in
      let callWaiting = waiting.withLock { state in
        if state.calls.isEmpty { state.answerers.append(continuation) }
        return !state.calls.isEmpty
      }
      if callWaiting { continuation.resume() }
    }
    timer.cancel()
  }
}
