import Foundation
import RuntimeShim

/// What the reflective ``ActionCase`` initialisers learn about an enum at run time: which case a
/// value is (its tag, read through the Swift runtime's value witness table, a few instructions),
/// and the payload of a value (read with `Mirror`, hundreds of instructions, only on a match).
///
/// Bounds: `tag(of:)` and `payload(of:layout:as:)` are O(1); `payload(of:as:)` is O(1) in the
/// enum's case count (Mirror reads the one case the value holds) plus one dynamic cast;
/// `directLayout` is O(length of the payload's mangled type name), once per case.
@usableFromInline
struct EnumTagReader: Sendable {
  // The runtime's pointers are kept as their addresses (`UInt`, plainly `Sendable`) and turned
  // back into pointers where they are used: they point at data the Swift runtime never changes
  // nor frees once a type's metadata exists (the metadata, its value witness functions), so an
  // address read on one thread is as good on any other.
  @usableFromInline let metadataAddress: UInt
  @usableFromInline let getTagAddress: UInt
  @usableFromInline let projectAddress: UInt
  @usableFromInline let injectAddress: UInt

  @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Project =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer)
    -> Void
  @usableFromInline typealias Inject =
    @convention(c) (
      UnsafeMutableRawPointer, UInt32, UnsafeRawPointer
    ) -> Void

  /// The enum's type metadata (a pointer into the binary's read-only data; never freed).
  @usableFromInline var metadata: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: metadataAddress).unsafelyUnwrapped
  }
  /// The value witness that says which case a value is.
  @usableFromInline var getTag: GetTag { unsafeBitCast(getTagAddress, to: GetTag.self) }
  /// Turns an enum value into its payload in place, and back.
  @usableFromInline var project: Project { unsafeBitCast(projectAddress, to: Project.self) }
  @usableFromInline var inject: Inject { unsafeBitCast(injectAddress, to: Inject.self) }

  /// The metadata kinds of enums and of `Optional` (swift/ABI/MetadataKind.def).
  private static let enumKinds: Set<UInt> = [0x201, 0x202]

  /// A reader for `Root`, or nil when `Root` is not an enum (a struct, a class, an existential).
  @usableFromInline
  init?<Root>(_: Root.Type) {
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    guard Self.enumKinds.contains(metadata.load(as: UInt.self)) else { return nil }
    // Every enum's value witness table is an `EnumValueWitnessTable`, whose `getEnumTag`
    // follows the eight common witnesses, `size`, `stride`, `flags` and the extra-inhabitant
    // count (swift/ABI/ValueWitness.def); the table's address is the word before the metadata.
    let witnesses = metadata.load(
      fromByteOffset: -MemoryLayout<UnsafeRawPointer>.size, as: UnsafeRawPointer.self)
    let offset = 10 * MemoryLayout<UnsafeRawPointer>.size + 2 * MemoryLayout<UInt32>.size
    let word = MemoryLayout<UnsafeRawPointer>.size
    self.metadataAddress = UInt(bitPattern: metadata)
    self.getTagAddress = witnesses.load(fromByteOffset: offset, as: UInt.self)
    self.projectAddress = witnesses.load(fromByteOffset: offset + word, as: UInt.self)
    self.injectAddress = witnesses.load(fromByteOffset: offset + 2 * word, as: UInt.self)
  }

  /// How the payload of the case `tag` can be read without reflection, if its type is exactly
  /// `Value`: whether it sits in a heap box (an `indirect` case). Nil when the type differs (an
  /// existential payload, a labelled tuple read as an unlabelled one, a constructor that is
  /// not the case's own): then only `Mirror` and a cast can read it safely.
  @usableFromInline
  func directLayout<Value>(ofTag tag: UInt32, as _: Value.Type) -> PayloadLayout? {
    let word = MemoryLayout<UnsafeRawPointer>.size
    // The nominal type descriptor (swift/ABI/Metadata.h, TargetEnumDescriptor): flags, parent,
    // name, access function, then a relative pointer to the field descriptor.
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    guard let fields = relative(descriptor + 4 * 4) else { return nil }
    // The field descriptor (swift/RemoteInspection/Records.h): two relative pointers, kind,
    // record size, count, then the records — payload cases first, in tag order.
    let recordSize = Int(fields.load(fromByteOffset: 2 * 4 + 2, as: UInt16.self))
    let count = fields.load(fromByteOffset: 2 * 4 + 2 * 2, as: UInt32.self)
    guard tag < count else { return nil }
    let record = fields + (2 * 4 + 2 * 2 + 4) + Int(tag) * recordSize
    let isIndirect = record.load(as: UInt32.self) & 0x1 != 0
    guard let name = relative(record + 4) else { return nil }
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    guard
      var type = typeByMangledName(
        name.assumingMemoryBound(to: UInt8.self), UInt(mangledNameLength(name)),
        genericContext: descriptor, genericArguments: isGeneric ? metadata + 2 * word : nil)
    else { return nil }
    // A single labelled value (`case named(value: String)`) is a one-element tuple, laid out
    // as the element.
    if let element = Self.singleElement(ofTuple: type) { type = element }
    guard type == Value.self else { return nil }
    return PayloadLayout(isIndirect: isIndirect)
  }

  /// The payload of `value`, whose case has `layout`, read straight from memory.
  @inlinable
  func payload<Root, Value>(of value: Root, layout: PayloadLayout, as _: Value.Type) -> Value {
    var copy = value
    return withUnsafeMutableBytes(of: &copy) { bytes in
      let pointer = bytes.baseAddress!
      let tag = getTag(UnsafeRawPointer(pointer), metadata)
      project(pointer, metadata)
      defer { inject(pointer, tag, metadata) }
      if layout.isIndirect {
        // The payload is a heap box: its value follows the object header (two words).
        return pointer.load(as: UnsafeRawPointer.self)
          .load(fromByteOffset: 2 * word, as: Value.self)
      }
      return pointer.load(as: Value.self)
    }
  }

  private static func singleElement(ofTuple type: Any.Type) -> Any.Type? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    // Tuple metadata (kind 0x301): kind, element count, labels, then (type, offset) pairs.
    guard metadata.load(as: UInt.self) == 0x301,
      metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) == 1
    else { return nil }
    return metadata.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: Any.Type.self)
  }

  @usableFromInline var word: Int { MemoryLayout<UnsafeRawPointer>.size }

  /// Which case `value` is: the same number for two values of the same case, whatever their
  /// payloads.
  @inlinable
  func tag<Root>(of value: Root) -> UInt32 {
    withUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// The payload of `value`'s case as `Value`, or nil when it has none or another type. A case
  /// without payload has none; a payload of several values is one tuple; a single labelled
  /// value is the value.
  @usableFromInline
  static func payload<Root, Value>(of value: Root, as _: Value.Type) -> Value? {
    guard let child = Mirror(reflecting: value).children.first else { return nil }
    if let payload = child.value as? Value { return payload }
    // A single labelled value (`case named(value: String)`) is reflected as a one-element tuple.
    let tuple = Mirror(reflecting: child.value)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }
}

/// How to read a case's payload without reflection.
@usableFromInline
struct PayloadLayout: Sendable {
  /// The case is `indirect`: its payload is in a heap box.
  @usableFromInline var isIndirect: Bool
}

/// The target of a relative pointer (a 32-bit offset from its own address), or nil.
private func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
  let offset = pointer.load(as: Int32.self)
  return offset == 0 ? nil : pointer + Int(offset)
}

/// The length of a mangled type name, which may embed symbolic references holding zero bytes
/// (swift/docs/ABI/Mangling.rst).
private func mangledNameLength(_ name: UnsafeRawPointer) -> Int {
  var length = 0
  while true {
    switch name.load(fromByteOffset: length, as: UInt8.self) {
    case 0: return length
    case 0x01...0x17: length += 5
    case 0x18...0x1f: length += 1 + MemoryLayout<UnsafeRawPointer>.size
    default: length += 1
    }
  }
}

/// The type a mangled name (as the compiler writes it in field records) names, in the context of
/// a type descriptor and its generic arguments: the runtime's
/// `swift_getTypeByMangledNameInContext`, through a C shim so that static binaries reach it too.
private func typeByMangledName(
  _ name: UnsafePointer<UInt8>, _ length: UInt, genericContext: UnsafeRawPointer?,
  genericArguments: UnsafeRawPointer?
) -> Any.Type? {
  let metadata = name.withMemoryRebound(to: CChar.self, capacity: Int(length)) {
    uniflow_type_by_mangled_name(
      $0, Int(length), genericContext,
      genericArguments?.assumingMemoryBound(to: UnsafeRawPointer?.self))
  }
  guard let metadata else { return nil }
  return unsafeBitCast(metadata, to: Any.Type.self)
}

/// What a reflective case has learned: the tag of its case, once an embedded value showed it,
/// and how to read its payload.
///
/// Shared by every copy of the case (and the threads that use them), under a lock.
@usableFromInline
final class LearnedCase: Sendable {
  @usableFromInline
  struct Facts: Sendable {
    @usableFromInline var tag: UInt32
    /// Nil: read the payload with `Mirror`.
    @usableFromInline var layout: PayloadLayout?

    @usableFromInline
    init(tag: UInt32, layout: PayloadLayout?) {
      self.tag = tag
      self.layout = layout
    }
  }

  @usableFromInline init() {}

  private let facts = Locked<Facts?>(nil)

  @usableFromInline var value: Facts? { facts.value }

  @usableFromInline func learn(_ value: Facts) {
    facts.withLock { $0 = value }
  }
}

/// An extractor built from `embed` alone, as CasePaths 0.x did: once it knows the case's tag, a
/// value of another case is rejected by comparing tags; before, and for a value of the case, the
/// payload is read by reflection, and the first time a payload of the right type turns up it is
/// embedded again to learn the case's tag.
@inlinable
func reflectiveExtract<Root, Value>(
  _ embed: @escaping @Sendable (Value) -> Root, reader: EnumTagReader
) -> @Sendable (Root) -> Value? {
  let learned = LearnedCase()
  return { root in
    let rootTag = reader.tag(of: root)
    if let facts = learned.value {
      guard rootTag == facts.tag else { return nil }
      if let layout = facts.layout {
        return reader.payload(of: root, layout: layout, as: Value.self)
      }
      return EnumTagReader.payload(of: root, as: Value.self)
    }
    guard let value = EnumTagReader.payload(of: root, as: Value.self) else { return nil }
    let tag = reader.tag(of: embed(value))
    learned.learn(.init(tag: tag, layout: reader.directLayout(ofTag: tag, as: Value.self)))
    return tag == rootTag ? value : nil
  }
}
