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
  var dumper = Dumper(memo: nil)
  _ = dumper.dump(value, label: nil, indent: "", trailing: "", previous: nil)
  return dumper.lines
}

/// ``dumpLines(_:)`` joined into one string. (Named apart from the standard library's `dump`.)
package func dumpText(_ value: Any) -> String {
  dumpLines(value).joined(separator: "\n")
}

/// Where a part of the value dumped before starts in its lines: a candidate for reuse.
typealias DumpedPart = (node: DumpNode, start: Int)

/// Walks a value with `Mirror`, appending its lines; with a memo, also remembers each part's lines
/// (``DumpNode``) and copies the lines of any part equal to the one in the same place before.
struct Dumper {
  private(set) var lines: [String] = []
  /// The lines dumped before, which remembered parts point into; nil: remember nothing.
  private let memo: [String]?
  /// Parts whose `Mirror` was walked (for tests of the memo's cost).
  private(set) var reflected = 0

  init(memo: [String]?) {
    self.memo = memo
  }

  /// Appends `value`'s lines; returns what to remember of it (nil without a memo, or for a value
  /// written on one line).
  mutating func dump(
    _ value: Any, label: String?, indent: String, trailing: String, previous: DumpedPart?
  ) -> DumpNode? {
    let key = DumpNode.Key(label: label, indent: indent, trailing: trailing)
    if let memo, let previous, previous.node.key == key, previous.node.holds(value) {
      lines.append(contentsOf: memo[previous.start..<(previous.start + previous.node.count)])
      return previous.node
    }
    let prefix = indent + (label.map { "\($0): " } ?? "")
    if let leaf = leafDescription(value) {
      lines.append(prefix + leaf + trailing)
      return nil
    }
    let start = lines.count
    reflected += 1
    let mirror = Mirror(reflecting: value)
    var parts: [(offset: Int, node: DumpNode?)] = []
    switch mirror.displayStyle {
    case .optional:
      guard let payload = mirror.children.first?.value else {
        lines.append(prefix + "nil" + trailing)
        return nil
      }
      // Remembered as its payload: the optional itself adds no line.
      return dump(payload, label: label, indent: indent, trailing: trailing, previous: previous)
    case .enum:
      // Dumped whole (its payload is laid out again around it): remembered only as a whole.
      dumpEnum(value, children: Array(mirror.children), prefix: prefix, indent: indent, trailing)
    case .collection, .set:
      let elements = mirror.children.map(\.value)
      parts = dumpList(elements, prefix: prefix, indent: indent, trailing, previous)
    case .dictionary:
      let pairs = mirror.children.map { child -> (String, Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (inline(pair[0].value), pair[1].value)
      }
      .sorted { $0.0 < $1.0 }
      if pairs.isEmpty {
        lines.append(prefix + "[:]" + trailing)
      } else {
        lines.append(prefix + "[")
        parts = dumpParts(
          pairs.map { (label: $0.0, value: $0.1) }, indent: indent + "  ", start, previous)
        lines.append(indent + "]" + trailing)
      }
    case .tuple:
      parts = dumpFields(
        Array(mirror.children), open: "(", prefix: prefix, indent: indent, trailing,
        start, previous)
    default:
      let name = typeName(type(of: value))
      let children = Array(mirror.children)
      if children.isEmpty {
        lines.append(
          prefix + (mirror.displayStyle == nil ? String(describing: value) : name + "()") + trailing
        )
      } else {
        parts = dumpFields(
          children, open: name + "(", prefix: prefix, indent: indent, trailing, start, previous)
      }
    }
    guard memo != nil else { return nil }
    return DumpNode(value: value, key: key, count: lines.count - start, parts: parts)
  }

  /// Dumps `children` one a line each at `indent`, each reusing the part in the same place before
  /// (or, when the count changed, in the same place from the end: one element inserted or
  /// removed anywhere leaves every other element's lines to copy).
  private mutating func dumpParts(
    _ children: [(label: String?, value: Any)], indent: String, _ start: Int,
    _ previous: DumpedPart?
  ) -> [(offset: Int, node: DumpNode?)] {
    var parts: [(offset: Int, node: DumpNode?)] = []
    let old = previous?.node.parts ?? []
    let shift = children.count - old.count
    for (index, child) in children.enumerated() {
      let comma = index == children.count - 1 ? "" : ","
      var candidate: DumpedPart?
      if let previous, !old.isEmpty {
        let atIndex = index < old.count ? old[index] : nil
        let fromEnd =
          shift != 0 && (0..<old.count).contains(index - shift) ? old[index - shift] : nil
        // Same count: the part in the same place (checked once, in `dump`). Else the one in the
        // same place if it still holds, the one as far from the end otherwise.
        let chosen =
          fromEnd == nil || atIndex?.node?.holds(child.value) == true ? atIndex : fromEnd
        candidate = chosen.flatMap { part in
          part.node.map { (node: $0, start: previous.start + part.offset) }
        }
      }
      let offset = lines.count - start
      let node = dump(
        child.value, label: child.label, indent: indent, trailing: comma, previous: candidate)
      parts.append((offset, node))
    }
    return parts
  }

  private mutating func dumpEnum(
    _ value: Any, children: [Mirror.Child], prefix: String, indent: String, _ trailing: String
  ) {
    guard let payload = children.first else {
      lines.append(prefix + "." + String(describing: value) + trailing)
      return
    }
    let name = "." + (payload.label ?? "")
    var inner = Dumper(memo: nil)
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      _ = inner.dumpFields(
        Array(payloadMirror.children), open: "", prefix: "", indent: "", "", 0, nil)
      var fields = inner.lines
      fields.removeLast()  // the closing parenthesis; re-added below
      fields.removeFirst()  // the empty opening line
      if fields.count == payloadMirror.children.count, fields.joined().count < 60 {
        let flat = fields.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        lines.append(prefix + name + "(" + flat + ")" + trailing)
        return
      }
      lines.append(prefix + name + "(")
      lines.append(contentsOf: fields.map { indent + $0 })
      lines.append(indent + ")" + trailing)
      return
    }
    _ = inner.dump(payload.value, label: nil, indent: "", trailing: "", previous: nil)
    let dumped = inner.lines
    if dumped.count == 1 {
      lines.append(prefix + name + "(" + dumped[0] + ")" + trailing)
    } else {
      lines.append(prefix + name + "(" + dumped[0])
      lines.append(contentsOf: dumped.dropFirst().dropLast().map { indent + $0 })
      lines.append(indent + dumped[dumped.count - 1] + ")" + trailing)
    }
  }

  private mutating func dumpFields(
    _ children: [Mirror.Child], open: String, prefix: String, indent: String,
    _ trailing: String, _ start: Int, _ previous: DumpedPart?
  ) -> [(offset: Int, node: DumpNode?)] {
    lines.append(prefix + open)
    let fields = children.map { child -> (label: String?, value: Any) in
      // An unlabelled tuple element's label is its position, `.0`: not shown.
      (label: child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }, value: child.value)
    }
    let parts = dumpParts(fields, indent: indent + "  ", start, previous)
    lines.append(indent + ")" + trailing)
    return parts
  }

  /// `[a, b]` on one line when short, else one element a line.
  private mutating func dumpList(
    _ elements: [Any], prefix: String, indent: String, _ trailing: String,
    _ previous: DumpedPart?
  ) -> [(offset: Int, node: DumpNode?)] {
    // A list of structs is never inlined: no need to try every element as a leaf.
    let inlined =
      elements.first.map { leafDescription($0) == nil } ?? false
      ? [nil] : elements.map(leafDescription)
    if inlined.allSatisfy({ $0 != nil }) {
      let flat = inlined.map { $0! }.joined(separator: ", ")
      if flat.count <= 80 {
        lines.append(prefix + "[" + flat + "]" + trailing)
        return []
      }
    }
    let start = lines.count
    lines.append(prefix + "[")
    let parts = dumpParts(
      elements.map { (label: nil, value: $0) }, indent: indent + "  ", start, previous)
    lines.append(indent + "]" + trailing)
    return parts
  }

  private func inline(_ value: Any) -> String {
    var inner = Dumper(memo: nil)
    _ = inner.dump(value, label: nil, indent: "", trailing: "", previous: nil)
    return inner.lines.joined(separator: " ")
  }

  /// Values printed on one line as they are.
  private func leafDescription(_ value: Any) -> String? {
    switch value {
    case let string as String: return string.debugDescription
    case let character as Character: return String(character).debugDescription
    case let date as Date:
      // Every digit the value has, so two dates a diff tells apart never print alike.
      return LogDate.string(date)
        ?? "Date(timeIntervalSinceReferenceDate: \(date.timeIntervalSinceReferenceDate))"
    case let zone as TimeZone: return "TimeZone(\(zone.identifier.debugDescription))"
    case let url as URL: return "URL(\(url.absoluteString.debugDescription))"
    case is any Numeric, is Bool: return String(describing: value)
    case let id as EffectID: return "EffectID(\(id))"
    default: return nil
    }
  }
}
