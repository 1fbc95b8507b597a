extension Store {
  /// A store of part of this store's state and actions: its state is `state` of this one's, and
  /// what it sends is embedded with `action` and sent to the root store directly.
  ///
  /// ```swift
  /// let clock: Store<ClockState, ClockAction> = store.scope(state: \.clock, action: .clock)
  /// clock.send(.moveDay(1))   // the root store handles AppAction.clock(.moveDay(1))
  /// let observation = clock.observe(\.isLoading) { print("loading:", $0) }
  /// ```
  ///
  /// A scoped store holds no state of its own: reading its state reads the root's, and its
  /// observers hear of every root action, so they see its part change whoever changed it.
  public func scope<ChildState, ChildAction>(
    state toChild: KeyPath<State, ChildState>, action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    child(
      toChild: { $0[keyPath: toChild] }, embed: action.embedBody, extract: action.extractBody)
  }

  /// A store of part of this store's state, derived by `toChild`, whose actions `fromChild`
  /// embeds into this store's.
  ///
  /// ```swift
  /// let text: Store<String, CounterAction> = store.scope(state: { "\($0.count)" }, action: { $0 })
  /// ```
  ///
  /// The child's raw observers (``observe(_:)``) hear of no action: the closure cannot take the
  /// root's actions apart. Observe its state instead.
  public func scope<ChildState, ChildAction>(
    state toChild: @escaping (State) -> ChildState,
    action fromChild: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    child(toChild: toChild, embed: fromChild, extract: { _ in nil })
  }

  /// A store of optional child state, or nil while that state is nil.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: .detail) {
  ///   detail.send(.close)
  /// }
  /// ```
  ///
  /// Once the child state becomes nil, the store keeps showing its last value (so that a
  /// screen going away can still draw), and what it sends still goes to the root, whose
  /// reducer decides what an action for absent state means.
  public func scope<ChildState, ChildAction>(
    state toChild: KeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard let initial = state[keyPath: toChild] else { return nil }
    let last = LastValue(initial)
    let store = child(
      toChild: { parent in
        if let current = parent[keyPath: toChild] { last.value = current }
        return last.value
      }, embed: action.embedBody, extract: action.extractBody)
    // Remember every non-nil value, read or not, for when the state goes away.
    store.link?.keepAlive = access.subscribe { parent in
      if let current = parent[keyPath: toChild] { last.value = current }
    }
    return store
  }

  private func child<ChildState, ChildAction>(
    toChild: @escaping (State) -> ChildState, embed: @escaping (ChildAction) -> Action,
    extract: @escaping (Action) -> ChildAction?
  ) -> Store<ChildState, ChildAction> {
    let parent = access
    return Store<ChildState, ChildAction>(
      scoped: toChild(parent.state()),
      link: ScopeLink(
        state: { toChild(parent.state()) },
        send: { parent.send(embed($0)) },
        observe: { observer in
          parent.observe { action, origin, state in
            if let action = extract(action) { observer(action, origin, toChild(state)) }
          }
        },
        subscribe: { body in parent.subscribe { body(toChild($0)) } },
        subscribeAfterBurst: { body in parent.subscribeAfterBurst { body(toChild($0)) } },
        root: parent.root))
  }

  /// This store's state, sends and observers as closures, for a child to build on: a root's go
  /// straight to its engine, a scoped store's to the root through its own closures.
  private var access: ScopeLink<State, Action> {
    if let link { return link }
    return ScopeLink(
      state: { self.state },
      send: { self.send($0, origin: .sent) },
      observe: { self.addObserver($0) },
      subscribe: { body in self.addObserver(replaced: body) { _, _, state in body(state) } },
      subscribeAfterBurst: { body in self.addStateObserver(body) },
      root: self)
  }
}

/// The last non-nil value of optional child state.
@MainActor
final class LastValue<Value> {
  var value: Value

  init(_ value: Value) {
    self.value = value
  }
}

/// How a scoped store reaches its root: closures that read and project the root's state, embed
/// and send actions, and register observers on the root.
@MainActor
@usableFromInline
final class ScopeLink<State, Action> {
  @usableFromInline let state: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  let observe: (@escaping (Action, ActionOrigin, State) -> Void) -> StoreObservation
  /// Calls its argument with the state after every root action (what a scoped store of optional
  /// state remembers its last value by).
  let subscribe: (@escaping (State) -> Void) -> StoreObservation
  /// Calls its argument with the state once each burst of root actions has been handled (what
  /// observations of the state use).
  let subscribeAfterBurst: (@escaping (State) -> Void) -> StoreObservation
  let root: any StoreRoot
  /// An observation that lives as long as the scoped store.
  var keepAlive: StoreObservation?

  init(
    state: @escaping () -> State, send: @escaping (Action) -> StoreTask,
    observe: @escaping (@escaping (Action, ActionOrigin, State) -> Void) -> StoreObservation,
    subscribe: @escaping (@escaping (State) -> Void) -> StoreObservation,
    subscribeAfterBurst: @escaping (@escaping (State) -> Void) -> StoreObservation,
    root: any StoreRoot
  ) {
    self.state = state
    self.send = send
    self.observe = observe
    self.subscribe = subscribe
    self.subscribeAfterBurst = subscribeAfterBurst
    self.root = root
  }
}
