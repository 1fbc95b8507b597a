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
    let site = ChildSite(fileID: fileID, filePath: filePath, line: line, column: column)
    return PresentedChildReducer(
      parent: self,
      child: Scope(state: toChild, action: action) {
        OptionalChild(child(), site: site, operatorName: "ifLet")
      },
      identity: ChildIdentity.of(toChild), site: site)
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
      identity: ChildIdentity.of(toCase), site: site)
  }
}

/// The reducer `ifLet` and `ifCaseLet` return: the child (scoped, run only while present) runs
/// first, under a hidden cancellation id; then the parent; and if the child was present before
/// the parent ran and is not after (or is another `Identifiable` child), the child's effects are
/// cancelled.
@usableFromInline
struct PresentedChildReducer<Parent: Reducer, Child: Reducer>: Reducer
where Parent.State == Child.State, Parent.Action == Child.Action, Parent.Action: Sendable {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  /// Nil while the child is absent; otherwise which child it is (see ``ChildIdentity``).
  @usableFromInline let identity: (inout Parent.State) -> Int?
  @usableFromInline let site: ChildSite

  @inlinable
  init(
    parent: Parent, child: Child, identity: @escaping (inout Parent.State) -> Int?,
    site: ChildSite
  ) {
    self.parent = parent
    self.child = child
    self.identity = identity
    self.site = site
  }

  @inlinable
  func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = child.reduce(into: &state, action: action)
    if !childEffect.isNone {
      let namespace = site.childEffects
      childEffect = childEffect.namespaced(by: namespace).cancellable(id: namespace)
    }
    let before = identity(&state)
    let parentEffect = parent.reduce(into: &state, action: action)
    let dismissed = before != nil && identity(&state) != before
    if !dismissed {
      if parentEffect.isNone { return childEffect }
      if childEffect.isNone { return parentEffect }
      return .merge(childEffect, parentEffect)
    }
    return .merge(childEffect, parentEffect, Effect(.cancel(site.childEffects)))
  }
}

/// How `ifLet` and `ifCaseLet` tell one child from the next, cheaply enough to ask before and
/// after every action: nil while the child is absent; the hash of its id if it is
/// `Identifiable` (so a child replaced by one with another id reads as another child — two ids
/// whose hashes collide, a 1-in-2⁶⁴ chance, would not), else 0.
@usableFromInline
enum ChildIdentity {
  @inlinable
  static func of<State, Child>(_ toChild: WritableKeyPath<State, Child?>)
    -> (inout State) -> Int?
  {
    let id = idHash(Child.self)
    guard let offset = MemoryLayout<State>.offset(of: toChild) else {
      return { state in state[keyPath: toChild].map { id?($0) ?? 0 } }
    }
    // As in `Scope`: `offset(of:)` promises the child is stored at this offset, and the
    // pointer is used only while `state` is exclusively ours (it is `inout`). A present
    // optional's value is stored at the optional's own address, so the id is read in place.
    return { state in
      withUnsafeMutablePointer(to: &state) { pointer in
        let child = UnsafeMutableRawPointer(pointer) + offset
        if child.assumingMemoryBound(to: Child?.self).pointee == nil { return nil }
        guard let id else { return 0 }
        return id(child.assumingMemoryBound(to: Child.self).pointee)
      }
    }
  }

  @inlinable
  static func of<State, Child>(_ toCase: ActionCase<State, Child>) -> (inout State) -> Int? {
    let id = idHash(Child.self)
    return { state in toCase.extract(from: state).map { id?($0) ?? 0 } }
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
