/// The engine of a root ``Store`` — and of a ``TestStore``, which runs one: the state, the
/// reducer, the queue of actions, the observers and the effect executor. There is one send loop,
/// here.
///
/// `send` reduces the action, starts the effects the reducer returned — a `.send` among them
/// joins the queue at once — then tells every observer of actions; then it takes the next queued
/// action. An action sent while the store is busy (by an observer, by a `.send` effect) joins the
/// end of the queue and is handled before the outer `send` returns, in order, never
/// re-entrantly. Once the queue is empty, the observers of the state are told once, of the state
/// the burst ended in (as TCA's store publishes once a burst); what they send starts another.
extension Store {
  /// The state of a scoped store (read through its link), or a read while the reducer runs,
  /// which stops the program.
  @usableFromInline
  func stateOffTheFastPath() -> State {
    if let link { return link.state() }
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
    if _slowPath(phase != .idle) { return enqueue(action, origin: origin) }
    let task = process(action, origin: origin, into: nil)
    if !queue.isEmpty { drainQueue() }
    if !stateObservers.isEmpty { notifyStateObservers() }
    phase = .idle
    return task
  }

  /// Tells the observers of the state of the state a burst ended in, lent in place as to the
  /// observers of actions (see ``notifyObservers(_:_:)``); the actions they send are handled,
  /// and the observers told again, until none is sent. One observer (the usual case) is called
  /// without copying the array. Never inlined: in line, `send` grew past what the optimiser
  /// inlines into its callers, and every store paid a call for `send` and one for `process`.
  @inlinable
  @inline(never)
  func notifyStateObservers() {
    if stateObservers.count == 1 {
      stateObservers[0].body(&currentState)
    } else {
      let current = stateObservers
      for index in current.indices { current[index].body(&currentState) }
    }
    if _slowPath(!queue.isEmpty) { drainAndNotifyAgain() }
  }

  /// The actions state observers sent: handled, and the observers told again, until they send
  /// none. Out of line: rare.
  @inlinable
  @inline(never)
  func drainAndNotifyAgain() {
    repeat {
      drainQueue()
      let current = stateObservers
      for index in current.indices { current[index].body(&currentState) }
    } while !queue.isEmpty
  }

  /// An action an effect sent: reduced now, or queued when the store is busy.
  @inlinable
  func receive(_ action: Action) {
    if phase != .idle {
      queue.append(QueuedAction(action: action, origin: .effect, run: nil))
    } else {
      send(action, origin: .effect)
    }
  }

  /// An action sent while the store is busy — or to a scoped store, which forwards it to the
  /// root.
  @inlinable
  func enqueue(_ action: Action, origin: ActionOrigin) -> StoreTask {
    if let link { return link.send(action) }
    return StoreTask(run: enqueueWithRun(action, origin: origin))
  }

  @usableFromInline
  func enqueueWithRun(_ action: Action, origin: ActionOrigin) -> EffectRun {
    let run = EffectRun(executor: executor)
    queue.append(QueuedAction(action: action, origin: origin, run: run))
    return run
  }

  @inlinable
  func process(_ action: Action, origin: ActionOrigin, into run: EffectRun?) -> StoreTask {
    if let ledger = executor.ledger { ledger.begin(origin) }
    phase = .reducing
    let effect =
      dependencies == nil ? reducer(&currentState, action) : reduceWithDependencies(action)
    phase = .notifying
    let task =
      effect.isNone ? StoreTask(run: run) : StoreTask(run: executor.start(effect, into: run))
    notifyObservers(action, origin)
    return task
  }

  /// Tells every observer of `action`, in the order they subscribed, as they were when this
  /// began (an observer may add or cancel observers while notified).
  ///
  /// The state is lent, not copied: each observer's body takes it `inout` (see ``Observer``),
  /// so no reference in it is retained and released per observer. Safe: while
  /// observers run the phase is `.notifying`, where nothing writes `currentState` — a `send`
  /// is queued, `replaceState` requires `.idle`, and the reducer runs only in `process` — so
  /// the lent state and a read of ``state`` meanwhile see the same, unchanging value; and the
  /// wrapper `addObserver` builds passes it on to the caller's closure as a plain argument,
  /// which cannot write it.
  ///
  /// With one observer (the usual case), the array is not copied for the loop: the observer's
  /// closure is copied out of it (retained) before the call, so it stays alive even if it
  /// cancels itself, and it is the only one told, as the copied array would have told it.
  @inlinable
  @inline(__always)
  func notifyObservers(_ action: Action, _ origin: ActionOrigin) {
    let count = observers.count
    if count == 0 { return }
    if count == 1 { return observers[0].body(action, origin, &currentState) }
    let current = observers
    for index in current.indices { current[index].body(action, origin, &currentState) }
  }

  /// Reduces `action` with the store's own dependencies in effect. Inlinable, and through a
  /// closure returning nothing: a generic `withValue` returning the effect would instantiate the
  /// metadata of `Effect<Action>` and `Result` on every action. Never inlined: the store without
  /// overrides keeps its short path.
  @inlinable
  @inline(never)
  func reduceWithDependencies(_ action: Action) -> Effect<Action> {
    var effect = Effect<Action>.none
    DependencyValues.withCurrent(dependencies!) { effect = reducer(&currentState, action) }
    return effect
  }

  /// Specialised where the store is made (inlinable), but never inlined: in line, it would
  /// lengthen every `send` for the rare busy case.
  @inlinable
  @inline(never)
  func drainQueue() {
    var index = 0
    while index < queue.count {
      let next = queue[index]
      index += 1
      _ = process(next.action, origin: next.origin, into: next.run)
    }
    queue.removeAll(keepingCapacity: true)
  }

  /// Hands the actions effects send to a ``receive(_:)`` compiled where this is called: the
  /// inlinable initialisers call it, so that an app's effect answers are reduced by a send loop
  /// specialised for its state and actions, as typed actions are, not by this module's generic
  /// copy (metadata lookups and value-witness copies of the state on every answer).
  @inlinable
  func receiveEffectActionsHere() {
    executor.deliver = { [weak self] action in self?.receive(action) }
  }

  /// Calls `body` with the state once each burst of actions has been handled (and after
  /// ``replaceState(with:)``), until the returned observation is cancelled or released.
  func addStateObserver(_ body: @escaping (State) -> Void) -> StoreObservation {
    nextObserverID += 1
    let id = nextObserverID
    stateObservers.append(StateObserver(id: id, body: { state in body(state) }))
    return StoreObservation { [weak self] in
      self?.stateObservers.removeAll { $0.id == id }
    }
  }

  /// Calls `observer` after every action this root store reduces, and `replaced` (if any) after
  /// ``replaceState(with:)``, until the returned observation is cancelled or released.
  func addObserver(
    replaced: ((State) -> Void)? = nil,
    _ observer: @escaping (Action, ActionOrigin, State) -> Void
  ) -> StoreObservation {
    nextObserverID += 1
    let id = nextObserverID
    observers.append(
      Observer(
        id: id, body: { action, origin, state in observer(action, origin, state) },
        replaced: replaced))
    return StoreObservation { [weak self] in
      self?.observers.removeAll { $0.id == id }
    }
  }
}

/// What every store of one tree shares: the root's effects.
@MainActor
protocol StoreRoot: AnyObject {
  var runningEffects: Int { get }
  func settle() async
  func cancelAllEffects()
}

/// What a store's engine is doing, in one byte.
@usableFromInline
enum Phase: UInt8 {
  /// Not sending: a `send` is reduced at once.
  case idle
  /// Starting effects and notifying observers: a `send` is queued; the state may be read.
  case notifying
  /// Running the reducer: a `send` is queued; reading the state stops the program.
  case reducing
  /// A scoped store: everything goes to the root.
  case scoped
}

extension Store {
  @usableFromInline
  struct Observer {
    @usableFromInline let id: Int
    /// The observer, handed the store's state in place: `inout` only so that the state is lent
    /// rather than copied (a borrowed argument read from the store's storage is copied before
    /// an opaque call); it never writes it (see ``Store/notifyObservers(_:_:)``).
    @usableFromInline let body: (Action, ActionOrigin, inout State) -> Void
    /// Told of a state set without an action (``Store/replaceState(with:)``): observers of the
    /// state alone have one, observers of actions none.
    let replaced: ((State) -> Void)?

    init(
      id: Int, body: @escaping (Action, ActionOrigin, inout State) -> Void,
      replaced: ((State) -> Void)?
    ) {
      self.id = id
      self.body = body
      self.replaced = replaced
    }
  }
}

extension Store {
  /// An observer of the state alone, told once a burst of actions has been handled.
  @usableFromInline
  struct StateObserver {
    @usableFromInline let id: Int
    /// Handed the store's state in place, as ``Observer/body`` is; it never writes it.
    @usableFromInline let body: (inout State) -> Void
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
