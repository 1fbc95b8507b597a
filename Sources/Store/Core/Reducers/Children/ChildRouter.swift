/// How `forEach`, `ifLet` and `ifCaseLet` route an action, written once: the child's part first
/// (the child sees its action while its state is still there), then the parent; if a child the
/// container held before the parent ran is gone after (removed, set to nil, another case,
/// replaced by one with another id), its effects are cancelled.
///
/// A conformer says where its children live and what happens to them there: how a child's
/// action is taken out of the parent's, how a child is reduced (or reported missing), and how
/// the router tells that one went away while the parent ran. Conformers are final classes,
/// immutable once built, holding their parts as their own fields: ``ChildReducer`` holds a
/// reference to one (a struct of the parts was copied to the stack twice an action where the
/// store calls its reducer), and each requirement reads only the fields it needs, where it
/// needs them. Requirements are methods, not properties: a property of a protocol hands out a
/// copy (an action case's closures were retained and released on every action).
@usableFromInline
protocol ChildRouter<Parent>: AnyObject {
  associatedtype Parent: Reducer where Parent.Action: Sendable
  /// The part of the parent's state the children live in: a collection, an optional, or the
  /// parent's whole state (an enum).
  associatedtype Container
  associatedtype ChildAction
  /// What is read before the parent runs and compared after: which children are there.
  associatedtype Presence

  /// Where the container is inside the parent's state, for a path of stored properties (as in
  /// ``Scope``): reached through it, an action skips the key-path machinery. Nil for a computed
  /// path.
  var containerOffset: Int? { get }
  /// The container, for a computed path.
  var toContainer: WritableKeyPath<Parent.State, Container> { get }

  /// The child's action in the parent's `action`, if it holds one, read as the router's
  /// ``CaseReading`` reads cases.
  func childAction(of action: Parent.Action) -> ChildAction?

  /// The child's part: its reducer run on its state in `container`, in place, or the misuse
  /// report of an action for a child that is not there; its effect embedded in the parent's
  /// actions under the child's hidden cancellation id.
  func reduceChild(
    _ container: inout Container, _ childAction: consuming ChildAction,
    _ parentAction: Parent.Action
  ) -> Effect<Parent.Action>

  /// The parent's reducer.
  func reduceParent(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>

  /// Which children `container` holds, cheaply (a version number, an id).
  func presence(in container: inout Container) -> Presence

  /// Whether every child `container` held when it had `before` is still there: the common case,
  /// in line.
  func holdsEveryChild(of container: inout Container, since before: Presence) -> Bool

  /// The effect that cancels the effects of the children that left `container` since it held
  /// `before` (asked only when ``holdsEveryChild(of:since:)`` says some may have).
  func departures(from container: inout Container, since before: Presence) -> Effect<Parent.Action>
}

extension ChildRouter {
  @inlinable
  func route(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    guard let offset = containerOffset else {
      return routeThroughKeyPath(into: &state, action: action)
    }
    return route(at: &state, containerAt: offset, action: action)
  }

  /// `route(into:action:)` on the state at `root`, whose container is `offset` bytes in. A
  /// method taking a pointer rather than a closure given to `withUnsafeMutablePointer`, whose
  /// context would be a copy of `self` made on every action; in line with its caller.
  @inlinable
  @inline(__always)
  func route(
    at root: UnsafeMutablePointer<Parent.State>, containerAt offset: Int, action: Parent.Action
  ) -> Effect<Parent.Action> {
    // `offset(of:)` promises the container is stored at this offset, and the pointers are used
    // only during this call, while the state is exclusively ours (`root` is an `inout`
    // argument's); the parent's reducer gets the state through `root`, and `container` is read
    // again only after it returns (for an enum child, the container is the whole state, at
    // offset 0: the same rule holds, one access after the other).
    let container = (UnsafeMutableRawPointer(root) + offset)
      .assumingMemoryBound(to: Container.self)
    let childEffect: Effect<Parent.Action>
    if let childAction = childAction(of: action) {
      childEffect = reduceChild(&container.pointee, consume childAction, action)
    } else {
      childEffect = .none
    }
    let before = presence(in: &container.pointee)
    let parentEffect = reduceParent(into: &root.pointee, action: action)
    if _fastPath(holdsEveryChild(of: &container.pointee, since: before)) {
      return .merged(childEffect, parentEffect)
    }
    return .merged(childEffect, parentEffect, departures(from: &container.pointee, since: before))
  }

  /// `route(into:action:)` for a container behind a computed key path. Inlinable (though never
  /// in line), so that it is specialised where the reducer is built: unspecialised, each call
  /// looked up the metadata of the app's types and called the parent through its protocol
  /// witness. The container is read through the key path, and written only by the child.
  @inlinable
  @inline(never)
  func routeThroughKeyPath(into state: inout Parent.State, action: Parent.Action)
    -> Effect<Parent.Action>
  {
    let toContainer = self.toContainer
    let childEffect: Effect<Parent.Action>
    if let childAction = childAction(of: action) {
      childEffect = reduceChild(&state[keyPath: toContainer], consume childAction, action)
    } else {
      childEffect = .none
    }
    let before = presence(in: state, at: toContainer)
    let parentEffect = reduceParent(into: &state, action: action)
    var container = state[keyPath: toContainer]
    if holdsEveryChild(of: &container, since: before) {
      return .merged(childEffect, parentEffect)
    }
    return .merged(childEffect, parentEffect, departures(from: &container, since: before))
  }

  /// The presence read from a copy of the container, dropped before the parent runs: kept, it
  /// would make the parent's first change to the container copy it whole.
  @inlinable
  func presence(
    in state: Parent.State, at toContainer: WritableKeyPath<Parent.State, Container>
  ) -> Presence {
    var container = state[keyPath: toContainer]
    return presence(in: &container)
  }
}

/// The reducer `forEach`, `ifLet` and `ifCaseLet` return: a reference to its router.
@usableFromInline
struct ChildReducer<Router: ChildRouter>: Reducer {
  @usableFromInline let router: Router

  @inlinable
  init(_ router: Router) { self.router = router }

  @inlinable
  func reduce(into state: inout Router.Parent.State, action: Router.Parent.Action)
    -> Effect<Router.Parent.Action>
  {
    router.route(into: &state, action: action)
  }
}
