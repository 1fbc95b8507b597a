import RuntimeShim

/// What the Swift runtime says of a type's shape: an enum's cases with their payloads' labels
/// and types, or a struct's stored properties — read from the type's field records (the data
/// `Mirror` reads), with no value of the type at hand. A console lists the cases and labels it
/// can complete, and names them when a typed value is wrong.
///
/// ```swift
/// TypeShape(of: Todos.Action.self)
/// // .enum([Case(name: "addTapped", payload: [(nil, String.self)]), …])
/// TypeShape(of: Todo.State.self)
/// // .struct([Field(name: "id", type: Int.self), Field(name: "title", type: String.self)])
/// ```
///
/// Bound: O(cases or fields × the length of their types' mangled names); a type the runtime
/// cannot describe (a class, an existential, a resilient type of another library) has no shape.
package enum TypeShape {
  /// An enum's case: its name, and its payload's values in order, each with its label (nil
  /// when it has none) and type. A case without payload has none.
  package struct Case: Sendable {
    package let name: String
    package let payload: [(label: String?, type: Any.Type)]
  }

  /// A struct's stored property.
  package struct Field: Sendable {
    package let name: String
    package let type: Any.Type
  }

  case `enum`([Case])
  case `struct`([Field])

  /// The shape of `type`, or nil when the runtime cannot describe it.
  package init?(of type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let kind = metadata.load(as: UInt.self)
    // swift/ABI/MetadataKind.def: a struct, an enum, Optional.
    guard kind == 0x200 || kind == 0x201 || kind == 0x202 else { return nil }
    let word = MemoryLayout<UnsafeRawPointer>.size
    // The nominal type descriptor (swift/ABI/Metadata.h): flags, parent, name, access function,
    // then a relative pointer to the field descriptor.
    let descriptor = metadata.load(fromByteOffset: word, as: UnsafeRawPointer.self)
    guard let fields = Self.relative(descriptor + 4 * 4) else { return nil }
    let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
    // The field descriptor (swift/RemoteInspection/Records.h): two relative pointers, kind,
    // record size, count, then the records: flags, mangled type name, field name.
    let recordSize = Int(fields.load(fromByteOffset: 2 * 4 + 2, as: UInt16.self))
    let count = Int(fields.load(fromByteOffset: 2 * 4 + 2 * 2, as: UInt32.self))
    var members: [(name: String, type: Any.Type?)] = []
    for index in 0..<count {
      let record = fields + (2 * 4 + 2 * 2 + 4) + index * recordSize
      guard let name = Self.relative(record + 8) else { return nil }
      var type: Any.Type?
      if let mangled = Self.relative(record + 4) {
        type = Self.type(
          mangled, descriptor: descriptor,
          arguments: isGeneric ? metadata + 2 * word : nil)
        if type == nil { return nil }
      }
      members.append((String(cString: name.assumingMemoryBound(to: CChar.self)), type))
    }
    if kind == 0x200 {
      self = .struct(
        members.compactMap { member in member.type.map { Field(name: member.name, type: $0) } })
    } else {
      self = .enum(members.map { Case(name: $0.name, payload: $0.type.map(Self.payload) ?? []) })
    }
  }

  /// An enum's cases, or nil for a struct.
  package var cases: [Case]? {
    if case .enum(let cases) = self { return cases }
    return nil
  }

  /// A struct's fields, or nil for an enum.
  package var fields: [Field]? {
    if case .struct(let fields) = self { return fields }
    return nil
  }

  /// A payload type as its values: a tuple's elements with their labels, or one value.
  private static func payload(_ type: Any.Type) -> [(label: String?, type: Any.Type)] {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let word = MemoryLayout<UInt>.size
    // Tuple metadata (kind 0x301): kind, element count, labels (space-separated, each followed
    // by a space; null when none has one), then a (type, offset) pair per element.
    guard metadata.load(as: UInt.self) == 0x301 else { return [(nil, type)] }
    let count = metadata.load(fromByteOffset: word, as: Int.self)
    var labels: [String?] = Array(repeating: nil, count: count)
    if let text = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<CChar>?.self) {
      let words = String(cString: text).split(separator: " ", omittingEmptySubsequences: false)
      for index in 0..<min(count, words.count) where !words[index].isEmpty {
        labels[index] = String(words[index])
      }
    }
    return (0..<count).map { index in
      let element = metadata.load(fromByteOffset: (3 + 2 * index) * word, as: Any.Type.self)
      return (labels[index], element)
    }
  }

  /// The target of a relative pointer (a 32-bit offset from its own address), or nil.
  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }

  /// The type a field record's mangled name names, in the context of its type's descriptor and
  /// generic arguments (the runtime's `swift_getTypeByMangledNameInContext`).
  private static func type(
    _ name: UnsafeRawPointer, descriptor: UnsafeRawPointer, arguments: UnsafeRawPointer?
  ) -> Any.Type? {
    // A mangled name may embed symbolic references holding zero bytes (Mangling.rst).
    var length = 0
    while true {
      switch name.load(fromByteOffset: length, as: UInt8.self) {
      case 0: break
      case 0x01...0x17:
        length += 5
        continue
      case 0x18...0x1f:
        length += 1 + MemoryLayout<UnsafeRawPointer>.size
        continue
      default:
        length += 1
        continue
      }
      break
    }
    guard length > 0 else { return nil }
    let metadata = name.assumingMemoryBound(to: CChar.self).withMemoryRebound(
      to: CChar.self, capacity: length
    ) {
      uniflow_type_by_mangled_name(
        $0, length, descriptor, arguments?.assumingMemoryBound(to: UnsafeRawPointer?.self))
    }
    return metadata.map { unsafeBitCast($0, to: Any.Type.self) }
  }
}
