extension Effect {
  /// This effect with every cancellation id it uses — `cancellable`, `cancel`, `throttle`, and
  /// the hidden ids of children — moved into `namespace`: a child's ids then name only that
  /// child's effects. Two rows of a `forEach` that both use `CancelID.timer` each cancel their
  /// own timer, as in TCA, where a child's ids are scoped by its place in the tree.
  @usableFromInline
  func namespaced(by namespace: EffectID) -> Effect {
    guard let operation else { return self }
    switch operation {
    case .send, .run, .reportMisuse:
      return self
    case .merge(let effects):
      return Effect(.merge(effects.map { $0.namespaced(by: namespace) }))
    case .concatenate(let effects):
      return Effect(.concatenate(effects.map { $0.namespaced(by: namespace) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect(
        .cancellable(
          id: EffectID(NamespacedID(namespace: namespace, id: id)), cancelInFlight: cancelInFlight,
          effect.namespaced(by: namespace)))
    case .cancel(let id):
      return Effect(.cancel(EffectID(NamespacedID(namespace: namespace, id: id))))
    case .cancelMatching(let matches):
      return Effect(
        .cancelMatching { id in
          guard let inner = id.base as? NamespacedID, inner.namespace == namespace else {
            return false
          }
          return matches(inner.id)
        })
    case .throttle(let policy, let effect):
      let moved = ThrottlePolicy(
        id: EffectID(NamespacedID(namespace: namespace, id: policy.id)), latest: policy.latest,
        site: policy.site,
        mark: policy.mark, isOver: policy.isOver, sleepUntilOver: policy.sleepUntilOver)
      return Effect(.throttle(moved, effect.namespaced(by: namespace)))
    }
  }
}

/// A cancellation id inside a child's namespace.
struct NamespacedID: Hashable, Sendable {
  let namespace: EffectID
  let id: EffectID
}
