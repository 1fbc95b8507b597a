extension Store {
  /// Makes `state` the root store's state without an action: cancels every running effect
  /// (nothing they send afterwards reaches the store), sets the state, and tells the observers
  /// of the state alone (``observe(_:onChange:)-(KeyPath<State,Value>,_)``, scoped stores), not
  /// those of actions, since no action was handled. What a console's time travel uses for an app
  /// without an action that restores a state; an app's own code changes state through actions.
  ///
  /// ```swift
  /// store.replaceState(with: earlier)   // the screens show `earlier`; no effect is running
  /// ```
  ///
  /// An action an observer sends meanwhile is queued and handled before this returns, as during
  /// ``send(_:)``. **Bound:** one call per observer of the state, plus cancelling each running
  /// effect once; the state is assigned, not compared or copied field by field. Call it on the root store, outside a `send`: elsewhere it stops the program.
  package func replaceState(with state: State) {
    precondition(
      link == nil && phase == .idle,
      "replaceState(with:) was called on a scoped store or while the store was handling an "
        + "action. To fix, call it on the root store, outside its reducers and observers.")
    executor.cancelAll()
    currentState = state
    phase = .notifying
    let current = observers  // an observer may add or cancel observers while notified
    for index in current.indices { current[index].replaced?(currentState) }
    let states = stateObservers
    for index in states.indices { states[index].body(&currentState) }
    if !queue.isEmpty { drainAndNotifyAgain() }
    phase = .idle
  }
}
