import Store
import Testing

/// A clock whose time moves only when the test says, for testing effects that sleep, debounce or
/// throttle without waiting for real time.
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: Search.State(), reducer: Search(clock: clock))
/// await store.send(.queryChanged("sw")) { $0.query = "sw" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(.results(["swift"])) { $0.results = ["swift"] }
/// ```
///
/// `advance` wakes the sleepers that became due one at a time, earliest deadline first (those
/// due at the same instant in the order their effects were started), with ``now`` set to each one's
/// deadline. Before it wakes the next, it lets the effect it woke — and every effect started
/// meanwhile — run until it sleeps on a test clock again or finishes, so every run of a test
/// sees the same order and the same times. (The same wait happens before the first wake, for
/// effects started just before `advance`.) An effect waiting for an ``Answers`` call is parked
/// like a sleeper: `advance` does not wait for it. One that neither sleeps, waits for an answer,
/// nor finishes, because it waits for something no test controls (a stream, a network call),
/// holds `advance` back for at most ``settleTimeout`` (5 s) the first time — and until the main
/// actor and the pool have each taken turns without it moving — after that it no longer counts.
/// An effect whose task has not even started yet — a loaded machine — is waited for however
/// long, and so is one still on its way between the main actor and the pool. The children of a
/// `withEffectTaskGroup` inside an effect are followed one by one, as effects are (ties in the
/// order they were added); a child of a plain task group (or an `async let`) that sleeps here
/// fails the test, saying to use `withEffectTaskGroup` instead. So
/// does a `Task {}` an effect started, whether it sleeps while the effect runs or after it
/// ended: the verdict does not depend on which came first.
public final class TestClock: Clock, Sendable {
  /// A moment on a test clock: how long after the clock's start (the instant type of
  /// `AnyClock`, which counts the same way).
  ///
  /// ```swift
  /// let later = clock.now.advanced(by: .seconds(5))
  /// ```
  public typealias Instant = AnyClock.Instant

  private struct Sleeper {
    let number: UInt64
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
    let activity: EffectActivity?

    /// Wakes before `other`: earlier deadline; at the same deadline, the effect started first;
    /// then the one that went to sleep first.
    func wakesBefore(_ other: Sleeper) -> Bool {
      if deadline != other.deadline { return deadline < other.deadline }
      let order = activity?.order ?? .max
      let otherOrder = other.activity?.order ?? .max
      if order != otherOrder { return order < otherOrder }
      return number < other.number
    }
  }

  private struct Inner {
    var now: Instant
    var sleepers: [Sleeper] = []
    var nextNumber: UInt64 = 0
    /// Sleeps cancelled before they were registered.
    var cancelledEarly: Set<UInt64> = []
    var settleTimeout: Duration = .seconds(5)
    /// How many effects `advance` stopped waiting for after `settleTimeout` (see
    /// ``presumedBlockedCount``).
    var presumedBlocked = 0
    /// The sleepers `wakeFirst` asked the next `advance` to wake first, in order.
    var wakePlans: [WakePlan] = []
    /// The held effects `runFirst` asked the next `advance` to start first, in order.
    var startPlans: [WakePlan] = []
    var reportFailure: FailureReporter = reportToTestFramework
  }

  /// Of `count` sleepers due at the same instant (or held effects ready together), wake (or
  /// start) the one at `index`, written at `effect`, first: where `wakeFirst` (or `runFirst`)
  /// was called, for its failure.
  struct WakePlan {
    let effect: String
    let index: Int
    let count: Int
    let site: CallSite

    init(_ effect: String, _ index: Int, _ count: Int, _ site: CallSite) {
      (self.effect, self.index, self.count, self.site) = (effect, index, count, site)
    }
  }

  private let inner: Locked<Inner>

  /// A clock at `now`, by default its start.
  ///
  /// ```swift
  /// let clock = TestClock()
  /// ```
  public init(now: Instant = Instant()) {
    inner = Locked(Inner(now: now))
    installTestTracking()
  }

  /// The time now: where the last `advance` left it, or the deadline of the sleeper it is waking.
  ///
  /// ```swift
  /// let deadline = clock.now.advanced(by: .seconds(1))
  /// ```
  public var now: Instant { inner.value.now }

  /// A test clock can measure any duration.
  ///
  /// ```swift
  /// clock.minimumResolution   // .zero
  /// ```
  public var minimumResolution: Duration { .zero }

  /// How long `advance` waits, at most, for an effect that is neither sleeping nor finished.
  ///
  /// ```swift
  /// clock.settleTimeout = .milliseconds(200)
  /// ```
  public var settleTimeout: Duration {
    get { inner.value.settleTimeout }
    set { inner.withLock { $0.settleTimeout = newValue } }
  }

  /// How many effects this clock's `advance`s have stopped waiting for because they stayed busy
  /// for ``settleTimeout`` — presumed to wait for something no test controls. A test that knows
  /// every effect sleeps, waits for an answer or ends checks that this stays 0: a clock that
  /// waited for an effect it should not have fails then, within one `settleTimeout`, instead of
  /// passing late.
  package var presumedBlockedCount: Int { inner.value.presumedBlocked }

  /// Where this clock's failures go: the running test's framework, unless a test of the clock
  /// itself collects them.
  package var reportFailure: FailureReporter {
    get { inner.value.reportFailure }
    set { inner.withLock { $0.reportFailure = newValue } }
  }

  /// How many tasks are sleeping on this clock.
  ///
  /// ```swift
  /// #expect(clock.sleepingCount == 1)
  /// ```
  public var sleepingCount: Int { inner.value.sleepers.count }

  /// The deadline of the sleeper due first, if anything sleeps on this clock.
  var nextDeadline: Instant? { inner.value.sleepers.map(\.deadline).min() }

  /// Suspends until `advance` reaches `deadline`; returns at once if it has been reached.
  /// Throws `CancellationError` if the task is cancelled first.
  ///
  /// ```swift
  /// try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
  /// ```
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    // Decided first, so that whether a task inside an effect may sleep here depends neither on
    // the time nor on cancellation (see `EffectActivity.toPark`).
    let wait = EffectActivity.toPark(reporting: reportFailure)
    let number = inner.withLock { state -> UInt64? in
      guard state.now < deadline, !Task.isCancelled else { return nil }
      state.nextNumber += 1
      return state.nextNumber
    }
    guard let number else {
      wait.begun()
      try Task.checkCancellation()
      return
    }
    let activity = wait.activity
    defer { activity?.didRun() }  // woken (or cancelled): its code runs again
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelled = inner.withLock { state -> Bool in
          if state.cancelledEarly.remove(number) != nil { return true }
          state.sleepers.append(
            Sleeper(
              number: number, deadline: deadline, continuation: continuation, activity: activity))
          // Parked under the lock, so that `advance`, which takes the sleeper under it, always
          // marks the effect busy after this.
          activity?.park()
          return false
        }
        wait.begun()  // a misuse is reported once the sleeper is there to be woken
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      let sleeper = inner.withLock { state -> Sleeper? in
        guard let index = state.sleepers.firstIndex(where: { $0.number == number }) else {
          state.cancelledEarly.insert(number)
          return nil
        }
        return state.sleepers.remove(at: index)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Has the next `advance` wake, of the `count` sleepers due at the same instant, the one at
  /// `index` (0: the one whose effect started first) first, instead of the one whose effect
  /// started first; it must be written at `effect`, the end of its file and line (and,
  /// optionally, column) cut at a `/`. Each call plans one such choice, in order: this is how
  /// the test an `EffectProperty` prints says which sleeper it woke first. A plan the next
  /// `advance` finds no such sleepers for fails the test at this call's line.
  ///
  /// ```swift
  /// clock.wakeFirst("Alarms.swift:21", index: 1, of: 2)  // the alarm set second rings first
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func wakeFirst(
    _ effect: String, index: Int, of count: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    inner.withLock { $0.wakePlans.append(WakePlan(effect, index, count, site)) }
  }

  /// Moves time forward by `duration`, waking every sleeper that becomes due, in order.
  ///
  /// ```swift
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: duration))
  }

  /// Moves time forward to `deadline`, waking every sleeper due by then, in order. Does nothing
  /// to a clock already past `deadline`.
  ///
  /// ```swift
  /// await clock.advance(to: TestClock.Instant(offset: .seconds(10)))
  /// ```
  public func advance(to deadline: Instant) async {
    let scope = ActivityRegistry.shared.scopeOfCurrentTask()
    let limit = settleTimeout
    // Effects held before the move start in start order: `runFirst` plans are for those that
    // become ready during it.
    var blocked = await ActivityRegistry.shared.settle(scope: scope, within: limit)
    let choose: ActivityRegistry.HeldChooser = { [self] sites in takeStartPlan(sites) }
    while let next = takeSleeper(dueBy: deadline) {
      next.activity?.markBusy()
      next.continuation.resume()
      blocked += await ActivityRegistry.shared.settle(scope: scope, within: limit, choosing: choose)
    }
    if blocked > 0 { inner.withLock { $0.presumedBlocked += blocked } }
    let (unused, unusedStarts) = inner.withLock { state in
      state.now = max(state.now, deadline)
      defer {
        state.wakePlans = []
        state.startPlans = []
      }
      return (state.wakePlans, state.startPlans)
    }
    for plan in unusedStarts {
      reportFailure(plan.site.failure(Self.unusedStartPlan(plan, deadline)))
    }
    for plan in unused {
      reportFailure(
        plan.site.failure(
          "wakeFirst(\"\(plan.effect)\", index: \(plan.index), of: \(plan.count)) found no "
            + "\(plan.count) sleepers due at the same instant, the one at index \(plan.index) "
            + "written at \(plan.effect), in the advance to \(deadline). To fix, advance to the "
            + "instant they are due together, after sending the actions whose effects sleep."))
    }
  }

  /// Has the next `advance`, of the `count` effects held together once a sleeper it woke has
  /// run (a `TestStore` whose `effectStarts` is `.held`), start the one at `index`
  /// (0: the one started first) first, instead of the one started first; it must be written at
  /// `effect`, the end of its file and line (and, optionally, column) cut at a `/`. Each call
  /// plans one such choice, in order; a plan applies the first time during the advance that
  /// `count` effects are held and the one at `index` is written at `effect`. This is how the
  /// test an `EffectProperty` prints says which effect it started first during a clock move,
  /// before any statement after the move could name it (with `index: 0` for an earlier choice
  /// left in start order that the next plan would fit too). A plan the next `advance` finds no
  /// such effects for fails the test at this call's line.
  ///
  /// ```swift
  /// store.effectStarts = .held
  /// await store.send(.launch)                         // a timer that sends .apply in a second
  /// clock.runFirst("Themes.swift:31", index: 1, of: 2)  // .apply's second effect runs first
  /// await clock.advance(by: .seconds(1))
  /// ```
  public func runFirst(
    _ effect: String, index: Int, of count: Int, fileID: String = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    inner.withLock { $0.startPlans.append(WakePlan(effect, index, count, site)) }
  }

  /// Of the held effects written at `sites`, the index the first `runFirst` plan names if it
  /// fits them (and the plan goes), else 0. Bound: O(1).
  private func takeStartPlan(_ sites: [CallSite?]) -> Int {
    inner.withLock { state in
      guard let plan = state.startPlans.first, plan.count == sites.count,
        sites.indices.contains(plan.index), sites[plan.index]?.isNamed(by: plan.effect) == true
      else { return 0 }
      state.startPlans.removeFirst()
      return plan.index
    }
  }

  /// The failure of a `runFirst` plan the advance to `deadline` did not use.
  static func unusedStartPlan(_ plan: WakePlan, _ deadline: Instant) -> String {
    "clock.runFirst(\"\(plan.effect)\", index: \(plan.index), of: \(plan.count)) found no "
      + "\(plan.count) held effects ready together, the one at index \(plan.index) written at "
      + "\(plan.effect), in the advance to \(deadline). To fix, set `store.effectStarts = .held` "
      + "before sending the actions, and advance past the instant the effect whose action "
      + "starts them wakes."
  }

  /// Removes the sleeper due first by `deadline`, setting `now` to its deadline: of those due
  /// at the same instant, the one the first plan of `wakeFirst` names if it fits them (and the
  /// plan goes), else the one whose effect started first. Bound: O(s log s) for s sleepers.
  private func takeSleeper(dueBy deadline: Instant) -> Sleeper? {
    inner.withLock { state in
      let sleepers = state.sleepers
      let due = sleepers.indices.filter { sleepers[$0].deadline <= deadline }
      guard let earliest = due.map({ sleepers[$0].deadline }).min() else { return nil }
      let together = due.filter { sleepers[$0].deadline == earliest }
        .sorted { sleepers[$0].wakesBefore(sleepers[$1]) }
      var chosen = together[0]
      if let plan = state.wakePlans.first, plan.count == together.count,
        together.indices.contains(plan.index),
        sleepers[together[plan.index]].activity?.site?.isNamed(by: plan.effect) == true
      {
        chosen = together[plan.index]
        state.wakePlans.removeFirst()
      }
      let sleeper = state.sleepers.remove(at: chosen)
      state.now = max(state.now, sleeper.deadline)
      return sleeper
    }
  }
}

/// Installs the test machinery's hook (see `EffectTracking`): from now on the process's effects
/// are followed for test clocks and test stores, and told apart by the Swift Testing test that
/// started them, so that one test's clock does not wait for another test's effects. What every
/// part of StoreTesting that waits for effects calls when it is made.
func installTestTracking() {
  ActivityRegistry.shared.provideScopes {
    Test.current.map { String(describing: $0.id) }
  }
  EffectTracking.install()
}
