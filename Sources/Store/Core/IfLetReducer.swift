extension Reducer where Action: Sendable {
  /// Runs `child` on optional child state while it is not nil, before this reducer.
  ///
  /// ```swift
  /// Reduce<Todos.State, Todos.Action> { state, action in
  ///   if case .detail(.closeTapped) = action { state.detail = nil }
  ///   return .none
  /// }
  /// .ifLet(\.detail, action: .detail) { Detail() }
  /// ```
  ///
  /// When the child state becomes nil — by any reducer, for any action — the effects the child
  /// started are cancelled; so they are when an `Identifiable` child is replaced by one with
  /// another id. A child action while the state is nil is dropped and reported (a
  /// test failure under `TestStore`, one line on stderr otherwise), worded as TCA's.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    OptionalChildReducer(
      parent: self, toChild: toChild, toChildAction: action, child: child(),
      presence: ChildIdentity(of: toChild),
      site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `child` on optional, identifiable child state while it is not nil, before this
  /// reducer: the `ifLet` above, chosen for a child whose type is known to be `Identifiable`,
  /// which tells one child from the next by comparing ids.
  ///
  /// ```swift
  /// struct Detail: Reducer {
  ///   struct State: Identifiable { let id: UUID; var text = "" }
  ///   // …
  /// }
  /// parent.ifLet(\.detail, action: .detail) { Detail() }   // chosen for Detail.State
  /// ```
  ///
  /// The same rules as for any child: the child's effects are cancelled when it becomes nil or
  /// is replaced by a child with another id. Cost: two reads of the id in place and one `==`
  /// an action, where a child of a type not known to be identifiable is told apart by hashing
  /// its id, twice.
  @inlinable
  public func ifLet<ChildState: Identifiable, ChildAction, Child: Reducer>(
    _ toChild: WritableKeyPath<State, ChildState?>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    OptionalChildReducer(
      parent: self, toChild: toChild, toChildAction: action, child: child(),
      presence: IdentifiedChildPresence(toChild),
      site: ChildSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Runs `child` on one case of this reducer's enum state while the state is that case,
  /// before this reducer.
  ///
  /// ```swift
  /// Reduce<Screen, ScreenAction> { state, action in
  ///   if case .logOutTapped = action { state = .loggedOut }
  ///   return .none
  /// }
  /// .ifCaseLet(.loggedIn, action: .loggedIn) { LoggedIn() }
  /// ```
  ///
  /// When the state leaves the case — by any reducer, for any action — the effects the child
  /// started are cancelled; so they are when an `Identifiable` child is replaced by one with
  /// another id. A child action while the state is another case is dropped and
  /// reported, worded as TCA's.
  @inlinable
  public func ifCaseLet<ChildState, ChildAction, Child: Reducer>(
    _ toCase: ActionCase<State, ChildState>, action: ActionCase<Action, ChildAction>,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column, @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> some Reducer<State, Action>
  where ChildAction: Sendable, Child.State == ChildState, Child.Action == ChildAction {
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return PresentedChildReducer(
      parent: self,
      child: Scope(state: \State.self, action: action) {
        CaseChild(child(), toCase: toCase, site: site, operatorName: "ifCaseLet")
      },
      presence: ChildIdentity(of: toCase), site: site)
  }
}

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

/// How `ifLet` and `ifCaseLet` tell one child from the next, cheaply enough to ask before and
/// after every action: nil while the child is absent, else a value that differs between two
/// children (two with different ids, if they are `Identifiable`).
@usableFromInline
protocol ChildPresence<State> {
  associatedtype State
  associatedtype Identity: Equatable
  func identity(in state: inout State) -> Identity?
}

extension ChildPresence {
  /// The parent's part of `ifLet` and `ifCaseLet`, after the child's: the parent reducer, then
  /// the child's effects cancelled if the parent dismissed or replaced the child.
  @inlinable
  @inline(__always)
  func reduce<Parent: Reducer>(
    _ parent: Parent, _ state: inout State, _ action: Parent.Action,
    after childEffect: Effect<Parent.Action>, site: ChildSite
  ) -> Effect<Parent.Action> where Parent.State == State {
    let before = identity(in: &state)
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = before != nil && identity(in: &state) != before
    if _fastPath(!dismissed) {
      if parentEffect.isNone { return childEffect }
      if childEffect.isNone { return parentEffect }
      return .merge(childEffect, parentEffect)
    }
    return .merge(childEffect, parentEffect, Effect(.cancel(site.childEffects)))
  }
}

/// The presence of an optional child whose type is `Identifiable`: its id, read in place.
@usableFromInline
struct IdentifiedChildPresence<State, Child: Identifiable>: ChildPresence {
  @usableFromInline let toChild: WritableKeyPath<State, Child?>
  /// Where the child is stored in the state, for a path of stored properties (as in `Scope`).
  @usableFromInline let offset: Int?

  @inlinable
  init(_ toChild: WritableKeyPath<State, Child?>) {
    self.toChild = toChild
    self.offset = MemoryLayout<State>.offset(of: toChild)
  }

  @inlinable
  func identity(in state: inout State) -> Child.ID? {
    guard let offset else { return state[keyPath: toChild]?.id }
    // As in `Scope`: `offset(of:)` promises the child is stored at this offset, and the
    // pointer is used only while `state` is exclusively ours (it is `inout`).
    return withUnsafeMutablePointer(to: &state) { pointer in
      (UnsafeMutableRawPointer(pointer) + offset).assumingMemoryBound(to: Child?.self).pointee?.id
    }
  }
}

/// The presence of a child of a type not known to be `Identifiable` where the reducer is built
/// (an enum case, or a generic caller): nil while the child is absent; the hash of its id if
/// it is `Identifiable` after all (so a child replaced by one with another id reads as another
/// child — two ids whose hashes collide, a 1-in-2⁶⁴ chance, would not), else 0.
@usableFromInline
struct ChildIdentity<State>: ChildPresence {
  @usableFromInline let read: (inout State) -> Int?

  @inlinable
  func identity(in state: inout State) -> Int? { read(&state) }

  @inlinable
  init<Child>(of toChild: WritableKeyPath<State, Child?>) {
    let id = Self.idHash(Child.self)
    guard let offset = MemoryLayout<State>.offset(of: toChild) else {
      read = { state in state[keyPath: toChild].map { id?($0) ?? 0 } }
      return
    }
    // As in `Scope`: `offset(of:)` promises the child is stored at this offset, and the
    // pointer is used only while `state` is exclusively ours (it is `inout`). A present
    // optional's value is stored at the optional's own address, so the id is read in place.
    read = { state in
      withUnsafeMutablePointer(to: &state) { pointer in
        let child = UnsafeMutableRawPointer(pointer) + offset
        if child.assumingMemoryBound(to: Child?.self).pointee == nil { return nil }
        guard let id else { return 0 }
        return id(child.assumingMemoryBound(to: Child.self).pointee)
      }
    }
  }

  @inlinable
  init<Child>(of toCase: ActionCase<State, Child>) {
    let id = Self.idHash(Child.self)
    read = { state in toCase.extract(from: state).map { id?($0) ?? 0 } }
  }

  /// Hashes a `Child`'s id, if `Child` is `Identifiable`; decided once, when the reducer is
  /// built.
  @usableFromInline
  static func idHash<Child>(_ type: Child.Type) -> ((Child) -> Int)? {
    guard let identifiable = type as? any Identifiable.Type else { return nil }
    func reader<T: Identifiable>(_: T.Type) -> Any { { (child: T) in child.id.hashValue } }
    return reader(identifiable) as? (Child) -> Int
  }
}
