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
  var lines: [String] = []
  Dumper().dump(value, label: nil, indent: "", into: &lines, trailing: "")
  return lines
}

/// ``dumpLines(_:)`` joined into one string. (Named apart from the standard library's `dump`.)
package func dumpText(_ value: Any) -> String {
  dumpLines(value).joined(separator: "\n")
}

private struct Dumper {
  func dump(
    _ value: Any, label: String?, indent: String, into lines: inout [String], trailing: String
  ) {
    let prefix = indent + (label.map { "\($0): " } ?? "")
    if let leaf = leafDescription(value) {
      lines.append(prefix + leaf + trailing)
      return
    }
    let mirror = Mirror(reflecting: value)
    let children = Array(mirror.children)
    switch mirror.displayStyle {
    case .optional:
      if let first = children.first {
        dump(first.value, label: label, indent: indent, into: &lines, trailing: trailing)
      } else {
        lines.append(prefix + "nil" + trailing)
      }
    case .enum:
      dumpEnum(value, children: children, prefix: prefix, indent: indent, into: &lines, trailing)
    case .collection, .set:
      let elements = children.map(\.value)
      dumpList(elements, prefix: prefix, indent: indent, into: &lines, trailing)
    case .dictionary:
      let pairs = children.map { child -> (String, Any) in
        let pair = Array(Mirror(reflecting: child.value).children)
        return (inline(pair[0].value), pair[1].value)
      }
      .sorted { $0.0 < $1.0 }
      if pairs.isEmpty {
        lines.append(prefix + "[:]" + trailing)
        return
      }
      lines.append(prefix + "[")
      for (index, pair) in pairs.enumerated() {
        let comma = index == pairs.count - 1 ? "" : ","
        dump(pair.1, label: pair.0, indent: indent + "  ", into: &lines, trailing: comma)
      }
      lines.append(indent + "]" + trailing)
    case .tuple:
      dumpFields(children, open: "(", prefix: prefix, indent: indent, into: &lines, trailing)
    default:
      let name = typeName(type(of: value))
      if children.isEmpty {
        lines.append(
          prefix + (mirror.displayStyle == nil ? String(describing: value) : name + "()") + trailing
        )
      } else {
        dumpFields(
          children, open: name + "(", prefix: prefix, indent: indent, into: &lines, trailing)
      }
    }
  }

  private func dumpEnum(
    _ value: Any, children: [Mirror.Child], prefix: String, indent: String,
    into lines: inout [String], _ trailing: String
  ) {
    guard let payload = children.first else {
      lines.append(prefix + "." + String(describing: value) + trailing)
      return
    }
    let name = "." + (payload.label ?? "")
    var inner: [String] = []
    let payloadMirror = Mirror(reflecting: payload.value)
    if payloadMirror.displayStyle == .tuple {
      dumpFields(Array(payloadMirror.children), open: "", prefix: "", indent: "", into: &inner, "")
      inner.removeLast()  // the closing parenthesis; re-added below
      inner.removeFirst()  // the empty opening line
      if inner.count == payloadMirror.children.count, inner.joined().count < 60 {
        let flat = inner.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        lines.append(prefix + name + "(" + flat + ")" + trailing)
        return
      }
      lines.append(prefix + name + "(")
      lines.append(contentsOf: inner.map { indent + $0 })
      lines.append(indent + ")" + trailing)
      return
    }
    dump(payload.value, label: nil, indent: "", into: &inner, trailing: "")
    if inner.count == 1 {
      lines.append(prefix + name + "(" + inner[0] + ")" + trailing)
    } else {
      lines.append(prefix + name + "(" + inner[0])
      lines.append(contentsOf: inner.dropFirst().dropLast().map { indent + $0 })
      lines.append(indent + inner[inner.count - 1] + ")" + trailing)
    }
  }

  private func dumpFields(
    _ children: [Mirror.Child], open: String, prefix: String, indent: String,
    into lines: inout [String], _ trailing: String
  ) {
    lines.append(prefix + open)
    for (index, child) in children.enumerated() {
      let comma = index == children.count - 1 ? "" : ","
      var label = child.label
      if let text = label, text.hasPrefix(".") { label = nil }  // unlabelled tuple element
      dump(child.value, label: label, indent: indent + "  ", into: &lines, trailing: comma)
    }
    lines.append(indent + ")" + trailing)
  }

  /// `[a, b]` on one line when short, else one element a line.
  private func dumpList(
    _ elements: [Any], prefix: String, indent: String, into lines: inout [String],
    _ trailing: String
  ) {
    // A list of structs is never inlined: no need to try every element as a leaf.
    let inlined =
      elements.first.map { leafDescription($0) == nil } ?? false
      ? [nil] : elements.map(leafDescription)
    if inlined.allSatisfy({ $0 != nil }) {
      let flat = inlined.map { $0! }.joined(separator: ", ")
      if flat.count <= 80 {
        lines.append(prefix + "[" + flat + "]" + trailing)
        return
      }
    }
    lines.append(prefix + "[")
    for (index, element) in elements.enumerated() {
      let comma = index == elements.count - 1 ? "" : ","
      dump(element, label: nil, indent: indent + "  ", into: &lines, trailing: comma)
    }
    lines.append(indent + "]" + trailing)
  }

  private func inline(_ value: Any) -> String {
    var lines: [String] = []
    dump(value, label: nil, indent: "", into: &lines, trailing: "")
    return lines.joined(separator: " ")
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
