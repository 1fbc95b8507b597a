/// What the reflective ``ActionCase`` initialisers learn about an enum at run time: which case a
/// value is (its tag, read through the Swift runtime's value witness table, a few instructions),
/// and the payload of a value (read with `Mirror`, hundreds of instructions, only on a match).
///
/// Bounds: `tag(of:)` is O(1); `payload(of:)` is O(1) in the enum's case count (Mirror reads the
/// one case the value holds) plus one dynamic cast of the payload.
struct EnumTagReader: @unchecked Sendable {
  // Why `@unchecked Sendable` is safe: both stored properties are `let`s that point at data the
  // Swift runtime never changes nor frees once a type's metadata exists (the metadata and its
  // value witness function); they are only read, from any thread.
  /// The enum's type metadata (a pointer into the binary's read-only data; never freed).
  private let metadata: UnsafeRawPointer
  private let getTag: @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

  /// The metadata kinds of enums and of `Optional` (swift/ABI/MetadataKind.def).
  private static let enumKinds: Set<UInt> = [0x201, 0x202]

  /// A reader for `Root`, or nil when `Root` is not an enum (a struct, a class, an existential).
  init?<Root>(_: Root.Type) {
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    guard Self.enumKinds.contains(metadata.load(as: UInt.self)) else { return nil }
    // Every enum's value witness table is an `EnumValueWitnessTable`, whose `getEnumTag`
    // follows the eight common witnesses, `size`, `stride`, `flags` and the extra-inhabitant
    // count (swift/ABI/ValueWitness.def); the table's address is the word before the metadata.
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let offset = 10 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<UInt32>.size
    self.metadata = metadata
    self.getTag = witnesses.load(
      fromByteOffset: offset,
      as: (@convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32).self)
  }

  /// Which case `value` is: the same number for two values of the same case, whatever their
  /// payloads.
  @inline(__always)
  func tag<Root>(of value: Root) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// The payload of `value`'s case as `Value`, or nil when it has none or another type. A case
  /// without payload has none; a payload of several values is one tuple; a single labelled
  /// value is the value.
  static func payload<Root, Value>(of value: Root, as _: Value.Type) -> Value? {
    guard let child = Mirror(reflecting: value).children.first else { return nil }
    if let payload = child.value as? Value { return payload }
    // A single labelled value (`case named(value: String)`) is reflected as a one-element tuple.
    let tuple = Mirror(reflecting: child.value)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }
}

/// What a reflective case has learned: the tag of its case, once an embedded value showed it.
///
/// Shared by every copy of the case (and the threads that use them), under a lock.
final class LearnedTag: Sendable {
  private let tag = Locked<UInt32?>(nil)

  var value: UInt32? { tag.value }

  func learn(_ value: UInt32) {
    tag.withLock { $0 = value }
  }
}

/// An extractor built from `embed` alone, as CasePaths 0.x did: once it knows the case's tag, a
/// value of another case is rejected by comparing tags; before, and for a value of the case, the
/// payload is read by reflection, and the first time a payload of the right type turns up it is
/// embedded again to learn the case's tag.
func reflectiveExtract<Root, Value>(
  _ embed: @escaping @Sendable (Value) -> Root, reader: EnumTagReader
) -> @Sendable (Root) -> Value? {
  let learned = LearnedTag()
  return { root in
    let rootTag = reader.tag(of: root)
    if let tag = learned.value {
      guard rootTag == tag else { return nil }
      return EnumTagReader.payload(of: root, as: Value.self)
    }
    guard let value = EnumTagReader.payload(of: root, as: Value.self) else { return nil }
    let tag = reader.tag(of: embed(value))
    learned.learn(tag)
    return tag == rootTag ? value : nil
  }
}
