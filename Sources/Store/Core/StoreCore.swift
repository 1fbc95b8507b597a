/// The engine behind a root ``Store`` and a ``TestStore``: the state, the reducer, the queue of
/// actions, the observers and the effect executor. There is one send loop, here.
///
/// ```swift
/// let core = StoreCore(initialState: 0, reduce: Counter().reduce(into:action:))
/// core.send(.increment, origin: .sent)
/// ```
///
/// `send` reduces the action, starts the effects the reducer returned — a `.send` among them
/// joins the queue at once — then tells every observer; then it takes the next queued action.
/// An action sent while the store is busy (by an observer, by a `.send` effect) joins the end of
/// the queue and is handled before the outer `send` returns, in order, never re-entrantly.
@MainActor
@usableFromInline
final class StoreCore<State, Action: Sendable> {
  // Exclusivity is checked statically here instead of at run time, which saves about 50
  // instructions an action (measured with callgrind on `uniflow bench`). That is safe: the class
  // is main-actor isolated, so no two threads reach these properties at once; and within the
  // actor no access can overlap another: the reducer receives the state alone (not the store);
  // a reducer that captured the store anyway and reads `state` stops the program
  // (`isReducing`) instead of reading under the `inout` access; observers run only after the
  // reducer's access has ended; and a re-entrant send is queued rather than reduced inside an
  // access.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @exclusivity(unchecked) @usableFromInline var observers: [Observer] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction<Action>] = []
  @usableFromInline let executor: EffectExecutor<Action>
  private var nextObserverID = 0

  /// Creates a core with `initialState`, changed from then on only by `reduce`.
  init(initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.currentState = initialState
    self.reducer = reduce
    self.executor = EffectExecutor(deliver: { _ in })
    executor.deliver = { [weak self] action in self?.receive(action) }
  }

  /// The current state. Reading it while the reducer runs stops the program: the reducer has
  /// the state as its `inout` argument, and must not reach the store.
  @inlinable
  var state: State {
    if isReducing { readWhileReducing() }
    return currentState
  }

  @usableFromInline
  func readWhileReducing() -> Never {
    preconditionFailure(
      "The store's state was read while its reducer was running, e.g. by a reducer that "
        + "captured the store. A reducer sees the state only through its `inout` argument. To "
        + "fix, read the state from that argument, or send an action and read the state when "
        + "an observer is told of it.")
  }

  /// Reduces `action` (or queues it, if the store is busy), starts its effects and notifies
  /// observers.
  @inlinable
  @discardableResult
  func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
    if isSending { return enqueue(action, origin: origin) }
    isSending = true
    let task = process(action, origin: origin, into: nil)
    if !queue.isEmpty { drainQueue() }
    isSending = false
    return task
  }

  /// An action an effect sent: reduced now, or queued when the store is busy.
  func receive(_ action: Action) {
    if isSending {
      queue.append(QueuedAction(action: action, origin: .effect, run: nil))
    } else {
      send(action, origin: .effect)
    }
  }

  @usableFromInline
  func enqueue(_ action: Action, origin: ActionOrigin) -> StoreTask {
    let run = EffectRun(executor: executor)
    queue.append(QueuedAction(action: action, origin: origin, run: run))
    return StoreTask(run: run)
  }

  @inlinable
  func process(_ action: Action, origin: ActionOrigin, into run: EffectRun?) -> StoreTask {
    isReducing = true
    let effect = reducer(&currentState, action)
    isReducing = false
    let task =
      effect.isNone ? StoreTask(run: run) : StoreTask(run: executor.start(effect, into: run))
    let current = observers  // an observer may add or cancel observers while notified
    for index in current.indices { current[index].body(action, origin, currentState) }
    return task
  }

  @usableFromInline
  func drainQueue() {
    var index = 0
    while index < queue.count {
      let next = queue[index]
      index += 1
      _ = process(next.action, origin: next.origin, into: next.run)
    }
    queue.removeAll(keepingCapacity: true)
  }

  /// Calls `observer` after every action is reduced, until the returned observation is
  /// cancelled or released.
  func observe(_ observer: @escaping (Action, ActionOrigin, State) -> Void)
    -> StoreObservation
  {
    nextObserverID += 1
    let id = nextObserverID
    observers.append(Observer(id: id, body: observer))
    return StoreObservation { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
  }

  /// How many observers are registered.
  var observerCount: Int { observers.count }
}

extension StoreCore: StoreRoot {
  var runningEffects: Int { executor.runningCount }

  func settle() async {
    await executor.waitUntilIdle()
  }

  func cancelAllEffects() {
    executor.cancelAll()
  }
}

/// What every store of one tree shares: the root's effects.
@MainActor
protocol StoreRoot: AnyObject {
  var runningEffects: Int { get }
  func settle() async
  func cancelAllEffects()
}

extension StoreCore {
  @usableFromInline
  struct Observer {
    @usableFromInline let id: Int
    @usableFromInline let body: (Action, ActionOrigin, State) -> Void

    @usableFromInline
    init(id: Int, body: @escaping (Action, ActionOrigin, State) -> Void) {
      self.id = id
      self.body = body
    }
  }
}

@usableFromInline
struct QueuedAction<Action> {
  @usableFromInline let action: Action
  @usableFromInline let origin: ActionOrigin
  /// Where the effects go, for an action whose sender holds a ``StoreTask``.
  @usableFromInline let run: EffectRun?

  @usableFromInline
  init(action: Action, origin: ActionOrigin, run: EffectRun?) {
    self.action = action
    self.origin = origin
    self.run = run
  }
}
