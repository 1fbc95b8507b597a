import Foundation
import RuntimeShim

/// What the reflective ``ActionCase`` initialisers read of an enum through the Swift runtime:
/// which case a value is (its tag, through the enum's value witness table), its payload's bytes
/// (projected in place by the same table), and, once per enum, the payload type of every case
/// (from the type's field records, the data `Mirror` reads).
///
/// Bounds: `tag(of:)` and the payload reads are O(1), a few instructions and one indirect call;
/// `cases` is O(number of cases × length of their payload types' mangled names), once per enum
/// type for the whole process (``EnumCaseTable``).
@usableFromInline
struct EnumTagReader: Sendable {
  // The runtime's pointers are kept as their addresses (`UInt`, plainly `Sendable`) and turned
  // back into pointers where they are used: they point at data the Swift runtime never changes
  // nor frees once a type's metadata exists (the metadata, its value witness functions), so an
  // address read on one thread is as good on any other.
  @usableFromInline let metadataAddress: UInt
  @usableFromInline let getTagAddress: UInt
  @usableFromInline let projectAddress: UInt
  let injectAddress: UInt

  @usableFromInline typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  @usableFromInline typealias Project =
    @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  /// The enum's type metadata (a pointer into the binary's read-only data; never freed).
  @usableFromInline var metadata: UnsafeRawPointer {
    UnsafeRawPointer(bitPattern: metadataAddress).unsafelyUnwrapped
  }
  /// The value witness that says which case a value is.
  @usableFromInline var getTag: GetTag { unsafeBitCast(getTagAddress, to: GetTag.self) }
  /// Turns an enum value into its payload in place: clears the bits that hold the tag.
  @usableFromInline var project: Project { unsafeBitCast(projectAddress, to: Project.self) }
  /// Writes a case's tag into a value whose payload is in place: sets the bits that hold it.
  var inject: Inject { unsafeBitCast(injectAddress, to: Inject.self) }

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
    self.metadataAddress = UInt(bitPattern: metadata)
    self.getTagAddress = witnesses.load(fromByteOffset: offset, as: UInt.self)
    self.projectAddress = witnesses.load(
      fromByteOffset: offset + MemoryLayout<UnsafeRawPointer>.size, as: UInt.self)
    self.injectAddress = witnesses.load(
      fromByteOffset: offset + 2 * MemoryLayout<UnsafeRawPointer>.size, as: UInt.self)
  }

  /// The enum's size and cases, and whether its tags are bits no payload uses (see
  /// ``TagRecognizer``); nil without a type descriptor to read them from.
  var layout: EnumLayout? {
    let word = MemoryLayout<UnsafeRawPointer>.size
    let witnesses = metadata.load(fromByteOffset: -word, as: UnsafeRawPointer.self)
    let size = witnesses.load(fromByteOffset: 8 * word, as: Int.self)
    // TargetEnumDescriptor: five 32-bit fields of a type descriptor, then the number of payload
    // cases (the low 24 bits) and of cases without payload.
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0xFF_FFFF)
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    var tagsAreFixedBits = payloadCases != 1
    if payloadCases == 1, let only = cases.first, !only.isIndirect, let payload = only.payload {
      // A single payload's extra inhabitants (invalid bit patterns, such as a null reference)
      // may hold the other cases: then only the payload's own witness tells them apart.
      let payloadWitnesses = unsafeBitCast(payload, to: UnsafeRawPointer.self)
        .load(fromByteOffset: -word, as: UnsafeRawPointer.self)
      let extraInhabitants = payloadWitnesses.load(
        fromByteOffset: 10 * word + MemoryLayout<UInt32>.size, as: UInt32.self)
      tagsAreFixedBits = extraInhabitants == 0 || emptyCases == 0
    }
    return EnumLayout(
      size: size, caseCount: payloadCases + emptyCases, tagsAreFixedBits: tagsAreFixedBits)
  }

  /// The bytes of a value of the case `tag` over a payload of bytes `fill`, as the enum's
  /// witness writes them: a value to read bits from, never to use (its payload is not one).
  func injected(tag: UInt32, over fill: UInt8, size: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: fill, count: size)
    bytes.withUnsafeMutableBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      inject(base, tag, metadata)
    }
    return bytes
  }

  /// Which case `value` is: the same number for two values of the same case, whatever their
  /// payloads. Payload cases come first, in declaration order, then cases without payload.
  ///
  /// The pointers here are `_withUnprotected…`: they never outlive the call they are made for,
  /// and the stack protector's check, which the standard forms add to every function that
  /// takes a local's address, is a tenth of what a rejected case costs.
  @inlinable
  @inline(__always)
  func tag<Root>(of value: borrowing Root) -> UInt32 {
    _withUnprotectedUnsafePointer(to: value) { getTag(UnsafeRawPointer($0), metadata) }
  }

  /// The payload of `value`, a value of a case whose payload is laid out as `Value`, read the
  /// way `facts` say (in place or from a copy with the tag's bits cleared; inline or boxed).
  @inlinable
  @inline(__always)
  func payload<Root, Value>(of value: borrowing Root, _ facts: CaseFacts, as _: Value.Type)
    -> Value
  {
    _withUnprotectedUnsafePointer(to: value) { pointer in
      let bytes = UnsafeRawPointer(pointer)
      guard facts.needsProjection else { return Self.read(bytes, boxed: facts.isBoxed) }
      return _withUnprotectedUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        // A bitwise copy that owns nothing: projected in place and read, never destroyed.
        let copy = buffer.baseAddress.unsafelyUnwrapped
        copy.copyMemory(from: bytes, byteCount: MemoryLayout<Root>.size)
        project(copy, metadata)
        return Self.read(UnsafeRawPointer(copy), boxed: facts.isBoxed)
      }
    }
  }

  /// The payload whose bytes (tag bits cleared) are at `bytes`: there, or in the heap box
  /// `bytes` points to for an `indirect` case.
  @inlinable
  @inline(__always)
  static func read<Value>(_ bytes: UnsafeRawPointer, boxed: Bool) -> Value {
    // An empty payload's box may be a null reference; there is nothing to read anyway.
    guard boxed, MemoryLayout<Value>.size > 0 else { return bytes.load(as: Value.self) }
    return bytes.load(as: UnsafeRawPointer.self)
      .load(fromByteOffset: boxValueOffset(Value.self), as: Value.self)
  }

  /// Where a box's value starts: after the heap object's header (two words), aligned for it.
  @inlinable
  static func boxValueOffset<Value>(_: Value.Type) -> Int {
    let header = 2 * MemoryLayout<UnsafeRawPointer>.size
    let mask = MemoryLayout<Value>.alignment - 1
    return (header + mask) & ~mask
  }

  /// Whether clearing the tag's bits changes the bytes a read of the payload of `value` (a value
  /// of the case `tag`) takes: then every read projects a copy first. The tag's bits are the
  /// same for every value of a case (its number, stored in bits no payload of it uses), so one
  /// value tells for all.
  func needsProjection<Root>(_ value: Root, boxed: Bool, payloadSize: Int) -> Bool {
    let size = boxed && payloadSize > 0 ? MemoryLayout<UnsafeRawPointer>.size : payloadSize
    return withUnsafeBytes(of: value) { original in
      withUnsafeTemporaryAllocation(
        byteCount: MemoryLayout<Root>.size, alignment: MemoryLayout<Root>.alignment
      ) { buffer in
        let copy = buffer.baseAddress.unsafelyUnwrapped
        copy.copyMemory(from: original.baseAddress.unsafelyUnwrapped, byteCount: original.count)
        project(copy, metadata)
        return memcmp(copy, original.baseAddress.unsafelyUnwrapped, size) != 0
      }
    }
  }

  /// The payload of `value`'s case as `Value`, read with `Mirror` and a dynamic cast; nil when
  /// it has none or another type. For a case built by a closure that is not the case's own
  /// constructor, whose value type no case carries as it is.
  @usableFromInline
  @inline(never)
  static func reflectedPayload<Root, Value>(of value: Root, as _: Value.Type) -> Value? {
    guard let child = Mirror(reflecting: value).children.first else { return nil }
    if let payload = child.value as? Value { return payload }
    // A single labelled value (`case named(value: String)`) is reflected as a one-element tuple.
    let tuple = Mirror(reflecting: child.value)
    guard tuple.displayStyle == .tuple, tuple.children.count == 1 else { return nil }
    return tuple.children.first?.value as? Value
  }

  /// Each case of the enum, in tag order: its payload type and whether it is `indirect`.
  var cases: [EnumCaseTable.Case] { EnumCaseTable.cases(of: self) }
}

/// An enum's size, its number of cases, and whether a case is told by bits no payload uses.
struct EnumLayout {
  let size: Int
  let caseCount: Int
  let tagsAreFixedBits: Bool
}

/// The cases of each enum type a reflective case path has named, learnt once per type for the
/// whole process: the payload types, read from the type's field records (swift/RemoteInspection/
/// Records.h) and resolved by the runtime from their mangled names.
enum EnumCaseTable {
  struct Case: Sendable {
    /// Nil for a case without payload (or one whose type the runtime cannot resolve).
    let payload: Any.Type?
    let isIndirect: Bool
  }

  private static let known = Locked<[UInt: [Case]]>([:])

  static func cases(of reader: EnumTagReader) -> [Case] {
    if let cases = known.withLock({ $0[reader.metadataAddress] }) { return cases }
    // Resolved outside the lock: the runtime may initialise other types' metadata meanwhile,
    // which can name another enum. Two threads may both resolve one type; both get the same.
    let cases = read(reader.metadata)
    known.withLock { $0[reader.metadataAddress] = cases }
    return cases
  }

  private static func read(_ metadata: UnsafeRawPointer) -> [Case] {
    let word = MemoryLayout<UnsafeRawPointer>.size
    // The nominal type descriptor (swift/ABI/Metadata.h, TargetEnumDescriptor): flags, parent,
    // name, access function, then a relative pointer to the field descriptor.
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    guard let fields = relative(descriptor + 4 * 4) else { return [] }
    // The field descriptor: two relative pointers, kind, record size, count, then the records,
    // in tag order (the order `Mirror` reads them in).
    let recordSize = Int(fields.load(fromByteOffset: 2 * 4 + 2, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 2 * 4 + 2 * 2, as: UInt32.self))
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    return (0..<count).map { index in
      let record = fields + (2 * 4 + 2 * 2 + 4) + index * recordSize
      let isIndirect = record.load(as: UInt32.self) & 0x1 != 0
      guard let name = relative(record + 4) else { return Case(payload: nil, isIndirect: false) }
      let type = typeByMangledName(
        name.assumingMemoryBound(to: UInt8.self), UInt(mangledNameLength(name)),
        genericContext: descriptor, genericArguments: isGeneric ? metadata + 2 * word : nil)
      return Case(payload: type, isIndirect: isIndirect)
    }
  }

  /// Whether a payload of type `payload` is laid out exactly as a `value`: the same type, a
  /// single labelled value (a one-element tuple, laid out as its element), or a tuple of the
  /// same element types under other labels (`(id: Int, name: String)` read as `(Int, String)`).
  static func isLaidOut(_ payload: Any.Type, as value: Any.Type) -> Bool {
    if payload == value { return true }
    guard let elements = tupleElements(payload) else { return false }
    if elements.count == 1, elements[0] == value { return true }
    guard let others = tupleElements(value), others.count == elements.count else { return false }
    return zip(elements, others).allSatisfy { $0 == $1 }
  }

  private static func tupleElements(_ type: Any.Type) -> [Any.Type]? {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let word = MemoryLayout<UInt>.size
    // Tuple metadata (kind 0x301): kind, element count, labels, then (type, offset) pairs.
    guard metadata.load(as: UInt.self) == 0x301 else { return nil }
    let count = metadata.load(fromByteOffset: word, as: Int.self)
    return (0..<count).map { metadata.load(fromByteOffset: (3 + 2 * $0) * word, as: Any.Type.self) }
  }
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
