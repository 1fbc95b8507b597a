/// The reducer `ifLet` returns: a reference to its ``OptionalChildRouter``, as `forEach`'s is
/// to its ``ForEachRouter``.
@usableFromInline
struct OptionalChildReducer<Parent: Reducer, Child: Reducer, Presence: ChildPresence>: Reducer
where Parent.Action: Sendable, Child.Action: Sendable, Presence.State == Parent.State {
  @usableFromInline let router: OptionalChildRouter<Parent, Child, Presence>

  @inlinable
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child, presence: Presence,
    site: ChildSite
  ) {
    router = OptionalChildRouter(
      parent: parent, toChild: toChild, toChildAction: toChildAction, child: child,
      presence: presence, site: site)
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    router.reduce(into: &state, action: action)
  }
}

/// What `ifLet` routes with, immutable once built: the child reducer run in place on the
/// optional child state while it is not nil, first, its effects under the child's hidden
/// cancellation id; then the parent; and if the child was present before the parent ran and is
/// not after (or is another `Identifiable` child), the child's effects are cancelled.
///
/// The same rules as ``PresentedChildRouter`` over a `Scope` of an `OptionalChild` (which
/// `ifCaseLet` still uses), in one step: the child state is reached through one pointer into
/// the parent's, with no `Scope` and no `OptionalChild` between (callgrind: 451.6 → 368.6
/// instructions an action, docs/performance.md), and the rare cases — an effect to embed, a child action while the
/// child is nil — are static functions out of line, taking only what they use.
@usableFromInline
final class OptionalChildRouter<Parent: Reducer, Child: Reducer, Presence: ChildPresence>
where Parent.Action: Sendable, Child.Action: Sendable, Presence.State == Parent.State {
  @usableFromInline let parent: Parent
  @usableFromInline let toChild: WritableKeyPath<Parent.State, Child.State?>
  /// Where the child is inside the parent's state, for a path of stored properties (as in
  /// ``Scope``); nil for a computed path, which takes ``reduceThroughKeyPath(into:action:)``.
  @usableFromInline let offset: Int?
  @usableFromInline let toChildAction: ActionCase<Parent.Action, Child.Action>
  @usableFromInline let child: Child
  /// Nil while the child is absent; otherwise which child it is.
  @usableFromInline let presence: Presence
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child, presence: Presence,
    site: ChildSite
  ) {
    self.parent = parent
    self.toChild = toChild
    self.offset = MemoryLayout<Parent.State>.offset(of: toChild)
    self.toChildAction = toChildAction
    self.child = child
    self.presence = presence
    self.site = site
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let offset else { return reduceThroughKeyPath(into: &state, action: action) }
    return reduce(at: &state, childAt: offset, action: action)
  }

  /// `reduce(into:action:)` on the state at `root`, whose child is `offset` bytes in; in line
  /// with it, as `forEach`'s (a call of its own cost about 10 instructions an action).
  @inlinable
  @inline(__always)
  func reduce(
    at root: UnsafeMutablePointer<Parent.State>, childAt offset: Int, action: Parent.Action
  ) -> Effect<Parent.Action> {
    // As in `Scope`: `offset(of:)` promises the child is stored at this offset, and the
    // pointers are used only during this call, while the state is exclusively ours (`root` is
    // an `inout` argument's); the child's pointer is not used once the parent's reducer runs.
    let childState = (UnsafeMutableRawPointer(root) + offset)
      .assumingMemoryBound(to: Child.State?.self)
    let childEffect: Effect<Parent.Action>
    if let childAction = toChildAction.extractBody(action) {
      childEffect = reduceChild(&childState.pointee, consume childAction)
    } else {
      childEffect = .none
    }
    return presence.reduce(parent, &root.pointee, action, after: childEffect, site: site)
  }

  /// `reduce(into:action:)` for a child behind a computed key path. Inlinable (though never in
  /// line), so that it is specialised where the reducer is built: unspecialised, each call looked
  /// up the metadata of `Optional`s, tuples and effects of the app's types, and called the parent
  /// through its protocol witness (a routed dog action cost 18,700 instructions in replay).
  @inlinable
  @inline(never)
  func reduceThroughKeyPath(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let childEffect: Effect<Parent.Action>
    if let childAction = toChildAction.extractBody(action) {
      childEffect = reduceChild(&state[keyPath: toChild], consume childAction)
    } else {
      childEffect = .none
    }
    return presence.reduce(parent, &state, action, after: childEffect, site: site)
  }

  /// The child's part: the child reducer on the child state in place, or the misuse report of
  /// a child action while it is nil.
  @inlinable
  @inline(__always)
  func reduceChild(_ state: inout Child.State?, _ childAction: consuming Child.Action)
    -> Effect<Parent.Action>
  {
    guard state != nil else {
      return Self.embed(
        Effect(.reportMisuse(ChildMisuse.nilChild(childAction, operator: "ifLet", at: site))),
        site: site, embed: toChildAction.embedBody)
    }
    let effect = child.reduce(into: &state!, action: childAction)
    if _fastPath(effect.isNone) { return .none }
    return Self.embed(effect, site: site, embed: toChildAction.embedBody)
  }

  /// The child's effect embedded in the parent's actions, under the child's hidden
  /// cancellation id.
  @usableFromInline
  @inline(never)
  static func embed(
    _ effect: Effect<Child.Action>, site: ChildSite,
    embed: @escaping @Sendable (Child.Action) -> Parent.Action
  ) -> Effect<Parent.Action> {
    let namespace = site.childEffects
    return effect.map(embed).namespaced(by: namespace).cancellable(id: namespace)
  }
}
