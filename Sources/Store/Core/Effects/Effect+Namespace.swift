extension Effect {
  /// This effect with every cancellation id it uses — `cancellable`, `cancel`, `throttle`, and
  /// the hidden ids of children — moved into `namespace`: a child's ids then name only that
  /// child's effects. Two rows of a `forEach` that both use `CancelID.timer` each cancel their
  /// own timer, as in TCA, where a child's ids are scoped by its place in the tree. The
  /// executor also registers a child's effect under the ids its ancestors name it by (see
  /// ``EffectID/appendViews(to:)``), so a parent that cancels `CancelID.timer` cancels its
  /// children's timers too, as TCA's does.
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

/// The hidden id of a child's or an element's effects, which only the operator that made it
/// cancels: never seen by the child's ancestors (a recursive feature's ancestor at the same
/// site would cancel its descendants' children too).
protocol HiddenEffectID {}
extension ChildEffectsID: HiddenEffectID {}
extension ElementEffectsID: HiddenEffectID {}

extension EffectID {
  /// Appends this id and, for an id in the namespace of a child (of a child…), the ids each of
  /// the child's ancestors names it by — outermost first: `X` for the root, `X` in the child's
  /// namespace for the child, …, down to this one. So an effect a grandchild registered under
  /// `X` is cancelled by `.cancel(id: X)` from the root, from the child or from the grandchild
  /// (TCA's rule: an effect is registered for every prefix of its place in the tree), but a
  /// sibling's `X` names only the sibling's. Hidden ids (``HiddenEffectID``) are appended alone.
  /// Bound: O(d²) ids built for a depth d; O(1) for an id outside any child.
  func appendViews(to ids: inout [EffectID]) {
    ids.append(self)
    guard ObjectIdentifier(type(of: base)) == ObjectIdentifier(NamespacedID.self) else { return }
    var path: [EffectID] = []
    var raw = self
    while let namespaced = raw.base as? NamespacedID {
      path.append(namespaced.namespace)
      raw = namespaced.id
    }
    if raw.base is HiddenEffectID { return }
    for depth in 0..<path.count {
      var view = raw
      for namespace in path[..<depth].reversed() {
        view = EffectID(NamespacedID(namespace: namespace, id: view))
      }
      ids.append(view)
    }
  }
}
