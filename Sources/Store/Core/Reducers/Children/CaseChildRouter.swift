/// What `ifCaseLet` routes with (see ``ChildRouter``): its child is one case of the parent's
/// enum state (the container is the whole state), taken out, reduced and put back while the
/// state is that case. The child went away when the state left the case or, for an
/// `Identifiable` child, took another id.
@usableFromInline
final class CaseChildRouter<Parent: Reducer, Child: Reducer, Reading: CaseReading>: ChildRouter
where Parent.Action: Sendable, Child.Action: Sendable {
  @usableFromInline typealias Container = Parent.State
  @usableFromInline let parent: Parent
  @usableFromInline let toChildAction: ActionCase<Parent.Action, Child.Action>
  @usableFromInline let toCase: ActionCase<Parent.State, Child.State>
  @usableFromInline let child: Child
  @usableFromInline let identity: HashedChildIdentity<Child.State>
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, toCase: ActionCase<Parent.State, Child.State>,
    toChildAction: ActionCase<Parent.Action, Child.Action>, child: Child, site: ChildSite
  ) {
    self.parent = parent
    self.toChildAction = toChildAction
    self.toCase = toCase
    self.child = child
    self.identity = HashedChildIdentity()
    self.site = site
  }

  /// The whole state, at offset 0.
  @inlinable
  var containerOffset: Int? { 0 }

  @inlinable
  var toContainer: WritableKeyPath<Parent.State, Parent.State> { \Parent.State.self }

  @inlinable
  @inline(__always)
  func childAction(of action: Parent.Action) -> Child.Action? {
    Reading.extract(toChildAction.extractBody, toChildAction.learned, from: action)
  }

  /// The child reducer on the case's value, put back after; or the misuse report of a child
  /// action while the state is another case.
  @inlinable
  @inline(__always)
  func reduceChild(
    _ state: inout Parent.State, _ childAction: consuming Child.Action, _: Parent.Action
  ) -> Effect<Parent.Action> {
    guard var value = Reading.extract(toCase.extractBody, toCase.learned, from: state) else {
      return ChildEffects.embed(
        Effect(
          .reportMisuse(
            ChildMisuse.otherCase(childAction, state: state, operator: "ifCaseLet", at: site))),
        site: site, embed: toChildAction.embedBody)
    }
    let effect = child.reduce(into: &value, action: childAction)
    state = toCase.embedBody(value)
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

  /// Nil while the state is another case; else, for a child not `Identifiable`, 0, told by
  /// the case's tag alone.
  @inlinable
  @inline(__always)
  func presence(in state: inout Parent.State) -> Int? {
    guard identity.idHash != nil else {
      return Reading.contains(toCase.extractBody, toCase.learned, state) ? 0 : nil
    }
    var value = Reading.extract(toCase.extractBody, toCase.learned, from: state)
    return identity.identity(of: &value)
  }

  /// The child there before is there still, or there was none.
  @inlinable
  @inline(__always)
  func holdsEveryChild(of state: inout Parent.State, since before: Int?) -> Bool {
    before == nil || presence(in: &state) == before
  }

  @inlinable
  func departures(from _: inout Parent.State, since _: Int?) -> Effect<Parent.Action> {
    ChildEffects.cancel(site: site)
  }
}
