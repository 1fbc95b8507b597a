import Store

/// What one run of an ``EffectProperty`` drives besides its store: the calls and sleepers that
/// wait for it, the effects ready to start, and the failure its store reported.
///
/// Not generic on purpose: the run's own loop is compiled for each property's reducer where the
/// property is made (``EffectProperty/init(_:initialState:)`` is inlinable), and reaches the
/// store's test machinery through these plain calls, so that a step pays for no generic type
/// lookups.
///
/// ```swift
/// let driver = EffectRunDriver(blockedLimit: .seconds(1))
/// store.holdEffectStarts(driver.ready.hold)
/// await driver.settleBusy()
/// ```
@MainActor
@usableFromInline
final class EffectRunDriver {
  /// The dependency calls waiting for the run to answer them.
  @usableFromInline let calls = ScheduledCalls()
  /// The run's clock and its sleepers.
  @usableFromInline let clock = ScheduleClock()
  /// The `.run` effects held until the run starts them.
  let ready = HeldEffects()
  /// The first failure the store reported (an invariant broken, an effect's misuse); nil while
  /// there is none.
  @usableFromInline var failure: String?
  /// How long an effect may stay busy before it is presumed blocked.
  let blockedLimit: Duration
  /// The test the run belongs to: the same for the whole run, which runs in one task.
  private let scope: String?

  init(blockedLimit: Duration) {
    self.blockedLimit = blockedLimit
    EffectTracking.install()  // a run follows its effects, as a test clock does
    scope = ActivityRegistry.shared.scopeOfCurrentTask()
  }

  /// Notes `failure` unless an earlier one was noted.
  func note(_ failure: String) {
    if self.failure == nil { self.failure = failure }
  }

  /// Waits until no effect of the run is busy (see ``ActivityRegistry/settleBusy(scope:within:)``).
  @usableFromInline
  func settleBusy() async {
    await ActivityRegistry.shared.settleBusy(scope: scope, within: blockedLimit)
  }

  /// Starts the held effects cancelled while they waited; returns how many are left waiting.
  @usableFromInline
  func startCancelledAndCount() -> Int {
    ready.startCancelled()
    return ready.count
  }

  /// Starts the held effect at `index` (0: the first started).
  @usableFromInline
  func startReady(at index: Int) {
    ready.start(at: index)
  }

  /// Where each held effect was written, in the order they started.
  var readySites: [CallSite?] { ready.sites }

  /// Where the held effect at `index` was written.
  func readySite(at index: Int) -> CallSite? {
    ready.site(at: index)
  }

  /// The calls waiting for an answer, in order (see ``ParkedWaits/waiting``).
  @usableFromInline
  var waitingCalls: [ScheduledCalls.Wait] { calls.waiting }

  /// Whether no call waits for an answer and no effect sleeps on the clock.
  @usableFromInline
  var isQuiet: Bool { calls.waiting.isEmpty && clock.sleeping.isEmpty }

  /// Answers `call` with `result`, if it still waits.
  @usableFromInline
  func resume(_ call: ScheduledCalls.Wait, with result: Result<any Sendable, any Error>) {
    calls.resume(call, with: result)
  }

  /// Why the run cannot go on when a live effect task of `store` waits for something the run
  /// does not control — neither a call it answers nor its clock — or nil. Bound: O(t × p) for t
  /// live tasks and p waiting calls and sleepers (a handful each: a linear search beats
  /// building a set for every step).
  @usableFromInline
  func unparkedEffect<State, Action>(of store: Store<State, Action>) -> String? {
    let tasks = store.liveEffectTasks
    guard !tasks.isEmpty else { return nil }
    let waits = calls.waiting
    let sleepers = clock.sleeping
    for task in tasks {
      guard let activity = task.activity,
        !waits.contains(where: { $0.activity === activity }),
        !sleepers.contains(where: { $0.activity === activity })
      else { continue }
      let site = task.site?.effectDescription ?? "an effect"
      return
        "\(site) waits for something this property does not control (after \(blockedLimit) it "
        + "had neither called an answered dependency, slept on \\.continuousClock nor finished). "
        + "To fix, declare the dependency it awaits with .answering(_:values:install:), or "
        + "give the property more time with .limits(blockedAfter:)"
    }
    return nil
  }

  /// Why the effects of `store` never settle, after `limit` answers and clock moves.
  @usableFromInline
  func neverSettles<State, Action>(_ store: Store<State, Action>, limit: Int) -> String {
    let running = store.liveEffectTasks.compactMap { $0.site?.effectDescription }
    return
      "the effects never settle: after \(limit) answers and clock moves, "
      + (running.first.map { "\($0) still runs" } ?? "an effect still runs")
      + ". An effect that runs until the user stops it (a timer, a stopwatch, a poll) needs the "
      + "actions that stop it sent at the end of each run: add .teardown { state in "
      + "state.isRunning ? [.stop] : [] } (with your feature's condition and action). If the "
      + "feature should have stopped it by itself, that is the bug: cancel it where the feature "
      + "ends. If it does end, later, raise .limits(settleSteps:)."
  }
}
