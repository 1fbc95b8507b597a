/// The identity under which cancellable effects are registered.
///
/// Any `Hashable & Sendable` value can be an id. Two ids are equal when their values have the
/// same type and are equal, and they hash by type and value, so two distinct types whose values
/// carry nothing still name different effects:
///
/// ```swift
/// enum Timer {}; struct Search: Hashable {}; struct Reload: Hashable {}
/// EffectID("weather") == EffectID("weather")   // true
/// EffectID(1) == EffectID("1")                 // false: an Int is not a String
/// EffectID(1) == EffectID(UInt8(1))            // false: an Int is not a UInt8
/// EffectID(Search()) == EffectID(Reload())     // false, and they hash apart
/// ```
public struct EffectID: Hashable, Sendable, CustomStringConvertible {
  /// Kept as `any Hashable & Sendable` rather than `AnyHashable`, which is not `Sendable`; an
  /// `AnyHashable` is made only for the moment of a comparison.
  @usableFromInline let base: any Hashable & Sendable

  /// Wraps a sendable, hashable value; an `EffectID` given to it is kept as it is.
  ///
  /// ```swift
  /// let id = EffectID(CancelID.search)
  /// ```
  @inlinable
  public init(_ value: some Hashable & Sendable) {
    if let id = value as? EffectID {
      self = id
    } else {
      base = value
    }
  }

  /// Whether the two ids wrap values of the same type that are equal.
  ///
  /// ```swift
  /// EffectID("a") == EffectID("a")   // true
  /// ```
  public static func == (left: EffectID, right: EffectID) -> Bool {
    // Same type first (`AnyHashable` would call `1 == UInt8(1)` equal: it normalises numbers),
    // then the type's own `==` on the opened values. Wrapping both in `AnyHashable` instead
    // would cost two boxes a comparison, and the registry of cancellable effects compares ids
    // several times an effect.
    guard ObjectIdentifier(type(of: left.base)) == ObjectIdentifier(type(of: right.base)) else {
      return false
    }
    return Self.equals(left.base, right.base)
  }

  /// `left == right` for a `right` of `left`'s type, which the caller has checked: the forced
  /// cast cannot fail, and unlike `as?` it needs no `Optional<Value>` metadata, which would be
  /// looked up on every comparison.
  private static func equals<Value: Hashable>(_ left: Value, _ right: any Hashable) -> Bool {
    left == (right as! Value)
  }

  /// Hashes the value's type and the value.
  ///
  /// ```swift
  /// let ids: Set<EffectID> = [EffectID("a"), EffectID(1)]
  /// ```
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: base)))
    base.hash(into: &hasher)
  }

  /// The wrapped value, as `String(describing:)` writes it.
  ///
  /// ```swift
  /// EffectID(7).description   // "7"
  /// ```
  public var description: String { String(describing: base) }
}
