extension Reducer {
  /// This reducer, and every effect it returns, with the dependency at `keyPath` set to `value`.
  ///
  /// ```swift
  /// let store = TestStore(
  ///   initialState: Search.State(),
  ///   reducer: Search().dependency(\.continuousClock, clock))
  /// ```
  ///
  /// The value holds while the reducer runs and inside the `.run` bodies of the effects it
  /// returns (and their child tasks, and the effects of the actions those send back through this
  /// reducer). The innermost setting wins: in `Feature().dependency(\.x, 1).dependency(\.x, 2)`
  /// the feature sees 1, as with TCA. Settings in a row fuse into one reducer.
  @inlinable
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyWritingReducer<Self> {
    DependencyWritingReducer(self, update: { $0.set(keyPath, to: value) })
  }

  /// This reducer, and every effect it returns, with the dependency at `keyPath` changed by
  /// `transform` from the value in effect around it.
  ///
  /// ```swift
  /// Search().transformDependency(\.searchClient) { client in
  ///   client = .failing
  /// }
  /// ```
  ///
  /// As with ``dependency(_:_:)``, the innermost change wins and changes in a row fuse.
  @inlinable
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyWritingReducer<Self> {
    DependencyWritingReducer(self, update: { transform(&$0[keyPath: keyPath]) })
  }
}

/// A reducer that runs its base reducer, and the effects the base returns, with some
/// dependencies changed: what ``Reducer/dependency(_:_:)`` and
/// ``Reducer/transformDependency(_:transform:)`` return.
///
/// ```swift
/// let reducer: DependencyWritingReducer<Counter> = Counter()
///   .dependency(\.continuousClock, clock)
///   .dependency(\.uuid, .incrementing)
/// ```
public struct DependencyWritingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  /// The changes, outermost first, so that the innermost is applied last and wins.
  @usableFromInline let updates: [@Sendable (inout DependencyValues) -> Void]
  /// All of `updates` in one closure, made once rather than at every action.
  @usableFromInline let change: @Sendable (inout DependencyValues) -> Void

  @inlinable
  init(_ base: Base, update: @escaping @Sendable (inout DependencyValues) -> Void) {
    self.init(base, updates: [update])
  }

  @inlinable
  init(_ base: Base, updates: [@Sendable (inout DependencyValues) -> Void]) {
    self.base = base
    self.updates = updates
    self.change = { values in
      for update in updates { update(&values) }
    }
  }

  /// Runs the base reducer with the changed dependencies, and returns its effects changed so
  /// that their bodies see them too.
  ///
  /// ```swift
  /// let effect = reducer.reduce(into: &state, action: .tapped)
  /// ```
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    var values = DependencyValues.current
    change(&values)
    var effect = Effect<Base.Action>.none
    DependencyValues.withCurrent(values) { effect = base.reduce(into: &state, action: action) }
    return effect.changingDependencies(change)
  }

  /// Fuses a further setting into this reducer; the one already here is inner, so it wins.
  ///
  /// ```swift
  /// let fused = Counter().dependency(\.uuid, .incrementing).dependency(\.uuid, .constant(id))
  /// ```
  @inlinable
  public func dependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable, _ value: Value
  ) -> DependencyWritingReducer<Base> {
    DependencyWritingReducer(base, updates: [{ $0.set(keyPath, to: value) }] + updates)
  }

  /// Fuses a further change into this reducer; the one already here is inner, so it wins.
  ///
  /// ```swift
  /// let fused = Counter().transformDependency(\.count) { $0 += 1 }
  ///   .transformDependency(\.count) { $0 *= 2 }
  /// ```
  @inlinable
  public func transformDependency<Value: Sendable>(
    _ keyPath: WritableKeyPath<DependencyValues, Value> & Sendable,
    transform: @escaping @Sendable (inout Value) -> Void
  ) -> DependencyWritingReducer<Base> {
    DependencyWritingReducer(
      base, updates: [{ transform(&$0[keyPath: keyPath]) }] + updates)
  }
}

extension DependencyWritingReducer: Sendable where Base: Sendable {}

extension Effect {
  /// This effect with `change` applied to the dependencies its `.run` bodies and catch handlers
  /// see, on top of those of the store that runs it. Its shape is kept.
  @usableFromInline
  func changingDependencies(_ change: @escaping @Sendable (inout DependencyValues) -> Void)
    -> Effect
  {
    guard let operation else { return self }
    switch operation {
    case .send, .cancel, .cancelMatching, .reportMisuse:
      return self
    case .run(let body, let handler, let site):
      // What the effect sends is reduced with the store's values, not the changed ones: a
      // store without overrides of its own reduces under those of the task that sends.
      let changedBody: Body = { send in
        let restoring = send.delivering(under: DependencyValues.current)
        try await withDependencies(change) { try await body(restoring) }
      }
      var changedHandler: Catch?
      if let handler {
        changedHandler = { error, send in
          let restoring = send.delivering(under: DependencyValues.current)
          await withDependencies(change) { await handler(error, restoring) }
        }
      }
      return Effect(.run(changedBody, changedHandler, site))
    case .merge(let effects):
      return Effect(.merge(effects.map { $0.changingDependencies(change) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { $0.changingDependencies(change) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.changingDependencies(change)))
    case .throttle(let policy, let effect):
      return Effect(.throttle(policy, effect.changingDependencies(change)))
    }
  }
}
