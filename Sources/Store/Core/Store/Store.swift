/// Holds the one state of an app and changes it only by running the reducer on actions.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: AppReducer()) { $0.time = .system }
/// let observation = store.observe(\.clock) { clock in render(clock) }
/// await store.send(.reload).finish()   // wait for the effects `reload` started
/// await store.settle()                 // wait until no effect is running at all
/// ```
///
/// `send` reduces the action, starts the effects the reducer returned, then tells every
/// observer. An action sent while the store is busy — by a `.send` effect, by an observer — is
/// queued and handled before that `send` returns, in order, never re-entrantly. A store made by
/// ``scope(state:action:)-(KeyPath<State,ChildState>,ActionCase<Action,ChildAction>)`` shows part of the state and sends to
/// the root store directly. The full rules are in `docs/store.md`.
@MainActor
public final class Store<State, Action: Sendable>: StoreRoot {
  // The engine's state, used by a root store (see Store+Engine.swift). Exclusivity is checked
  // statically here instead of at run time, which spares every action the run-time checks.
  // That is safe: the class is main-actor
  // isolated, so no two threads reach these properties at once; and within the actor no access
  // can overlap another: the reducer receives the state alone (not the store); a reducer that
  // captured the store anyway and reads `state` stops the program (`phase`) instead of
  // reading under the `inout` access; observers run only after the reducer's access has ended,
  // and are lent the state through an `inout` access of their own during which nothing writes
  // it, so a read of `state` meanwhile overlaps only reads (see `notifyObservers`); and a
  // re-entrant send is queued rather than reduced inside an access.
  @exclusivity(unchecked) @usableFromInline var currentState: State
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @exclusivity(unchecked) @usableFromInline var observers: [Observer] = []
  /// The observers of the state alone (``observe(_:onChange:)-(KeyPath<State,Value>,_)`` and
  /// its kin), told once a burst of actions has been handled.
  @exclusivity(unchecked) @usableFromInline var stateObservers: [StateObserver] = []
  /// What the engine is doing: one byte, so that the send loop's bookkeeping costs a store a
  /// step. A scoped store stays `.scoped`, which sends its actions and state reads off the fast
  /// path to its link.
  @exclusivity(unchecked) @usableFromInline var phase = Phase.idle
  @exclusivity(unchecked) @usableFromInline var queue: [QueuedAction<Action>] = []
  @usableFromInline let executor: EffectExecutor<Action>
  var nextObserverID = 0
  /// The way to the root, for a scoped store (whose own engine stays unused); nil for a root.
  @usableFromInline let link: ScopeLink<State, Action>?
  /// The dependencies this store reduces and runs effects with; nil when they are the ambient
  /// ones a program starts with, so that a plain store pays nothing for them (see
  /// Store+Dependencies.swift).
  @usableFromInline let dependencies: DependencyValues?

  /// Creates a store with `initialState`, changed from then on only by `reducer`.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter())
  /// ```
  @inlinable
  public convenience init<R: Reducer>(initialState: @autoclosure () -> State, reducer: R)
  where R.State == State, R.Action == Action {
    // Through a reference: a reducer struct captured by the closure itself would be copied to
    // the stack twice an action before its `reduce` ran; a class's method gets the reference as
    // it is.
    self.init(
      initialState: initialState(), reduce: ReducerReference(reducer).reduce(into:action:))
    receiveEffectActionsHere()
  }

  /// Creates a store from a reducing function.
  ///
  /// ```swift
  /// let store = Store(initialState: 0) { (count: inout Int, action: Int) in
  ///   count += action
  ///   return .none
  /// }
  /// ```
  ///
  /// The function sees the state only as its `inout` argument; reading the store's ``state``
  /// from inside it stops the program with a message saying so.
  public convenience init(
    initialState: @autoclosure () -> State,
    reduce: @escaping (inout State, Action) -> Effect<Action>
  ) {
    self.init(
      initialState: initialState(), reduce: reduce, dependencies: DependencyValues.current)
  }

  /// A root store whose reducer and effects see `dependencies`.
  @usableFromInline
  init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>,
    dependencies: DependencyValues
  ) {
    self.currentState = initialState
    self.reducer = reduce
    self.executor = EffectExecutor(deliver: { _ in })
    self.link = nil
    self.dependencies = dependencies.isDefault ? nil : dependencies
    executor.dependencies = self.dependencies
    executor.deliver = { [weak self] action in self?.receive(action) }
  }

  /// A scoped store, showing `initialState` now and the root's state through `link` from then on.
  init(scoped initialState: State, link: ScopeLink<State, Action>) {
    self.currentState = initialState
    self.reducer = { _, _ in .none }
    self.executor = EffectExecutor(deliver: { _ in })
    self.link = link
    self.dependencies = nil
    // Never idle, never readable in place: its sends and state reads leave the root's fast
    // path for the slow one, which forwards them to the root, so the root's `send` and `state`
    // test no link.
    self.phase = .scoped
  }

  /// A root store that goes away cancels the effects it is still running (as TCA's does): no
  /// effect outlives the store whose actions it would send. A scoped store's effects are the
  /// root's and keep running.
  isolated deinit {
    if link == nil { executor.cancelAll() }
  }

  /// The current state (for a scoped store, its part of the root's state).
  ///
  /// ```swift
  /// print(store.state.count)
  /// ```
  @inlinable
  public var state: State {
    if phase.rawValue >= Phase.reducing.rawValue { return stateOffTheFastPath() }
    return currentState
  }

  /// How many effects of this store's tree are running now.
  ///
  /// ```swift
  /// if store.runningEffects > 0 { print("busy") }
  /// ```
  public var runningEffects: Int {
    if let link { return link.root.runningEffects }
    return executor.runningCount
  }

  /// Reduces `action`, starts its effects and notifies observers; a scoped store sends the
  /// action, embedded, to the root store.
  ///
  /// ```swift
  /// store.send(.increment)
  /// await store.send(.reload).finish()
  /// ```
  ///
  /// - Returns: a ``StoreTask`` that finishes when the effects this action started have
  ///   finished.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    send(action, origin: .sent)
  }

  /// Calls `observer` after every action is reduced, with the action, where it came from, and
  /// the new state, until the returned ``StoreObservation`` is cancelled or released.
  ///
  /// ```swift
  /// let observation = store.observe { action, origin, state in log(action, origin) }
  /// ```
  ///
  /// On a scoped store, `observer` hears of the root's actions that are this store's own (those
  /// its action case extracts; none for a store scoped with an embedding closure).
  public func observe(_ observer: @escaping (Action, ActionOrigin, State) -> Void)
    -> StoreObservation
  {
    if let link { return link.observe(observer) }
    return addObserver(observer)
  }

  /// Waits until no effect is running, including effects started meanwhile by the actions that
  /// running effects send. Script mode calls this after every line.
  ///
  /// ```swift
  /// store.send(.reload)
  /// await store.settle()
  /// ```
  public func settle() async {
    if let link { return await link.root.settle() }
    await executor.waitUntilIdle()
  }

  /// Cancels every running effect. Nothing they send afterwards reaches the store.
  ///
  /// ```swift
  /// store.cancelAllEffects()
  /// ```
  public func cancelAllEffects() {
    if let link { return link.root.cancelAllEffects() }
    executor.cancelAll()
  }

  /// How many observers this root store has, of actions and of the state (observations count
  /// one each).
  var observerCount: Int { observers.count + stateObservers.count }
}

/// Where an action handed to observers came from.
///
/// ```swift
/// let observation = store.observe { _, origin, _ in if origin == .effect { print("answer") } }
/// ```
public enum ActionOrigin: String, Sendable, Codable {
  /// Sent by the program through ``Store/send(_:)``: typically something a user typed.
  case sent
  /// Sent by a running effect.
  case effect
}

/// Keeps an observation of a store alive: observing stops when it is cancelled or released.
///
/// ```swift
/// var observation: StoreObservation? = store.observe(\.count) { print($0) }
/// observation = nil   // stops observing
/// ```
@MainActor
public final class StoreObservation {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  /// Stops observing. Calling it twice does nothing more.
  ///
  /// ```swift
  /// observation.cancel()
  /// ```
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  isolated deinit {
    onCancel?()
  }
}
