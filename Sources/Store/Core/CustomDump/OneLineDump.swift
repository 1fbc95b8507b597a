import Foundation

/// ``dumpLines(_:)`` of a value on one line — each line trimmed of spaces and tabs, joined by
/// single spaces — made without the lines: the same text, for a listing that describes many
/// values (`:history --json`). It keeps, per type, what the dump would find by casting
/// (a string, a number, a list, …) and each type's name, so a value of a type seen before costs
/// its `Mirror` walk and its text.
///
/// ```swift
/// let dumper = OneLineDumper()
/// dumper.line(ClockState(isLoading: true))   // "ClockState( isLoading: true, failure: nil )"
/// ```
///
/// **Bound:** O(size of the value's dump), as ``dumpLines(_:)``; memory: one entry per type met.
package final class OneLineDumper {
  /// What the dump does with a value of a type, found once per type.
  enum Kind {
    case string, character, date, timeZone, url, plain, effectID
    /// A list the dump compares element by element (``DumpableList``).
    case list
    /// An optional: dumped as what it holds.
    case optional
    /// An `AnyHashable`: what it is depends on what it holds.
    case dynamic
    /// An enum: its case read by tag (``EnumTagReader``), what `Mirror` says of the case learnt
    /// once per case (OneLineDump+Enum.swift).
    case enumeration
    /// Neither a leaf nor a list: walked with `Mirror`.
    case other
  }

  private var kinds: [ObjectIdentifier: Kind] = [:]
  private var names: [ObjectIdentifier: String] = [:]
  /// What `Mirror` says of each enum case met, by type and tag.
  var enumCases: [EnumCaseKey: EnumCaseText] = [:]
  /// The reader of each enum type met.
  var enumReaders: [ObjectIdentifier: EnumTagReader] = [:]

  package init() {}

  /// `dumpLines(value)`, each line trimmed of spaces and tabs, joined by spaces.
  package func line(_ value: Any) -> String {
    var lines: [String] = []
    dump(value, label: nil, trailing: "", into: &lines)
    var text = ""
    for (index, line) in lines.enumerated() {
      if index > 0 { text += " " }
      text += Self.trimmed(line)
    }
    return text
  }

  /// The lines ``Dumper/dump(_:label:indent:trailing:previous:changed:)`` makes of `value`
  /// with no dump before, without their indentation (which the caller trims away).
  func dump(
    _ value: Any, label: String?, trailing: String, into lines: inout [String],
    mirror known: Mirror? = nil
  ) {
    let prefix = label.map { $0 + ": " } ?? ""
    let kind = self.kind(of: value)
    if kind == .optional {
      let mirror = known ?? Mirror(reflecting: value)
      guard let payload = mirror.children.first?.value else {
        lines.append(prefix + "nil" + trailing)
        return
      }
      // The dump's casts unwrap an optional: it is dumped as what it holds — but a number or a
      // Bool, which the dump describes whole (`Optional(3)`); and an optional of an optional
      // goes the dump's own way.
      switch self.kind(of: payload) {
      case .plain:
        lines.append(prefix + String(describing: value) + trailing)
        return
      case .optional, .dynamic:
        break
      default:
        return dump(payload, label: label, trailing: trailing, into: &lines)
      }
    }
    if kind == .optional || kind == .dynamic {
      // Casting unwraps: the dump's own order of casts decides.
      if let leaf = Dumper.leafDescription(value) {
        lines.append(prefix + leaf + trailing)
        return
      }
      if let list = value as? any DumpableList {
        return dumpList(list, prefix: prefix, trailing: trailing, into: &lines)
      }
    } else if let leaf = leaf(value, kind) {
      lines.append(prefix + leaf + trailing)
      return
    } else if kind == .list, let list = value as? any DumpableList {
      return dumpList(list, prefix: prefix, trailing: trailing, into: &lines)
    } else if kind == .enumeration, known == nil,
      let payload = enumCase(of: value)
    {
      switch payload {
      case .bare(let text):
        lines.append(prefix + "." + text + trailing)
      case .payload(let label, let payload):
        dumpEnum(payload: (label, payload), prefix: prefix, trailing: trailing, into: &lines)
      }
      return
    }
    let mirror = known ?? Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let payload = mirror.children.first?.value else {
        lines.append(prefix + "nil" + trailing)
        return
      }
      dump(payload, label: label, trailing: trailing, into: &lines)
    case .enum:
      guard let payload = mirror.children.first else {
        lines.append(prefix + "." + String(describing: value) + trailing)
        return
      }
      dumpEnum(payload: payload, prefix: prefix, trailing: trailing, into: &lines)
    case .collection, .set:
      let elements = mirror.children.map(\.value)
      if let flat = inlined(elements) {
        lines.append(prefix + "[" + flat + "]" + trailing)
        return
      }
      lines.append(prefix + "[")
      for (index, element) in elements.enumerated() {
        dump(
          element, label: nil, trailing: index == elements.count - 1 ? "" : ",", into: &lines)
      }
      lines.append("]" + trailing)
    case .dictionary:
      let pairs = mirror.children.map { child -> (label: String, value: Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (inline(pair[0].value), pair[1].value)
      }
      .sorted { $0.label < $1.label }
      if pairs.isEmpty {
        lines.append(prefix + "[:]" + trailing)
        return
      }
      lines.append(prefix + "[")
      for (index, pair) in pairs.enumerated() {
        dump(
          pair.value, label: pair.label, trailing: index == pairs.count - 1 ? "" : ",",
          into: &lines)
      }
      lines.append("]" + trailing)
    case .tuple:
      dumpFields(mirror.children, open: "(", prefix: prefix, trailing: trailing, into: &lines)
    default:
      if mirror.children.isEmpty {
        let name =
          mirror.displayStyle == nil ? String(describing: value) : cachedTypeName(of: value) + "()"
        lines.append(prefix + name + trailing)
        return
      }
      dumpFields(
        mirror.children, open: cachedTypeName(of: value) + "(", prefix: prefix, trailing: trailing,
        into: &lines)
    }
  }

  private func dumpList(
    _ list: any DumpableList, prefix: String, trailing: String, into lines: inout [String]
  ) {
    let count = list.dumpCount
    if count == 0 || leaf(list.dumpElement(0)) != nil {
      let elements = (0..<count).map(list.dumpElement)
      if let flat = inlined(elements) {
        lines.append(prefix + "[" + flat + "]" + trailing)
        return
      }
    }
    lines.append(prefix + "[")
    for index in 0..<count {
      dump(
        list.dumpElement(index), label: nil, trailing: index == count - 1 ? "" : ",",
        into: &lines)
    }
    lines.append("]" + trailing)
  }

  /// As the dump lays out an enum: its case, with a short payload on the same line.
  private func dumpEnum(
    payload: (label: String?, value: Any), prefix: String, trailing: String,
    into lines: inout [String]
  ) {
    let name = "." + (payload.label ?? "")
    // A leaf or a list is no tuple: its `Mirror` is not needed to know.
    let payloadKind = kind(of: payload.value)
    let payloadMirror =
      payloadKind == .other || payloadKind == .optional || payloadKind == .dynamic
      ? Mirror(reflecting: payload.value) : nil
    if let payloadMirror, payloadMirror.displayStyle == .tuple {
      var fields: [String] = []
      let children = payloadMirror.children
      for (index, child) in children.enumerated() {
        dump(
          child.value, label: child.label.flatMap { $0.hasPrefix(".") ? nil : $0 },
          trailing: index == children.count - 1 ? "" : ",", into: &fields)
      }
      // The dump indents each field by two spaces and keeps it on the line when every field
      // took one line and they are under 60 characters together, indentation included.
      if fields.count == children.count, Self.shorterThan60(fields) {
        let flat = fields.map(Self.trimmed).joined(separator: " ")
        lines.append(prefix + name + "(" + flat + ")" + trailing)
        return
      }
      lines.append(prefix + name + "(")
      lines += fields
      lines.append(")" + trailing)
      return
    }
    var dumped: [String] = []
    dump(payload.value, label: nil, trailing: "", into: &dumped, mirror: payloadMirror)
    if dumped.count == 1 {
      lines.append(prefix + name + "(" + dumped[0] + ")" + trailing)
      return
    }
    lines.append(prefix + name + "(" + dumped[0])
    lines += dumped.dropFirst().dropLast()
    lines.append(dumped[dumped.count - 1] + ")" + trailing)
  }

  private func dumpFields(
    _ children: Mirror.Children, open: String, prefix: String, trailing: String,
    into lines: inout [String]
  ) {
    lines.append(prefix + open)
    for (index, child) in children.enumerated() {
      dump(
        child.value, label: child.label.flatMap { $0.hasPrefix(".") ? nil : $0 },
        trailing: index == children.count - 1 ? "" : ",", into: &lines)
    }
    lines.append(")" + trailing)
  }

  /// Whether the fields, each indented by two spaces, joined, are under 60 characters.
  private static func shorterThan60(_ fields: [String]) -> Bool {
    let bytes = fields.reduce(0) { $0 + 2 + $1.utf8.count }
    if bytes < 60 { return true }
    return fields.map { "  " + $0 }.joined().count < 60
  }

  /// As the dump inlines a list of leaves: `a, b`, when at most 80 characters.
  private func inlined(_ elements: [Any]) -> String? {
    if let first = elements.first, leaf(first) == nil { return nil }
    var flat: [String] = []
    for element in elements {
      guard let leaf = leaf(element) else { return nil }
      flat.append(leaf)
    }
    let joined = flat.joined(separator: ", ")
    return joined.utf8.count <= 80 || joined.count <= 80 ? joined : nil
  }

  /// A dictionary key as the dump writes it.
  private func inline(_ value: Any) -> String {
    if let leaf = leaf(value) { return leaf }
    return dumpLines(value).joined(separator: " ")
  }

  private func leaf(_ value: Any) -> String? {
    leaf(value, kind(of: value))
  }

  /// The dump's leaf text of a value of `kind`, without casting to find out what it is.
  private func leaf(_ value: Any, _ kind: Kind) -> String? {
    switch kind {
    case .string: (value as? String)?.debugDescription
    case .character: (value as? Character).map { String($0).debugDescription }
    case .plain: String(describing: value)
    case .date: (value as? Date).map(Dumper.dateText)
    case .timeZone, .url, .effectID, .optional, .dynamic: Dumper.leafDescription(value)
    case .list, .enumeration, .other: nil
    }
  }

  private func kind(of value: Any) -> Kind {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    if let kind = kinds[key] { return kind }
    let kind: Kind =
      switch value {
      case _ where type is any OptionalDumpMarker.Type: .optional
      // Casting unwraps an AnyHashable: what it is depends on the value.
      case _ where type == AnyHashable.self: .dynamic
      case is String: .string
      case is Character: .character
      case is Date: .date
      case is TimeZone: .timeZone
      case is URL: .url
      case is any Numeric, is Bool: .plain
      case is EffectID: .effectID
      case is any DumpableList: .list
      default: Self.isPlainEnum(value) ? .enumeration : .other
      }
    kinds[key] = kind
    return kind
  }

  private func cachedTypeName(of value: Any) -> String {
    let type = Swift.type(of: value)
    let key = ObjectIdentifier(type)
    if let name = names[key] { return name }
    let name = typeName(type)
    names[key] = name
    return name
  }

  /// `line` without the spaces and tabs (Unicode's space separators and tab) at its ends.
  static func trimmed(_ line: String) -> String {
    guard let first = line.unicodeScalars.first, let last = line.unicodeScalars.last else {
      return line
    }
    if isBlank(first) || isBlank(last) { return line.trimmingCharacters(in: .whitespaces) }
    return line
  }

  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII { return scalar == " " || scalar == "\t" }
    return CharacterSet.whitespaces.contains(scalar)
  }
}

/// Optional's types, told apart by their metatype.
private protocol OptionalDumpMarker {}
extension Optional: OptionalDumpMarker {}
