/// One live effect — a `.run` task, a throttle's timer, or a concatenation in progress: its place
/// in the cancellation table and whether it is running, cancelled or finished.
@MainActor
package final class EffectToken {
  package enum State { case running, cancelled, finished }

  let number: UInt64
  let ids: [EffectID]
  /// The run (one action's effects) it belongs to.
  weak var run: EffectRun?
  /// A task, as opposed to a concatenation waiting for its current part.
  package let isTask: Bool
  /// Where the `.run` was written.
  package let site: CallSite?
  /// The assertion that sent the action whose effect this is, under a `TestStore`.
  package let origin: CallSite?
  let activity: EffectActivity?
  /// The action whose effect this is, as a ``CauseLedger`` numbers it (0 without one).
  var parent = 0
  package internal(set) var state = State.running
  var task: Task<Void, Never>?
  var onDone: (@MainActor () -> Void)?
  /// `TestStore.skipInFlightEffects()` was called while it ran: it need not finish by the end.
  package var isSkipped = false

  init(
    number: UInt64, ids: [EffectID], run: EffectRun?, isTask: Bool, site: CallSite?,
    origin: CallSite?, activity: EffectActivity?
  ) {
    self.number = number
    self.ids = ids
    self.run = run
    self.isTask = isTask
    self.site = site
    self.origin = origin
    self.activity = activity
  }
}

/// The effects one action started, to await or cancel together: what a ``StoreTask`` refers to.
@MainActor
@usableFromInline
package final class EffectRun {
  private var live: [UInt64: EffectToken] = [:]
  private var waiters: [CheckedContinuation<Void, Never>] = []
  private weak var executor: (any EffectCancelling)?
  /// Whether any effect that outlives the `send` was started.
  package private(set) var startedEffects = false

  package init(executor: any EffectCancelling) {
    self.executor = executor
  }

  func add(_ token: EffectToken) {
    live[token.number] = token
    if token.isTask { startedEffects = true }
  }

  func remove(_ token: EffectToken) {
    guard live.removeValue(forKey: token.number) != nil, live.isEmpty else { return }
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }

  /// Whether every effect of the run has finished or been cancelled.
  package var isFinished: Bool { live.isEmpty }

  /// Returns once every effect of the run has finished or been cancelled.
  package func wait() async {
    if live.isEmpty { return }
    if let startHeld = executor?.beforeWaiting {
      await startHeld()
      if live.isEmpty { return }
    }
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Cancels every effect of the run still running.
  package func cancel() {
    executor?.cancel(live.values.sorted { $0.number < $1.number })
  }
}
