/// Holds the one state of an app and changes it only by running the reducer on actions.
///
/// ```swift
/// let store = Store(initialState: AppState(), reducer: AppReducer(environment: .live))
/// let observation = store.observe(\.clock) { clock in render(clock) }
/// await store.send(.reload).finish()   // wait for the effects `reload` started
/// await store.settle()                 // wait until no effect is running at all
/// ```
///
/// `send` reduces the action, starts the effects the reducer returned, then tells every
/// observer. An action sent while the store is busy — by a `.send` effect, by an observer — is
/// queued and handled before that `send` returns, in order, never re-entrantly. A store made by
/// ``scope(state:action:)-(KeyPath<State,ChildState>,_)`` shows part of the state and sends to
/// the root store directly. The full rules are in `docs/store.md`.
@MainActor
public final class Store<State, Action: Sendable> {
  /// The engine, for a root store.
  @usableFromInline let core: StoreCore<State, Action>?
  /// The way to the root, for a scoped store.
  @usableFromInline let link: ScopeLink<State, Action>?

  /// Creates a store with `initialState`, changed from then on only by `reducer`.
  ///
  /// ```swift
  /// let store = Store(initialState: Counter.State(), reducer: Counter())
  /// ```
  @inlinable
  public convenience init<R: Reducer>(initialState: State, reducer: R)
  where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reduce: reducer.reduce(into:action:))
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
  public init(initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.core = StoreCore(initialState: initialState, reduce: reduce)
    self.link = nil
  }

  init(link: ScopeLink<State, Action>) {
    self.core = nil
    self.link = link
  }

  /// The current state (for a scoped store, its part of the root's state).
  ///
  /// ```swift
  /// print(store.state.count)
  /// ```
  @inlinable
  public var state: State {
    if let core { return core.state }
    return link.unsafelyUnwrapped.state()
  }

  /// How many effects of this store's tree are running now.
  ///
  /// ```swift
  /// if store.runningEffects > 0 { print("busy") }
  /// ```
  public var runningEffects: Int { root.runningEffects }

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
    if let core { return core.send(action, origin: .sent) }
    return link.unsafelyUnwrapped.send(action)
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
    if let core { return core.observe(observer) }
    return link.unsafelyUnwrapped.observe(observer)
  }

  /// Waits until no effect is running, including effects started meanwhile by the actions that
  /// running effects send. Script mode calls this after every line.
  ///
  /// ```swift
  /// store.send(.reload)
  /// await store.settle()
  /// ```
  public func settle() async {
    await root.settle()
  }

  /// Cancels every running effect. Nothing they send afterwards reaches the store.
  ///
  /// ```swift
  /// store.cancelAllEffects()
  /// ```
  public func cancelAllEffects() {
    root.cancelAllEffects()
  }

  /// The engine whose effects this store's tree shares.
  var root: any StoreRoot {
    if let core { return core }
    return link.unsafelyUnwrapped.root
  }
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
