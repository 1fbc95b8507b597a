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
    // Matched on the storage, case and payload at once: the payload is read from the effect's
    // box where it lies, not copied out as a whole operation first (which would copy it twice,
    // retaining every part each time).
    switch storage {
    case .none:
      return .none
    case .some(.send(let action)):
      return Effect<Other>(.send(transform(action)))
    case .some(.run(let body, let handler, let site)):
      var mappedHandler: Effect<Other>.Catch?
      if let handler {
        mappedHandler = { error, send in await handler(error, send.mapped(transform)) }
      }
      let mappedBody: Effect<Other>.Body = { send in try await body(send.mapped(transform)) }
      return Effect<Other>(.run(mappedBody, mappedHandler, site))
    case .some(.merge(let effects)):
      return Effect<Other>(.merge(effects.map { $0.map(transform) }))
    case .some(.concatenate(let effects)):
      return Effect<Other>(.concatenate(effects.map { $0.map(transform) }))
    case .some(.cancellable(let id, let cancelInFlight, let effect)):
      return Effect<Other>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect.map(transform)))
    case .some(.cancel(let id)):
      return Effect<Other>(.cancel(id))
    case .some(.throttle(let policy, let effect)):
      return Effect<Other>(.throttle(policy, effect.map(transform)))
    case .some(.cancelMatching(let matches)):
      return Effect<Other>(.cancelMatching(matches))
    case .some(.reportMisuse(let failure)):
      return Effect<Other>(.reportMisuse(failure))
    }
  }
}
