/// How ``OneLineDumper`` reads an enum value without `Mirror`: its case by tag, through the
/// enum's value witnesses (``EnumTagReader``), and its payload from its bytes as the payload type
/// the enum's field records name (``EnumCaseTable``) — what the case paths read. What `Mirror`
/// says of a case (its label; a case without payload's description) is learnt from the first
/// value of the case and kept by type and tag.
///
/// A case goes on through `Mirror` when its payload reflects as another type than the field
/// record names (an existential payload, `any Error`, whose `Mirror` child is the value inside)
/// or the runtime cannot resolve that type; an enum that customises its mirror is never read
/// this way (``isPlainEnum(_:)``).
///
/// Bound: O(1) per enum value once its case is known (one tag read, two table look-ups and a
/// copy of the payload); one `Mirror` per case met; memory: one entry per case met.
extension OneLineDumper {
  struct EnumCaseKey: Hashable {
    let type: ObjectIdentifier
    let tag: UInt32
  }

  /// What the dump needs of one case, learnt from its first value.
  enum EnumCaseText {
    /// A case without payload: `String(describing:)` of its value (the case's name, or what
    /// the enum's `description` says of it, which has nothing else to depend on).
    case bare(String)
    /// A case whose payload is a value of `type` (in a heap box when `boxed`), under `label`.
    case payload(label: String?, type: Any.Type, boxed: Bool)
    /// A case read with `Mirror` every time.
    case reflected
  }

  /// An enum value's case as the dump lays it out: its text alone, or its label and payload.
  enum EnumCase {
    case bare(String)
    case payload(label: String?, value: Any)
  }

  /// Whether `value` is an enum (not an optional: those are told apart before) whose `Mirror`
  /// is the runtime's own.
  static func isPlainEnum(_ value: Any) -> Bool {
    func isEnum<Root>(_: Root) -> Bool { EnumTagReader(Root.self) != nil }
    guard !(value is any CustomReflectable), _openExistential(value, do: isEnum) else {
      return false
    }
    return Mirror(reflecting: value).displayStyle == .enum
  }

  /// `value`'s case, read without `Mirror` once the case is known; nil for a case read with it.
  func enumCase(of value: Any) -> EnumCase? {
    func read<Root>(_ root: Root) -> EnumCase? {
      let type = ObjectIdentifier(Root.self)
      let reader: EnumTagReader
      if let known = enumReaders[type] {
        reader = known
      } else {
        guard let new = EnumTagReader(Root.self) else { return nil }
        enumReaders[type] = new
        reader = new
      }
      let tag = reader.tag(of: root)
      let key = EnumCaseKey(type: type, tag: tag)
      switch enumCases[key] ?? learn(root, reader: reader, key: key) {
      case .bare(let text):
        return .bare(text)
      case .reflected:
        return nil
      case .payload(let label, let payloadType, let boxed):
        // Read from a copy with the tag's bits cleared: right for every layout.
        let facts = CaseFacts(
          tag: tag, reflected: false, boxed: boxed, needsProjection: true, recognized: false)
        func load<Payload>(_: Payload.Type) -> Any {
          reader.payload(of: root, facts, as: Payload.self)
        }
        return .payload(label: label, value: _openExistential(payloadType, do: load))
      }
    }
    return _openExistential(value, do: read)
  }

  /// What `Mirror` says of the case of `root`, kept for the case's later values.
  private func learn<Root>(_ root: Root, reader: EnumTagReader, key: EnumCaseKey)
    -> EnumCaseText
  {
    let text: EnumCaseText
    if let child = Mirror(reflecting: root).children.first {
      let cases = reader.cases
      let index = Int(key.tag)
      if index < cases.count, let payload = cases[index].payload,
        Swift.type(of: child.value) == payload
      {
        text = .payload(label: child.label, type: payload, boxed: cases[index].isIndirect)
      } else {
        text = .reflected
      }
    } else {
      text = .bare(String(describing: root))
    }
    enumCases[key] = text
    return text
  }
}
