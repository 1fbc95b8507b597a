/// Holds the one state of an app and changes it only by running the reducer on actions.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: AppReducer(environment: .live))
/// let observation = store.observe { action, origin, state in render(state) }
/// await store.send(.reload).finish()   // wait for the effects `reload` started
/// await store.settle()                 // wait until no effect is running at all
/// ```
///
/// `send` reduces the action, starts the effects the reducer returned, then tells every observer.
/// An action sent while the store is reducing or notifying — by an observer, say — is queued and
/// handled right after the current one, in order, never re-entrantly.
@MainActor
public final class Store<State, Action: Sendable> {
  // Exclusivity is checked statically here instead of at run time, which saves about 50
  // instructions an action (measured with callgrind on `uniflow bench`). That is safe: the class
  // is main-actor isolated, so no two threads reach these properties at once; and within the
  // actor no access can overlap another, because the reducer receives the state alone (not the
  // store), observers run only after the reducer's access has ended, and a re-entrant send is
  // queued rather than reduced inside an access.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @exclusivity(unchecked) @usableFromInline var observers: [Observer] = []
  @exclusivity(unchecked) @usableFromInline var isSending = false
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction<Action>] = []
  @usableFromInline let executor: EffectExecutor<Action>
  @usableFromInline var nextObserverID = 0

  /// Creates a store with `initialState`, changed from then on only by `reducer`.
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reduce: reducer.reduce(into:action:))
  }

  /// Creates a store from a reducing function.
  public init(initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.currentState = initialState
    self.reducer = reduce
    self.executor = EffectExecutor()
    executor.deliver = { [weak self] action in self?.send(action, origin: .effect) }
  }

  /// The current state.
  @inlinable
  public var state: State { currentState }

  /// How many effects are running now.
  public var runningEffects: Int { executor.runningCount }

  /// Calls `observer` after every action is reduced, with the action, where it came from, and
  /// the new state. Keep the returned ``StoreObservation``; observing stops when it is cancelled.
  public func observe(_ observer: @escaping (Action, ActionOrigin, State) -> Void)
    -> StoreObservation
  {
    nextObserverID += 1
    let id = nextObserverID
    observers.append(Observer(id: id, body: observer))
    return StoreObservation { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
  }

  /// Reduces `action`, starts its effects and notifies observers.
  ///
  /// - Returns: a ``StoreTask`` that finishes when the effects this action started have finished.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    send(action, origin: .sent)
  }

  @inlinable
  @discardableResult
  func send(_ action: Action, origin: ActionOrigin) -> StoreTask {
    if isSending {
      let pending = PendingEffects()
      queue.append(QueuedAction(action: action, origin: origin, pending: pending))
      return StoreTask(pending: pending)
    }
    isSending = true
    defer { isSending = false }
    let task = process(action, origin: origin)
    if !queue.isEmpty { drainQueue() }
    return task
  }

  @inlinable
  func process(_ action: Action, origin: ActionOrigin) -> StoreTask {
    let effect = reducer(&currentState, action)
    let task = effect.isNone ? StoreTask(storage: .none) : StoreTask(tasks: executor.start(effect))
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
      next.pending.tasks = process(next.action, origin: next.origin).startedTasks
    }
    queue.removeAll(keepingCapacity: true)
  }

  /// Waits until no effect is running, including effects started meanwhile by the actions that
  /// running effects send. Script mode calls this after every line.
  public func settle() async {
    await executor.waitUntilIdle()
  }

  /// Cancels every running effect. Nothing they send afterwards reaches the store.
  public func cancelAllEffects() {
    executor.cancelAll()
  }
}

/// Where an action handed to observers came from.
public enum ActionOrigin: String, Sendable, Codable {
  /// Sent by the program through ``Store/send(_:)``: typically something a user typed.
  case sent
  /// Sent by a running effect.
  case effect
}

/// Keeps a ``Store/observe(_:)`` registration alive until cancelled.
@MainActor
public final class StoreObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops observing. Calling it twice does nothing more.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }
}

extension Store {
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
  @usableFromInline let pending: PendingEffects

  @usableFromInline
  init(action: Action, origin: ActionOrigin, pending: PendingEffects) {
    self.action = action
    self.origin = origin
    self.pending = pending
  }
}
