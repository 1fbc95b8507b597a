extension Effect {
  /// Transforms the actions this effect sends, typically to embed a child feature's actions in
  /// its parent's. The effect's shape — what merges, concatenates, is cancellable or throttled —
  /// and its ordering are kept.
  ///
  /// ```swift
  /// let effect: Effect<AppAction> = clockEffect.map(AppAction.clock)
  /// ```
  @inlinable
  public func map<Other>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
    guard let operation else { return .none }
    switch operation {
    case .send(let action):
      return Effect<Other>(.send(transform(action)))
    case .run(let body, let handler, let site):
      var mappedHandler: Effect<Other>.Catch?
      if let handler {
        mappedHandler = { error, send in await handler(error, send.mapped(transform)) }
      }
      let mappedBody: Effect<Other>.Body = { send in try await body(send.mapped(transform)) }
      return Effect<Other>(.run(mappedBody, mappedHandler, site))
    case .merge(let effects):
      return Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<Other>(.concatenate(effects.map { $0.map(transform) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<Other>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .cancel(let id):
      return Effect<Other>(.cancel(id))
    case .throttle(let policy, let effect):
      return Effect<Other>(.throttle(policy, effect.map(transform)))
    case .cancelMatching(let matches):
      return Effect<Other>(.cancelMatching(matches))
    case .reportMisuse(let failure):
      return Effect<Other>(.reportMisuse(failure))
    }
  }
}
