/// What `ifLet` routes with (see ``ChildRouter``): its child is optional state, reduced in place
/// while it is not nil. The child went away when the state became nil or, for an `Identifiable`
/// child, took another id (`Identity` tells which child is there).
@usableFromInline
final class OptionalChildRouter<
  Parent: Reducer, Child: Reducer, Identity: ChildIdentity<Child.State>, Reading: CaseReading
>: ChildRouter where Parent.Action: Sendable, Child.Action: Sendable {
  @usableFromInline typealias Container = Child.State?
  @usableFromInline let parent: Parent
  @usableFromInline let toContainer: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let containerOffset: Int?
  @usableFromInline let toChildAction: ActionCase<Parent.Action, Child.Action>
  @usableFromInline let child: Child
  @usableFromInline let identity: Identity
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, toChild: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child, identity: Identity,
    site: ChildSite
  ) {
    self.parent = parent
    self.toContainer = toChild
    self.containerOffset = MemoryLayout<Parent.State>.offset(of: toChild)
    self.toChildAction = toChildAction
    self.child = child
    self.identity = identity
    self.site = site
  }

  @inlinable
  @inline(__always)
  func childAction(of action: Parent.Action) -> Child.Action? {
    Reading.extract(toChildAction.extractBody, toChildAction.learned, from: action)
  }

  /// The child reducer on the child state in place, or the misuse report of a child action
  /// while it is nil.
  @inlinable
  @inline(__always)
  func reduceChild(
    _ state: inout Child.State?, _ childAction: consuming Child.Action, _: Parent.Action
  ) -> Effect<Parent.Action> {
    guard state != nil else {
      return ChildEffects.embed(
        Effect(.reportMisuse(ChildMisuse.nilChild(childAction, operator: "ifLet", at: site))),
        site: site, embed: toChildAction.embedBody)
    }
    let effect = child.reduce(into: &state!, action: childAction)
    if _fastPath(effect.isNone) { return .none }
    return ChildEffects.embed(effect, site: site, embed: toChildAction.embedBody)
  }

  @inlinable
  @inline(__always)
  func reduceParent(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    parent.reduce(into: &state, action: action)
  }

  @inlinable
  @inline(__always)
  func presence(in state: inout Child.State?) -> Identity.Value? {
    identity.identity(of: &state)
  }

  /// The child there before is there still, or there was none.
  @inlinable
  @inline(__always)
  func holdsEveryChild(of state: inout Child.State?, since before: Identity.Value?) -> Bool {
    before == nil || identity.identity(of: &state) == before
  }

  @inlinable
  func departures(from _: inout Child.State?, since _: Identity.Value?) -> Effect<Parent.Action> {
    ChildEffects.cancel(site: site)
  }
}

/// The effects of an optional or enum child, under its hidden cancellation id: what `ifLet` and
/// `ifCaseLet` share, out of line (the rare paths of the routers).
@usableFromInline
enum ChildEffects {
  /// The child's effect embedded in the parent's actions, under the child's hidden
  /// cancellation id.
  @usableFromInline
  @inline(never)
  static func embed<ChildAction, ParentAction>(
    _ effect: Effect<ChildAction>, site: ChildSite,
    embed: @escaping @Sendable (ChildAction) -> ParentAction
  ) -> Effect<ParentAction> {
    let namespace = site.childEffects
    return effect.map(embed).namespaced(by: namespace).cancellable(id: namespace)
  }

  /// Cancels the effects of the child at `site`: it went away.
  @usableFromInline
  @inline(never)
  static func cancel<ParentAction>(site: ChildSite) -> Effect<ParentAction> {
    Effect(.cancel(site.childEffects))
  }
}
