extension Store {
  /// Calls `onChange` with `value` of the current state at once, then, each time a burst of
  /// actions has been handled (see `docs/store.md`, "Ordering"), only when `value` has changed.
  ///
  /// ```swift
  /// let observation = store.observe({ ClockViewModel(state: $0.clock).text }) { text in
  ///   print("clock:", text)
  /// }
  /// ```
  ///
  /// `value` runs after every burst the store handles, so keep it cheap: derive from the
  /// smallest part of the state that matters, or observe a scoped store. Observing stops when
  /// the returned ``StoreObservation`` is cancelled or released.
  @inlinable
  public func observe<Value: Equatable>(
    _ value: @escaping (State) -> Value, onChange: @escaping (Value) -> Void
  ) -> StoreObservation {
    observe(value, removeDuplicates: { $0 == $1 }, onChange: onChange)
  }

  /// Calls `onChange` with the value at `keyPath` at once, then after each burst of actions only
  /// when it has changed.
  ///
  /// ```swift
  /// let observation = store.observe(\.count) { count in print("count:", count) }
  /// ```
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, onChange: @escaping (Value) -> Void
  ) -> StoreObservation {
    observe({ $0[keyPath: keyPath] }, removeDuplicates: { $0 == $1 }, onChange: onChange)
  }

  /// Calls `onChange` with `value` of the current state at once, then after each burst of
  /// actions unless `isDuplicate(previous, next)` says the value has not changed.
  ///
  /// ```swift
  /// let observation = store.observe({ $0.temperature }, removeDuplicates: { abs($0 - $1) < 0.5 }) {
  ///   print("about", $0)
  /// }
  /// ```
  ///
  /// Inlinable, as are the two above: the closure that compares each new value with the last is
  /// compiled where the store is observed, for the concrete `Value`, instead of running generic
  /// in this module (metadata lookups and value-witness copies on every action).
  @inlinable
  public func observe<Value>(
    _ value: @escaping (State) -> Value,
    removeDuplicates isDuplicate: @escaping (Value, Value) -> Bool,
    onChange: @escaping (Value) -> Void
  ) -> StoreObservation {
    var last = value(state)
    // Subscribe before the first call, so that an action `onChange` sends is seen.
    let observation = subscribe { state in
      let next = value(state)
      guard !isDuplicate(last, next) else { return }
      last = next
      onChange(next)
    }
    onChange(last)
    return observation
  }

  /// Calls `body` with this store's state once each burst of actions the root store handles has
  /// been handled.
  @usableFromInline
  func subscribe(_ body: @escaping (State) -> Void) -> StoreObservation {
    if let link { return link.subscribeAfterBurst(body) }
    return addStateObserver(body)
  }
}
