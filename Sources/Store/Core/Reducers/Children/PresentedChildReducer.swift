/// The reducer `ifCaseLet` returns: the child (scoped, run only while present) runs first,
/// under a hidden cancellation id; then the parent; and if the child was present before the
/// parent ran and is not after (or is another `Identifiable` child), the child's effects are
/// cancelled. A reference to its parts, as `forEach`'s (see ``ForEachReducer``): a struct of
/// them was copied to the stack before every call. (`ifLet` does the same in one step, with
/// ``OptionalChildRouter``.)
@usableFromInline
struct PresentedChildReducer<Parent: Reducer, Child: Reducer, Presence: ChildPresence>: Reducer
where
  Parent.State == Child.State, Parent.Action == Child.Action, Parent.Action: Sendable,
  Presence.State == Parent.State
{
  @usableFromInline let router: PresentedChildRouter<Parent, Child, Presence>

  @inlinable
  init(parent: Parent, child: Child, presence: Presence, site: ChildSite) {
    router = PresentedChildRouter(parent: parent, child: child, presence: presence, site: site)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    router.reduce(into: &state, action: action)
  }
}

/// What `ifCaseLet` routes with, immutable once built.
@usableFromInline
final class PresentedChildRouter<Parent: Reducer, Child: Reducer, Presence: ChildPresence>
where
  Parent.State == Child.State, Parent.Action == Child.Action, Parent.Action: Sendable,
  Presence.State == Parent.State
{
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  /// Nil while the child is absent; otherwise which child it is.
  @usableFromInline let presence: Presence
  @usableFromInline let site: ChildSite

  @inlinable
  init(parent: Parent, child: Child, presence: Presence, site: ChildSite) {
    self.parent = parent
    self.child = child
    self.presence = presence
    self.site = site
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = child.reduce(into: &state, action: action)
    if !childEffect.isNone {
      let namespace = site.childEffects
      childEffect = childEffect.namespaced(by: namespace).cancellable(id: namespace)
    }
    return presence.reduce(parent, &state, action, after: childEffect, site: site)
  }
}
