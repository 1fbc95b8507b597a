import Foundation

/// Performs the effects reducers return, and nothing else.
///
/// The reducer decides; the executor does. It delivers `.send`s at once, turns each `.run` into a
/// main-actor task, chains `.concatenate`d parts, keeps the table of cancellable effects by id,
/// and hands every action an effect sends to `deliver` — unless the effect was cancelled first.
/// Both the table and the delivery check live on the main actor, so a cancellation and a late
/// answer can never race: whichever the main actor sees first wins, and a cancelled effect is
/// marked before its task is even created or resumed.
///
/// ```swift
/// let executor = EffectExecutor<Action> { action in print("effect sent", action) }
/// let run = executor.start(effect)
/// await run.wait()
/// ```
@MainActor
@usableFromInline
package final class EffectExecutor<Action: Sendable>: EffectCancelling {
  @usableFromInline package var deliver: @MainActor (Action) -> Void
  /// Where misuse goes: an action sent after its effect finished, an error no one handled.
  /// Outside tests, one line on stderr.
  package var reportMisuse: @MainActor (TestFailure) -> Void = { printMisuse($0) }
  /// Called each time the last running effect finishes or is cancelled.
  package var didBecomeIdle: (@MainActor () -> Void)?
  /// The assertion that is sending actions now, copied into the effects they start.
  package var origin: CallSite?
  /// Called whenever an effect task starts or ends (a `TestStore` keeps its end-of-test ledger).
  package var tasksDidChange: (@MainActor () -> Void)?
  /// The dependencies of the store, set in every effect task it starts; nil: the values in
  /// effect where the effect starts.
  package var dependencies: DependencyValues?
  /// When set, a `.run` effect's task is not created at once: its parked activity and what
  /// creates the task go here, and whoever holds them decides when it starts (an effect property
  /// draws which ready effect runs next). nil: every task is created at once.
  package var holdStart: (@MainActor (EffectActivity, @escaping @MainActor () -> Void) -> Void)?
  /// Run before a ``StoreTask`` waits for its effects (see ``EffectCancelling/beforeWaiting``).
  package var beforeWaiting: (@MainActor () async -> Void)?
  /// Told of each effect's start and end and each action an effect delivers, when the store
  /// keeps causes (``Store/trackCauses()``).
  @usableFromInline package var ledger: CauseLedger?
  private var running: [UInt64: EffectToken] = [:]
  private var registry: [EffectID: Set<UInt64>] = [:]
  private var taskCount = 0
  private var nextToken: UInt64 = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  var throttles: [EffectID: ThrottleRecord<Action>] = [:]
  /// While positive, an effect tree is being started: the executor must not count as idle
  /// until every part of it is registered (`cancelInFlight` may empty the table in between).
  private var startDepth = 0

  /// Creates an executor that hands every action an effect sends to `deliver`.
  package init(deliver: @escaping @MainActor (Action) -> Void) {
    self.deliver = deliver
  }

  /// How many effect tasks are running and not cancelled.
  package var runningCount: Int { taskCount }

  /// The ids under which at least one live effect is registered.
  package var activeIDs: Set<EffectID> { Set(registry.keys) }

  /// Every live effect — tasks and concatenations in progress — oldest first.
  package var liveEffects: [EffectToken] {
    running.values.sorted { $0.number < $1.number }
  }

  /// The live effect tasks, oldest first.
  package var liveTasks: [EffectToken] {
    running.values.filter(\.isTask).sorted { $0.number < $1.number }
  }

  /// Starts `effect`, adding what it starts to `run` (a new run if nil), and returns the run.
  /// Its `.send`s are delivered before this returns.
  @discardableResult
  @usableFromInline
  package func start(_ effect: Effect<Action>, into run: EffectRun? = nil) -> EffectRun {
    let run = run ?? EffectRun(executor: self)
    startDepth += 1
    start(effect, Context(ids: [], sink: nil, run: run, parent: ledger?.ordinal ?? 0)) {}
    startDepth -= 1
    // Only now, with every part registered, may the executor count as idle: an effect that
    // cancels the one whose answer it follows (`cancelInFlight`) must not let `waitUntilIdle`
    // return in between.
    resumeIdleWaitersIfIdle()
    return run
  }

  /// Where a part of an effect tree sends its actions and under which ids it is registered.
  struct Context {
    var ids: [EffectID]
    /// nil: straight to `deliver`; otherwise through a throttle.
    var sink: (@MainActor (Action, StoreCause) -> Void)?
    let run: EffectRun
    /// The action whose reducer returned the effect, as the ledger numbers it (0 without one).
    var parent = 0
  }

  /// Starts `effect`; calls `done` once it has finished or been cancelled, which for a
  /// synchronous effect is before this returns.
  private func start(
    _ effect: Effect<Action>, _ context: Context, done: @escaping @MainActor () -> Void
  ) {
    guard let operation = effect.operation else { return done() }
    switch operation {
    case .send(let action):
      emit(action, context)
      done()
    case .cancel(let id):
      cancel(registeredUnder: id)
      done()
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancel(registeredUnder: id) }
      var innerContext = context
      id.appendViews(to: &innerContext.ids)
      start(inner, innerContext, done: done)
    case .merge(let effects):
      var remaining = effects.count
      for part in effects {
        start(part, context) {
          remaining -= 1
          if remaining == 0 { done() }
        }
      }
    case .concatenate(let effects):
      let chain = Concatenation(effects: effects, context: context)
      chain.token = register(context, isTask: false, site: nil, activity: nil)
      chain.token?.onDone = done
      step(chain)
    case .run(let body, let handler, let site):
      startTask(body, handler, site, context, done: done)
    case .cancelMatching(let matches):
      let numbers = registry.filter { matches($0.key) }.values.joined()
      cancel(Set(numbers).sorted().compactMap { running[$0] })
      done()
    case .reportMisuse(let failure):
      reportMisuse(failure)
      done()
    case .throttle(let policy, let inner):
      var throttled = context
      throttled.sink = { [weak self] action, cause in
        self?.throttle(action, cause, policy, context)
      }
      start(inner, throttled, done: done)
    }
  }

  private func emit(_ action: Action, _ context: Context) {
    emit(action, .effect(effect: 0, parent: context.parent, site: nil), context)
  }

  /// Delivers `action`, which `cause` sent, through the context's throttle if it has one.
  func emit(_ action: Action, _ cause: StoreCause, _ context: Context) {
    if let sink = context.sink { return sink(action, cause) }
    ledger?.delivering(cause)
    deliver(action)
  }

  /// Starts the parts of a concatenation that are due: every part that finishes at once, then
  /// the first one that does not, whose completion calls this again.
  private func step(_ chain: Concatenation<Action>) {
    startDepth += 1
    startDueParts(of: chain)
    startDepth -= 1
    resumeIdleWaitersIfIdle()
  }

  private func startDueParts(of chain: Concatenation<Action>) {
    while let token = chain.token, token.state == .running, chain.next < chain.effects.count {
      chain.next += 1
      let part = StartingPart()
      start(chain.effects[chain.next - 1], chain.context) { [weak self] in
        if part.isStarting { part.finishedAtOnce = true } else { self?.step(chain) }
      }
      part.isStarting = false
      if !part.finishedAtOnce { return }
    }
    if let token = chain.token, token.state == .running { complete(token, as: .finished) }
  }

  @discardableResult
  func startTask(
    _ body: @escaping Effect<Action>.Body, _ handler: Effect<Action>.Catch?, _ site: CallSite,
    _ context: Context, done: @escaping @MainActor () -> Void
  ) -> EffectToken {
    // Followed only when test machinery is in the process (see `EffectTracking`; holding
    // starts installs it).
    let activity = EffectTracking.isInstalled ? EffectActivity(site: site) : nil
    let token = register(context, isTask: true, site: site, activity: activity)
    token.onDone = done
    let sink = context.sink
    let send = Send<Action>(reporting: { [weak self] action, at in
      self?.receive(action, from: token, sink: sink, at: at)
    })
    let dependencies = self.dependencies ?? DependencyValues.current
    guard let holdStart, let activity else {
      createTask(token, body, handler, site, activity, send, dependencies)
      return token
    }
    activity.park()  // held: it cannot hold time back until it starts
    holdStart(activity) { [weak self] in
      activity.markBusy()
      self?.createTask(token, body, handler, site, activity, send, dependencies)
    }
    return token
  }

  /// Creates the task of a `.run` effect, which checks first that it was not cancelled. With
  /// an activity (tests), the task is named and runs under it; without, it is a plain task.
  private func createTask(
    _ token: EffectToken, _ body: @escaping Effect<Action>.Body,
    _ handler: Effect<Action>.Catch?, _ site: CallSite, _ activity: EffectActivity?,
    _ send: Send<Action>, _ dependencies: DependencyValues
  ) {
    // Named so that a task sharing the activity — a child task that is not the effect's own —
    // can be told from it (see `EffectActivity.toPark`).
    let name = activity == nil ? nil : EffectActivity.ownTaskName
    // Its number, for the dependency calls it makes, when the store's causes want it.
    let effect = ledger?.numbersTasks == true ? Int(token.number) : nil
    token.task = Task(name: name) { @MainActor [weak self] in
      @MainActor func perform() async {
        if token.state == .running {
          do {
            try await body(send)
          } catch {
            if token.state == .running, !(error is CancellationError), !Task.isCancelled {
              if let handler {
                await handler(error, send)
              } else {
                self?.reportMisuse(site.failure(Self.unhandledErrorMessage(error)))
              }
            }
          }
        }
        self?.finished(token)
      }
      @MainActor func performFollowed() async {
        guard let activity else { return await perform() }
        await EffectActivity.$current.withValue(activity) {
          activity.didRun()
          await perform()
        }
      }
      await DependencyValues.$current.withValue(dependencies) {
        guard let effect else { return await performFollowed() }
        await RunningEffect.$number.withValue(effect) { await performFollowed() }
      }
    }
  }

  /// An action a `.run` effect sent: delivered while the effect runs, dropped once it was
  /// cancelled, reported once it has finished. It runs on the task that sent it, so a send from
  /// a cancelled task — a child its group cancelled, a task that cancelled itself — is dropped
  /// too, as TCA's `Send` drops it.
  private func receive(
    _ action: Action, from token: EffectToken, sink: (@MainActor (Action, StoreCause) -> Void)?,
    at site: CallSite
  ) {
    switch token.state {
    case .running:
      if Task.isCancelled { return }
      if let activity = token.activity {
        activity.didReturn()
        // A child of an `EffectTaskGroup` that sends has been back on the main actor too.
        if let child = EffectActivity.current, child !== activity { child.didReturn() }
      }
      let cause = {
        StoreCause.effect(effect: Int(token.number), parent: token.parent, site: token.site)
      }
      if let sink { return sink(action, cause()) }
      ledger?.delivering(cause())
      deliver(action)
    case .cancelled:
      return
    case .finished:
      reportMisuse(site.failure(Self.lateSendMessage(action, startedAt: token.site)))
    }
  }

  private func register(
    _ context: Context, isTask: Bool, site: CallSite?, activity: EffectActivity?
  ) -> EffectToken {
    nextToken &+= 1
    let token = EffectToken(
      number: nextToken, ids: context.ids, run: context.run, isTask: isTask, site: site,
      origin: origin, activity: activity)
    token.parent = context.parent
    ledger?.started(nextToken, parent: context.parent, site: site, isTask: isTask)
    // Register before the task exists: a cancel that comes first still finds it.
    running[token.number] = token
    for id in context.ids { registry[id, default: []].insert(token.number) }
    context.run.add(token)
    if isTask {
      taskCount += 1
      tasksDidChange?()
    }
    return token
  }

  /// Cancels every live effect registered under `id`.
  package func cancel(id: EffectID) {
    cancel(registeredUnder: id)
    resumeIdleWaitersIfIdle()
  }

  private func cancel(registeredUnder id: EffectID) {
    guard let numbers = registry[id] else { return }
    cancel(numbers.sorted().compactMap { running[$0] })
  }

  /// Cancels every live effect.
  package func cancelAll() {
    cancel(running.values.sorted { $0.number < $1.number })
    resumeIdleWaitersIfIdle()
  }

  /// Cancels `tokens`: every one is marked before any completion runs, so that a concatenation
  /// cancelled with its running part does not start the next part in between.
  package func cancel(_ tokens: [EffectToken]) {
    let live = tokens.filter { $0.state == .running }
    for token in live { token.state = .cancelled }
    for token in live {
      token.task?.cancel()
      complete(token, as: .cancelled)
    }
  }

  /// Returns once no effect is running, including effects started by actions that running
  /// effects send meanwhile.
  package func waitUntilIdle() async {
    if running.isEmpty { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  /// The task of `token` has ended: its `run` closure returned, or, once cancelled, stopped.
  private func finished(_ token: EffectToken) {
    if token.state == .running { complete(token, as: .finished) }
    token.run?.remove(token)  // a run waits for its tasks to end, cancelled or not
  }

  private func complete(_ token: EffectToken, as state: EffectToken.State) {
    token.state = state
    if running.removeValue(forKey: token.number) != nil {
      for id in token.ids {
        registry[id]?.remove(token.number)
        if registry[id]?.isEmpty == true { registry[id] = nil }
      }
      if token.isTask {
        taskCount -= 1
        tasksDidChange?()
        ledger?.ended(token.number, cancelled: state == .cancelled)
      }
    }
    let done = token.onDone
    token.onDone = nil
    done?()
    token.activity?.end()  // after `done`, whose next effect is busy from its start
    if !token.isTask { token.run?.remove(token) }
    resumeIdleWaitersIfIdle()
  }

  private func resumeIdleWaitersIfIdle() {
    guard running.isEmpty, startDepth == 0 else { return }
    didBecomeIdle?()
    guard !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}
