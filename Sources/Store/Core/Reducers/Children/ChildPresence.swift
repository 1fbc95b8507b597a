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
