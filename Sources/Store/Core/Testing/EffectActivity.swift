/// One running effect task, as a test clock sees it: busy, or parked.
///
/// A test clock must not move time on while an effect that may be about to sleep on it is still
/// on its way there: an effect that has just started, or that the clock has just woken, is
/// *busy* until it *parks* — sleeps on a test clock, finishes or is cancelled. The executor
/// creates an activity busy for each effect task and parks it when the task ends; a test clock
/// parks it when it sleeps and marks it busy when it wakes it. ``ActivityRegistry/settle(scope:within:)``
/// waits until no activity of one test is busy.
///
/// ```swift
/// let activity = EffectActivity()            // busy from the start
/// await ActivityRegistry.shared.settle(scope: nil, within: .seconds(1))
/// ```
package final class EffectActivity: Sendable {
  /// The activity of the effect task running now, if any.
  @TaskLocal package static var current: EffectActivity?

  /// The test this activity belongs to (see ``ActivityRegistry/scopeOfCurrentTask``).
  let scope: String?
  /// The order in which effects were started (on the main actor, so the same every run): a
  /// test clock wakes sleepers due at the same instant in this order.
  package let order: UInt64

  /// The `.run` that started the effect: where a dependency it calls without a test value is
  /// reported.
  package let site: CallSite?

  /// A busy activity of the test running on this task, for the effect `.run` at `site`.
  package init(site: CallSite? = nil) {
    self.site = site
    parent = nil
    scope = ActivityRegistry.shared.scopeOfCurrentTask()
    order = ActivityRegistry.shared.nextOrder()
    ActivityRegistry.shared.markBusy(self)
  }

  /// A busy activity for a child task `parent`'s task is adding to an ``EffectTaskGroup``: the
  /// same test and `.run`, the next place in the start order; `parent` lists it until it ends.
  package init(childOf parent: EffectActivity) {
    site = parent.site
    scope = parent.scope
    order = ActivityRegistry.shared.nextOrder()
    self.parent = parent
    ActivityRegistry.shared.markBusy(self)
    parent.children.withLock { $0.append(self) }
  }

  /// The activity whose task added this one's to an ``EffectTaskGroup``, if any.
  private let parent: EffectActivity?
  /// The child activities not ended yet (see ``init(childOf:)``): a `TestStore` that asks
  /// whether an effect is ready asks them too.
  package let children = Locked<[EffectActivity]>([])
  /// Set once a task other than this activity's own has waited on it (see
  /// ``toPark(reporting:)``), so that it is reported once.
  let sharedWaitReported = Locked(false)

  /// Set once the effect has ended; a task it left behind that inherited this activity does
  /// not make it busy again.
  private let ended = Locked(false)
  /// Set when the test wakes it (a clock, an answer), cleared when it is next seen on the main
  /// actor — sending an action, parking or ending: until then a `TestStore` counts it as ready,
  /// however far its code has run off the main actor.
  private let woken = Locked(false)

  /// Whether the effect has finished or been cancelled.
  package var hasEnded: Bool { ended.value }

  /// Whether the test woke it and it has not been seen on the main actor since.
  package var isWoken: Bool { woken.value }

  /// It has been seen on the main actor (it sent an action): no longer just woken, and on
  /// its way.
  package func didReturn() {
    woken.withLock { $0 = false }
    ActivityRegistry.shared.markMoved(self)
  }

  /// The effect's code is running (its task has started, or it has come back from a sleep):
  /// until then it cannot be waiting for anything, so it is never presumed blocked.
  package func didRun() {
    ActivityRegistry.shared.markRan(self)
  }

  /// Counts it as busy again: a clock or an answer has woken it.
  package func markBusy() {
    guard !ended.value else { return }
    woken.withLock { $0 = true }
    ActivityRegistry.shared.markBusy(self)
  }

  /// It sleeps on a clock or waits for an answer: it no longer holds time back.
  package func park() {
    woken.withLock { $0 = false }
    ActivityRegistry.shared.markParked(self)
  }

  /// The effect has finished or been cancelled: it never holds time back again.
  package func end() {
    ended.withLock { $0 = true }
    woken.withLock { $0 = false }
    parent?.children.withLock { $0.removeAll { $0 === self } }
    ActivityRegistry.shared.markParked(self)
  }
}

/// Which effect activities are busy, by test, and who waits for them to park.
package final class ActivityRegistry: Sendable {
  /// The registry of the process.
  package static let shared = ActivityRegistry()

  private struct Inner {
    /// The busy activities: their test, and whether their code has run since they became busy.
    var busy: [ObjectIdentifier: (scope: String?, ran: Bool)] = [:]
    /// Who waits for a test to settle, and from when the watchdog may wake them anyway.
    var waiters:
      [(
        scope: String?, wakeAt: ContinuousClock.Instant,
        continuation: CheckedContinuation<Void, Never>
      )] = []
    /// Whether the one watchdog task runs (it ends once no one waits).
    var watchdogRuns = false
    /// Names the test the current task runs, so that parallel tests do not wait for each other.
    var scopeProvider: (@Sendable () -> String?)?
    /// How many times an activity of each test became busy, ran or parked: a settle that sees
    /// this move knows that the test's effects are still making their way.
    var moves: [String?: UInt64] = [:]
    var started: UInt64 = 0
    /// What starts a held effect of a test (a `TestStore` whose effects start one at a time):
    /// a settle of that test starts them, one at a time, once nothing else is busy.
    var starters: [(id: UInt64, scope: String?, start: HeldStarter)] = []
    var nextStarter: UInt64 = 0
  }
  private let inner = Locked(Inner())

  /// Installs what tells tests apart (the test-framework bridge does, once).
  package func provideScopes(_ provider: @escaping @Sendable () -> String?) {
    inner.withLock { $0.scopeProvider = provider }
  }

  /// A scope that a testing tool gives the work of one task and the tasks it starts, in place
  /// of the provider's: every check of an `EffectProperty` has its own, so that its runs wait
  /// only for their own effects, whether or not a test framework's provider is installed and
  /// however many checks run at once in one test.
  @TaskLocal package static var toolScope: String?

  /// The test the current task runs, as the provider names it (or the tool's scope, see
  /// ``toolScope``); nil outside tests or without a provider.
  package func scopeOfCurrentTask() -> String? {
    Self.toolScope ?? inner.value.scopeProvider?()
  }

  /// Where an activity is: about to run (started and not run yet, or woken by the test and not
  /// back on the main actor yet), running (or waiting for something no test controls), or
  /// parked (waiting for the test, or ended).
  package enum Phase: Equatable, Sendable { case ready, running, parked }

  /// The phase `activity` is in now: woken by the test and not seen on the main actor since
  /// counts as ready.
  /// An activity with children (an effect waiting for its ``EffectTaskGroup``) is in the most
  /// active phase of it and its children: ready before running before parked. Bound: O(d) for
  /// d descendants not ended.
  package func phase(of activity: EffectActivity) -> Phase {
    let woken = activity.isWoken
    let own = inner.withLock { state -> Phase in
      guard let busy = state.busy[ObjectIdentifier(activity)] else { return .parked }
      return busy.ran && !woken ? .running : .ready
    }
    guard own != .ready else { return own }
    return activity.children.value.reduce(own) { phase, child in
      let childPhase = self.phase(of: child)
      return phase == .ready || childPhase == .ready
        ? .ready : phase == .running || childPhase == .running ? .running : .parked
    }
  }

  /// How many activities of `scope` are busy.
  package func busyCount(scope: String?) -> Int {
    inner.withLock { state in state.busy.values.filter { $0.scope == scope }.count }
  }

  func nextOrder() -> UInt64 {
    inner.withLock { state in
      state.started += 1
      return state.started
    }
  }

  func markBusy(_ activity: EffectActivity) {
    inner.withLock { state in
      state.busy[ObjectIdentifier(activity)] = (activity.scope, false)
      state.moves[activity.scope, default: 0] &+= 1
    }
  }

  func markRan(_ activity: EffectActivity) {
    inner.withLock { state in
      let key = ObjectIdentifier(activity)
      guard state.busy[key] != nil else { return }
      state.busy[key]?.ran = true
      state.moves[activity.scope, default: 0] &+= 1
    }
  }

  func markMoved(_ activity: EffectActivity) {
    inner.withLock { state in state.moves[activity.scope, default: 0] &+= 1 }
  }

  func markParked(_ activity: EffectActivity) {
    let woken = inner.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard state.busy.removeValue(forKey: ObjectIdentifier(activity)) != nil else { return [] }
      state.moves[activity.scope, default: 0] &+= 1
      return Self.takeWaiters(&state, settledIn: activity.scope)
    }
    for waiter in woken { waiter.resume() }
  }

  /// Of the held effects ready together — where each was written, in the order they started —
  /// the index of the one to start first (0: the first started).
  package typealias HeldChooser = @MainActor @Sendable ([CallSite?]) -> Int
  /// Starts one held effect, the one the chooser picks (the first started without one);
  /// whether there was one.
  package typealias HeldStarter = @MainActor @Sendable (HeldChooser?) -> Bool

  /// Has every ``settle(scope:within:choosing:)`` of `scope` call `start` once nothing is busy,
  /// and settle again while it returns true (it started a held effect): a `TestStore` whose
  /// effects start one at a time registers here, so that a test clock's `advance` and an answer
  /// start them. Returns what ``removeStarter(_:)`` takes.
  package func addStarter(scope: String?, _ start: @escaping HeldStarter) -> UInt64 {
    inner.withLock { state in
      state.nextStarter += 1
      state.starters.append((state.nextStarter, scope, start))
      return state.nextStarter
    }
  }

  /// Forgets a starter ``addStarter(scope:_:)`` registered.
  package func removeStarter(_ id: UInt64) {
    inner.withLock { state in state.starters.removeAll { $0.id == id } }
  }

  /// Whether a starter of `scope` is registered: a `TestStore` of that test holds its effects.
  package func holdsEffects(scope: String?) -> Bool {
    inner.withLock { state in state.starters.contains { $0.scope == scope } }
  }

  /// Returns once no activity of `scope` is busy and no starter of `scope` has a held effect
  /// left to start (see ``addStarter(scope:_:)``): the number presumed blocked, as
  /// ``settleBusy(scope:within:)`` counts them. `chooser` picks which of the held effects
  /// starts each time (the first started without one). Bound: one settle per held effect
  /// started.
  @discardableResult
  nonisolated(nonsending) package func settle(
    scope: String?, within limit: Duration, choosing chooser: HeldChooser? = nil
  ) async -> Int {
    var blocked = await settleBusy(scope: scope, within: limit)
    while await startHeld(scope: scope, chooser) {
      blocked += await settleBusy(scope: scope, within: limit)
    }
    return blocked
  }

  /// Asks the starters of `scope` in turn to start a held effect; whether one did. No starter
  /// (every test but those holding effects): no hop to the main actor.
  nonisolated(nonsending) private func startHeld(scope: String?, _ chooser: HeldChooser?) async
    -> Bool
  {
    let starters = inner.withLock { state in
      state.starters.filter { $0.scope == scope }.map(\.start)
    }
    for start in starters {
      if await start(chooser) { return true }
    }
    return false
  }

  /// Returns once no activity of `scope` is busy. Those still busy after `limit` whose code has
  /// run, and which do not move (become busy, run or park) while the main actor and the pool
  /// each take one more turn, are presumed to wait for something other than a clock (a stream,
  /// a continuation the test completes later): they stop counting, so that the next settle does
  /// not wait for them again, and this returns their number. One whose code has not run yet (a
  /// task the machine has not scheduled) is waited for however long it takes, and so is one
  /// still making its way between the main actor and the pool, however loaded they are.
  ///
  /// It runs on the caller's actor (`nonisolated(nonsending)`): a test on the main actor does not
  /// hop to the global pool and back for every settle.
  @discardableResult
  nonisolated(nonsending) package func settleBusy(scope: String?, within limit: Duration) async
    -> Int
  {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while busyCount(scope: scope) > 0 {
      let remaining = ContinuousClock.now.duration(to: deadline)
      if remaining <= .zero, !hasUnstarted(scope: scope) {
        // An effect that has run may still be on its way rather than waiting for something no
        // test controls: queued for the main actor, or for a thread of the pool (a child of an
        // effect task group ends there), behind other tests' work. Each queue is first in,
        // first out: once a job of ours has run on both, every effect already queued there has
        // had its turn. Only when such a round passes without any effect of this test becoming
        // busy, running or parking is what is still busy presumed blocked; otherwise, another
        // round.
        switch await stillness(scope: scope) {
        case .settled: return 0
        case .moving: continue
        case .still: return presumeBlocked(scope: scope)
        }
      }
      // Woken when the test settles, or by the watchdog (not a synchronisation: it ends only a
      // wait that nothing else ended) once `wakeAt` has passed.
      let wakeAt = Swift.max(deadline, ContinuousClock.now.advanced(by: Self.watchdogTick))
      await withCheckedContinuation { continuation in
        let (settled, startsWatchdog) = inner.withLock { state -> (Bool, Bool) in
          if !state.busy.values.contains(where: { $0.scope == scope }) { return (true, false) }
          state.waiters.append((scope, wakeAt, continuation))
          defer { state.watchdogRuns = true }
          return (false, !state.watchdogRuns)
        }
        if settled { continuation.resume() }
        if startsWatchdog { startWatchdog() }
      }
    }
    return 0
  }

  private func moves(scope: String?) -> UInt64 {
    inner.withLock { state in state.moves[scope] ?? 0 }
  }

  private enum Stillness { case settled, moving, still }

  /// Whether the busy activities of `scope` are still: no activity of the test becomes busy,
  /// runs, sends or parks over at least three rounds of one turn of the main actor and one of
  /// the pool, lasting at least ``watchdogTick`` in all — so that a task a loaded machine has
  /// merely not run for a moment is not taken for one waiting on something else.
  nonisolated(nonsending) private func stillness(scope: String?) async -> Stillness {
    let before = moves(scope: scope)
    let start = ContinuousClock.now
    var rounds = 0
    while rounds < 3 || ContinuousClock.now - start < Self.watchdogTick {
      await Task { @MainActor in }.value
      await Self.turnOfPool()
      if busyCount(scope: scope) == 0 { return .settled }
      if hasUnstarted(scope: scope) || moves(scope: scope) != before { return .moving }
      rounds += 1
    }
    return .still
  }

  /// Returns once a job queued now on the global pool, at this task's priority, has run: every
  /// job queued there before it has started.
  nonisolated(nonsending) private static func turnOfPool() async {
    let priority = Task.currentPriority
    await withCheckedContinuation { continuation in
      Task.detached(priority: priority) { continuation.resume() }
    }
  }

  private func hasUnstarted(scope: String?) -> Bool {
    inner.withLock { state in state.busy.values.contains { $0.scope == scope && !$0.ran } }
  }

  private func presumeBlocked(scope: String?) -> Int {
    inner.withLock { state in
      let blocked = state.busy.filter { $0.value.scope == scope && $0.value.ran }.map(\.key)
      for key in blocked { state.busy[key] = nil }
      return blocked.count
    }
  }

  /// How often the watchdog looks for overdue waiters: a waiter is woken at most this long after
  /// its `wakeAt`, which is never sooner than this after it began to wait.
  private static let watchdogTick = Duration.milliseconds(100)

  /// One task for every settle of the process, rather than one per settle: it wakes the waiters
  /// whose `wakeAt` has passed, every ``watchdogTick``, and ends once no one waits.
  private func startWatchdog() {
    Task.detached { [self] in
      while true {
        try? await Task.sleep(for: Self.watchdogTick)
        let (overdue, goesOn) = inner.withLock { state in
          let now = ContinuousClock.now
          let overdue = state.waiters.filter { $0.wakeAt <= now }.map(\.continuation)
          state.waiters.removeAll { $0.wakeAt <= now }
          state.watchdogRuns = !state.waiters.isEmpty
          return (overdue, state.watchdogRuns)
        }
        for waiter in overdue { waiter.resume() }
        if !goesOn { return }
      }
    }
  }

  private static func takeWaiters(_ state: inout Inner, settledIn scope: String?)
    -> [CheckedContinuation<Void, Never>]
  {
    guard !state.busy.values.contains(where: { $0.scope == scope }) else { return [] }
    let mine = state.waiters.filter { $0.scope == scope }.map(\.continuation)
    state.waiters.removeAll { $0.scope == scope }
    return mine
  }
}
