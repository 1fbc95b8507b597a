import Foundation
import Store

/// Renders `value` as one line of Swift that builds it again, for failure reports that can be
/// pasted into a regression test; nil when the value holds something with no source form, such as
/// a closure.
///
/// Enums render as `.case(payload)`, structs as `TypeName(label: value, …)` (which compiles when
/// the memberwise initializer is visible), and Foundation's common values by their initializers.
///
/// ```swift
/// swiftSource(ClockAction.timeResponse(request: 1, .success(Date(timeIntervalSince1970: 0))))
/// // ".timeResponse(request: 1, .success(Date(timeIntervalSince1970: 0.0)))"
/// ```
///
/// `custom` renders the values it knows better, at any depth — a type whose initializer is
/// failable, say — and returns nil for the rest.
///
/// - Parameters:
///   - value: the value to write as Swift.
///   - custom: the source of the values it knows better; nil for the rest.
public func swiftSource(_ value: Any, custom: ((Any) -> String?)? = nil) -> String? {
  if let custom, let source = custom(value) { return source }
  if let leaf = leafSource(value) { return leaf }
  let mirror = Mirror(reflecting: value)
  let children = Array(mirror.children)
  switch mirror.displayStyle {
  case .optional:
    guard let wrapped = children.first else { return "nil" }
    return swiftSource(wrapped.value, custom: custom)
  case .enum:
    guard let payload = children.first else { return "." + String(describing: value) }
    let inner = Mirror(reflecting: payload.value)
    let arguments =
      inner.displayStyle == .tuple
      ? arguments(inner.children, custom) : swiftSource(payload.value, custom: custom)
    return arguments.map { "." + (payload.label ?? "") + "(" + $0 + ")" }
  case .collection, .set:
    return elements(children.map(\.value), custom).map { "[" + $0 + "]" }
  case .dictionary:
    var pairs: [(String, String)] = []
    for child in children {
      let pair = Array(Mirror(reflecting: child.value).children)
      guard pair.count == 2, let key = swiftSource(pair[0].value, custom: custom),
        let value = swiftSource(pair[1].value, custom: custom)
      else { return nil }
      pairs.append((key, value))
    }
    if pairs.isEmpty { return "[:]" }
    return "[" + pairs.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
      + "]"
  case .tuple:
    return arguments(mirror.children, custom).map { "(" + $0 + ")" }
  case .struct, .class:
    return arguments(mirror.children, custom).map {
      sourceTypeName(type(of: value)) + "(" + $0 + ")"
    }
  default:
    // A closure has no source; anything else without children prints as itself.
    let text = String(describing: value)
    return text == "(Function)" ? nil : text
  }
}

private func arguments(_ children: Mirror.Children, _ custom: ((Any) -> String?)?) -> String? {
  var parts: [String] = []
  for child in children where !(child.value is any DependencyProperty) {
    guard let source = swiftSource(child.value, custom: custom) else { return nil }
    if let label = child.label, !label.hasPrefix(".") {
      parts.append(label + ": " + source)
    } else {
      parts.append(source)
    }
  }
  return parts.joined(separator: ", ")
}

private func elements(_ values: [Any], _ custom: ((Any) -> String?)?) -> String? {
  var parts: [String] = []
  for value in values {
    guard let source = swiftSource(value, custom: custom) else { return nil }
    parts.append(source)
  }
  return parts.joined(separator: ", ")
}

private func leafSource(_ value: Any) -> String? {
  switch value {
  case let string as String: return string.debugDescription
  case let character as Character: return String(character).debugDescription
  case let bool as Bool: return String(bool)
  case let number as Double: return floatingSource(number)
  case let number as Float: return floatingSource(Double(number))
  case let number as any BinaryInteger: return String(describing: number)
  case let date as Date: return "Date(timeIntervalSince1970: \(date.timeIntervalSince1970))"
  case let zone as TimeZone: return "TimeZone(identifier: \(zone.identifier.debugDescription))!"
  case let url as URL: return "URL(string: \(url.absoluteString.debugDescription))!"
  case let uuid as UUID: return "UUID(uuidString: \(uuid.uuidString.debugDescription))!"
  default: return nil
  }
}

private func floatingSource(_ number: Double) -> String {
  if number.isNaN { return ".nan" }
  if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
  return String(number)
}
