import Foundation

/// Renders any value as indented lines that read like Swift, for diffs and failure messages.
///
/// ```swift
/// print(dumpLines(ClockState(isLoading: true)).joined(separator: "\n"))
/// // ClockState(
/// //   isLoading: true,
/// //   failure: nil
/// // )
/// ```
///
/// Structs and classes show every stored property on its own line, under their name qualified by
/// the types they are nested in (`typeName(_:)`: `Todos.State(`, not `State(`); enums show their case and
/// payload; collections show one element a line; dictionaries are sorted by key so that the
/// output is the same from run to run.
///
/// - Parameter value: any value: a state, an action, a list of them.
public func dumpLines(_ value: Any) -> [String] {
  var dumper = Dumper()
  var lines: [String] = []
  dumper.dump(value, label: nil, indent: "", trailing: "", previous: nil).appendLines(to: &lines)
  return lines
}

/// ``dumpLines(_:)`` joined into one string. (Named apart from the standard library's `dump`.)
package func dumpText(_ value: Any) -> String {
  dumpLines(value).joined(separator: "\n")
}

/// Walks a value with `Mirror` into lines, kept as a tree of its parts (``DumpSegment``); given
/// the tree of a value dumped before, reuses each part `==` to the one in the same place there.
struct Dumper {
  /// Parts whose `Mirror` was walked (for tests of the memo's cost).
  private(set) var reflected = 0

  /// `value`'s lines: one line, or a part of several (reusing `previous` when it still holds;
  /// `changed`: known not to, so not compared).
  mutating func dump(
    _ value: Any, label: String?, indent: String, trailing: String, previous: DumpNode?,
    changed: Bool = false
  ) -> DumpSegment {
    let key = DumpNode.Key(label: label, indent: indent, trailing: trailing)
    if !changed, let previous, previous.key == key, previous.holds(value) {
      return .node(previous)
    }
    let prefix = indent + (label.map { "\($0): " } ?? "")
    if let leaf = Self.leafDescription(value) { return .line(prefix + leaf + trailing) }
    reflected += 1
    if let list = value as? any DumpableList {
      return dumpList(list, value, prefix: prefix, key: key, previous)
    }
    let mirror = Mirror(reflecting: value)
    var segments: [DumpSegment] = []
    var children = 0..<0
    switch mirror.displayStyle {
    case .optional:
      guard let payload = mirror.children.first?.value else {
        return .line(prefix + "nil" + trailing)
      }
      // Remembered as its payload: the optional itself adds no line.
      return dump(payload, label: label, indent: indent, trailing: trailing, previous: previous)
    case .enum:
      // Laid out again around its payload: remembered only as a whole.
      segments = dumpEnum(
        value, children: Array(mirror.children), prefix: prefix, indent: indent, trailing
      )
      .map(DumpSegment.line)
    case .collection, .set:
      let elements = mirror.children.map(\.value)
      if let flat = inlined(elements) { return .line(prefix + "[" + flat + "]" + trailing) }
      segments = [.line(prefix + "[")]
      segments += dumpParts(count: elements.count, indent: indent + "  ", previous) {
        (label: nil, value: elements[$0])
      }
      children = 1..<(segments.count)
      segments.append(.line(indent + "]" + trailing))
    case .dictionary:
      let pairs = mirror.children.map { child -> (label: String?, value: Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (inline(pair[0].value), pair[1].value)
      }
      .sorted { $0.label! < $1.label! }
      if pairs.isEmpty { return .line(prefix + "[:]" + trailing) }
      segments = [.line(prefix + "[")]
      segments += dumpParts(count: pairs.count, indent: indent + "  ", previous) { pairs[$0] }
      children = 1..<(segments.count)
      segments.append(.line(indent + "]" + trailing))
    case .tuple:
      (segments, children) = dumpFields(
        Array(mirror.children), open: "(", prefix: prefix, indent: indent, trailing, previous)
    default:
      let name = typeName(type(of: value))
      let fields = Array(mirror.children)
      if fields.isEmpty {
        return .line(
          prefix + (mirror.displayStyle == nil ? String(describing: value) : name + "()") + trailing
        )
      }
      (segments, children) = dumpFields(
        fields, open: name + "(", prefix: prefix, indent: indent, trailing, previous)
    }
    return .node(DumpNode(value: value, key: key, segments: segments, children: children))
  }

  /// A list the dump can compare with the one before without boxing each element: the
  /// elements both share at their start and end are taken over, and only those between dumped.
  private mutating func dumpList(
    _ list: any DumpableList, _ value: Any, prefix: String, key: DumpNode.Key,
    _ previous: DumpNode?
  ) -> DumpSegment {
    let count = list.dumpCount
    if count == 0 || Self.leafDescription(list.dumpElement(0)) != nil {
      let elements = (0..<count).map(list.dumpElement)
      if let flat = inlined(elements) { return .line(prefix + "[" + flat + "]" + key.trailing) }
    }
    let shared = previous.flatMap { list.dumpSharedEnds(with: $0.value) }
    var segments: [DumpSegment] = [.line(prefix + "[")]
    segments += dumpParts(count: count, indent: key.indent + "  ", previous, shared: shared) {
      (label: nil, value: list.dumpElement($0))
    }
    segments.append(.line(key.indent + "]" + key.trailing))
    return .node(
      DumpNode(value: value, key: key, segments: segments, children: 1..<(segments.count - 1)))
  }

  /// Dumps `count` children one a line each at `indent`, each reusing the part in the same
  /// place before (or, when the count changed, in the same place from the end: one element
  /// inserted or removed anywhere leaves every other element to reuse). The children in
  /// `shared` — so many at the start and at the end known equal to the ones before — are taken
  /// over without being looked at.
  private mutating func dumpParts(
    count: Int, indent: String, _ previous: DumpNode?, shared: (start: Int, end: Int)? = nil,
    child: (Int) -> (label: String?, value: Any)
  ) -> [DumpSegment] {
    let old = previous.map { Array($0.segments[$0.children]) } ?? []
    let shift = count - old.count
    var parts: [DumpSegment] = []
    parts.reserveCapacity(count)
    for index in 0..<count {
      let comma = index == count - 1 ? "" : ","
      if let shared, !old.isEmpty {
        let oldIndex =
          index < shared.start ? index : index >= count - shared.end ? index - shift : nil
        if let oldIndex,
          let taken = Self.takeOver(
            old[oldIndex], last: oldIndex == old.count - 1,
            as: comma)
        {
          parts.append(taken)
          continue
        }
      }
      let (label, value) = child(index)
      let atIndex = index < old.count ? old[index].node : nil
      let fromEnd =
        shift != 0 && (0..<old.count).contains(index - shift) ? old[index - shift].node : nil
      // Same count: the part in the same place (checked once, in `dump`). Else the one in the
      // same place if it still holds, the one as far from the end otherwise.
      let candidate = fromEnd == nil || atIndex?.holds(value) == true ? atIndex : fromEnd
      parts.append(dump(value, label: label, indent: indent, trailing: comma, previous: candidate))
    }
    return parts
  }

  /// An element's piece from before, for an equal element now ending in `comma`: as it was when
  /// it ended alike (`last`: it was the last element, with no comma), else nil.
  private static func takeOver(_ segment: DumpSegment, last: Bool, as comma: String)
    -> DumpSegment?
  {
    switch segment {
    case .node(let node): node.key.trailing == comma ? segment : nil
    case .line: (last ? "" : ",") == comma ? segment : nil
    }
  }

  /// An enum's lines: its case, with its payload on the same line when short.
  private mutating func dumpEnum(
    _ value: Any, children: [Mirror.Child], prefix: String, indent: String, _ trailing: String
  ) -> [String] {
    guard let payload = children.first else {
      return [prefix + "." + String(describing: value) + trailing]
    }
    let name = "." + (payload.label ?? "")
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      var fields: [String] = []
      dumpFields(Array(payloadMirror.children), open: "", prefix: "", indent: "", "", nil).segments
        .forEach { $0.appendLines(to: &fields) }
      fields.removeLast()  // the closing parenthesis; re-added below
      fields.removeFirst()  // the empty opening line
      if fields.count == payloadMirror.children.count, fields.joined().count < 60 {
        let flat = fields.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return [prefix + name + "(" + flat + ")" + trailing]
      }
      return [prefix + name + "("] + fields.map { indent + $0 } + [indent + ")" + trailing]
    }
    var dumped: [String] = []
    dump(payload.value, label: nil, indent: "", trailing: "", previous: nil).appendLines(
      to: &dumped)
    if dumped.count == 1 { return [prefix + name + "(" + dumped[0] + ")" + trailing] }
    return [prefix + name + "(" + dumped[0]] + dumped.dropFirst().dropLast().map { indent + $0 }
      + [indent + dumped[dumped.count - 1] + ")" + trailing]
  }

  /// A struct's, class's or tuple's lines: its name, a field a line, and the closing parenthesis;
  /// with the range of the fields among them.
  private mutating func dumpFields(
    _ children: [Mirror.Child], open: String, prefix: String, indent: String,
    _ trailing: String, _ previous: DumpNode?
  ) -> (segments: [DumpSegment], children: Range<Int>) {
    let fields = children.map { child -> (label: String?, value: Any) in
      // An unlabelled tuple element's label is its position, `.0`: not shown.
      (label: child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }, value: child.value)
    }
    let parts = dumpParts(count: fields.count, indent: indent + "  ", previous) { fields[$0] }
    return (
      [.line(prefix + open)] + parts + [.line(indent + ")" + trailing)], 1..<(1 + parts.count)
    )
  }

  /// A list's elements on one line, `a, b`, when they are all one-line values and short.
  private func inlined(_ elements: [Any]) -> String? {
    // A list of structs is never inlined: no need to try every element as a leaf.
    if let first = elements.first, Self.leafDescription(first) == nil { return nil }
    var flat: [String] = []
    for element in elements {
      guard let leaf = Self.leafDescription(element) else { return nil }
      flat.append(leaf)
    }
    let joined = flat.joined(separator: ", ")
    return joined.count <= 80 ? joined : nil
  }

  private mutating func inline(_ value: Any) -> String {
    var lines: [String] = []
    dump(value, label: nil, indent: "", trailing: "", previous: nil).appendLines(to: &lines)
    return lines.joined(separator: " ")
  }

  /// Values printed on one line as they are.
  static func leafDescription(_ value: Any) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let character as Character: return String(character).debugDescription
    case let date as Date: return dateText(date)
    case let zone as TimeZone: return "TimeZone(\(zone.identifier.debugDescription))"
    case let url as URL: return "URL(\(url.absoluteString.debugDescription))"
    case is any Numeric, is Bool: return String(describing: value)
    case let id as EffectID: return "EffectID(\(id))"
    default: return nil
    }
  }

  /// A date as a leaf: every digit the value has, so two dates a diff tells apart never print
  /// alike.
  static func dateText(_ date: Date) -> String {
    LogDate.string(date)
      ?? "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
  }
}
