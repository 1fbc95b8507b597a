/// How `ifLet` and `ifCaseLet` tell one child from the next, cheaply enough to ask before and
/// after every action: nil while the child is absent, else a value that differs between two
/// children (two with different ids, if they are `Identifiable`).
@usableFromInline
protocol ChildIdentity<Child> {
  associatedtype Child
  associatedtype Value: Equatable
  func identity(of child: inout Child?) -> Value?
}

/// The identity of a child whose type is `Identifiable`: its id, read in place.
@usableFromInline
struct IdentifiedChildIdentity<Child: Identifiable>: ChildIdentity {
  @inlinable init() {}

  @inlinable
  @inline(__always)
  func identity(of child: inout Child?) -> Child.ID? { child?.id }
}

/// The identity of a child of a type not known to be `Identifiable` where the reducer is built
/// (an enum case, or a generic caller): the hash of its id if it is `Identifiable` after all (so
/// a child replaced by one with another id reads as another child — two ids whose hashes
/// collide, a 1-in-2⁶⁴ chance, would not), else 0.
@usableFromInline
struct HashedChildIdentity<Child>: ChildIdentity {
  @usableFromInline let idHash: ((Child) -> Int)?

  @inlinable
  init() { idHash = Self.idHash(Child.self) }

  @inlinable
  func identity(of child: inout Child?) -> Int? {
    if child == nil { return nil }
    guard let idHash else { return 0 }
    // A present optional's value is stored at the optional's own address: read in place, not
    // copied out (the pointer is used only while `child` is exclusively ours, `inout`).
    return withUnsafeMutablePointer(to: &child) { pointer in
      idHash(UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Child.self).pointee)
    }
  }

  /// Hashes a `Child`'s id, if `Child` is `Identifiable`; decided once, when the reducer is
  /// built.
  @usableFromInline
  static func idHash(_ type: Child.Type) -> ((Child) -> Int)? {
    guard let identifiable = type as? any Identifiable.Type else { return nil }
    func reader<T: Identifiable>(_: T.Type) -> Any { { (child: T) in child.id.hashValue } }
    return reader(identifiable) as? (Child) -> Int
  }
}
