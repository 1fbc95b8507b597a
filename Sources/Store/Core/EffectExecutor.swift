/// Performs the effects reducers return, and nothing else.
///
/// The reducer decides; the executor does. It turns each `.run` into a task, keeps the table of
/// cancellable effects by id, and hands every action an effect sends to `deliver` — unless the
/// effect was cancelled first. Both the table and the delivery check live on the main actor, so a
/// cancellation and a late answer can never race: whichever the main actor sees first wins, and
/// a cancelled effect is marked before its task is even created or resumed.
///
/// ```swift
/// let executor = EffectExecutor<Action> { action in print("effect sent", action) }
/// let tasks = executor.start(effect)
/// await executor.waitUntilIdle()
/// ```
@MainActor
public final class EffectExecutor<Action: Sendable> {
  var deliver: @MainActor (Action) -> Void
  /// Called each time the last running effect finishes or is cancelled.
  var didBecomeIdle: (@MainActor () -> Void)?
  private var running: [UInt64: EffectToken] = [:]
  private var registry: [EffectID: Set<UInt64>] = [:]
  private var nextToken: UInt64 = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []

  /// Creates an executor that hands every action an effect sends to `deliver`.
  public init(deliver: @escaping @MainActor (Action) -> Void) {
    self.deliver = deliver
  }

  /// An executor whose owner sets `deliver` once it can refer to itself.
  init() {
    self.deliver = { _ in }
  }

  /// How many effects are running and not cancelled.
  public var runningCount: Int { running.count }

  /// The ids under which at least one live effect is registered.
  public var activeIDs: Set<EffectID> { Set(registry.keys) }

  /// Starts `effect` and returns the tasks it created, so that a caller can await them.
  @discardableResult
  public func start(_ effect: Effect<Action>) -> [Task<Void, Never>] {
    var tasks: [Task<Void, Never>] = []
    start(effect, ids: [], into: &tasks)
    // Only now, with every part registered, may the executor count as idle: an effect that
    // cancels the one whose answer it follows (`cancelInFlight`) must not let `waitUntilIdle`
    // return in between.
    resumeIdleWaitersIfIdle()
    return tasks
  }

  private func start(
    _ effect: Effect<Action>, ids: [EffectID], into tasks: inout [Task<Void, Never>]
  ) {
    switch effect.operation {
    case nil:
      return
    case .merge(let effects):
      for effect in effects { start(effect, ids: ids, into: &tasks) }
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancelRegistered(id) }
      start(inner, ids: ids + [id], into: &tasks)
    case .cancel(let id):
      cancelRegistered(id)
    case .run(let body):
      tasks.append(run(body, ids: ids))
    }
  }

  private func run(_ body: @escaping @Sendable (Send<Action>) async -> Void, ids: [EffectID])
    -> Task<Void, Never>
  {
    nextToken &+= 1
    let token = EffectToken(number: nextToken, ids: ids)
    // Register before the task exists: a cancel that comes first still finds it.
    running[token.number] = token
    for id in ids { registry[id, default: []].insert(token.number) }
    let send = Send<Action> { [weak self] action in
      guard !token.isCancelled, let self else { return }
      self.deliver(action)
    }
    let task = Task { @MainActor [weak self] in
      if !token.isCancelled { await body(send) }
      self?.finished(token)
    }
    token.task = task
    return task
  }

  /// Cancels every live effect registered under `id`.
  public func cancel(id: EffectID) {
    cancelRegistered(id)
    resumeIdleWaitersIfIdle()
  }

  private func cancelRegistered(_ id: EffectID) {
    guard let numbers = registry[id] else { return }
    for number in numbers {
      if let token = running[number] { cancel(token) }
    }
  }

  /// Cancels every live effect.
  public func cancelAll() {
    for token in Array(running.values) { cancel(token) }
    resumeIdleWaitersIfIdle()
  }

  /// Returns once no effect is running, including effects started by actions that running
  /// effects send meanwhile.
  public func waitUntilIdle() async {
    if running.isEmpty { return }
    await withCheckedContinuation { idleWaiters.append($0) }
  }

  private func cancel(_ token: EffectToken) {
    token.isCancelled = true
    token.task?.cancel()
    unregister(token)
  }

  private func finished(_ token: EffectToken) {
    unregister(token)
    resumeIdleWaitersIfIdle()
  }

  private func unregister(_ token: EffectToken) {
    guard running.removeValue(forKey: token.number) != nil else { return }
    for id in token.ids {
      registry[id]?.remove(token.number)
      if registry[id]?.isEmpty == true { registry[id] = nil }
    }
  }

  private func resumeIdleWaitersIfIdle() {
    guard running.isEmpty else { return }
    didBecomeIdle?()
    guard !idleWaiters.isEmpty else { return }
    let waiters = idleWaiters
    idleWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}

/// One running effect: its place in the cancellation table and its cancelled flag.
@MainActor
final class EffectToken {
  let number: UInt64
  let ids: [EffectID]
  var isCancelled = false
  var task: Task<Void, Never>?

  init(number: UInt64, ids: [EffectID]) {
    self.number = number
    self.ids = ids
  }
}
