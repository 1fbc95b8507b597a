import Foundation
import Store

/// The first field, in declaration order, where two values of the same type differ.
///
/// ```swift
/// StateDifference.first(between: replayed, and: logged)
/// // StateDifference(path: "clock.dayOffset", left: "3", right: "4")
/// ```
///
/// Found by walking both values with `Mirror`: structs, classes and tuples field by field,
/// collections element by element (`items[2]`), optionals and enum payloads through their
/// contents. Leaves are compared by an exact description (dates to the last bit).
package struct StateDifference: Equatable, Sendable {
  /// The path of the field, e.g. `clock.dayOffset`; empty when the values differ as a whole.
  package let path: String
  /// The field in the first value, described.
  package let left: String
  /// The field in the second value, described.
  package let right: String

  /// The first difference between `left` and `right`, or nil when they describe alike.
  package static func first(between left: Any, and right: Any) -> StateDifference? {
    difference(left, right, path: "")
  }

  private static func difference(_ left: Any, _ right: Any, path: String) -> StateDifference? {
    let leftLeaf = leaf(left)
    let rightLeaf = leaf(right)
    if leftLeaf != nil || rightLeaf != nil {
      guard leftLeaf != rightLeaf else { return nil }
      return StateDifference(
        path: path, left: leftLeaf ?? describe(left), right: rightLeaf ?? describe(right))
    }
    let leftMirror = Mirror(reflecting: left)
    let rightMirror = Mirror(reflecting: right)
    let leftChildren = Array(leftMirror.children)
    let rightChildren = Array(rightMirror.children)
    if leftMirror.displayStyle == .enum || leftMirror.displayStyle == .optional {
      // Another case (or nil against a value) differs here; the same case differs inside.
      let leftCase = leftChildren.first?.label ?? describe(left)
      let rightCase = rightChildren.first?.label ?? describe(right)
      guard leftCase == rightCase, let l = leftChildren.first, let r = rightChildren.first else {
        return leftCase == rightCase && leftChildren.isEmpty && rightChildren.isEmpty
          ? nil : StateDifference(path: path, left: describe(left), right: describe(right))
      }
      return difference(l.value, r.value, path: path)
    }
    guard leftChildren.count == rightChildren.count else {
      return StateDifference(
        path: path, left: "\(leftChildren.count) elements", right: "\(rightChildren.count) elements"
      )
    }
    if leftChildren.isEmpty {
      let l = describe(left)
      let r = describe(right)
      return l == r ? nil : StateDifference(path: path, left: l, right: r)
    }
    let isCollection = leftMirror.displayStyle == .collection || leftMirror.displayStyle == .set
    for (index, (l, r)) in zip(leftChildren, rightChildren).enumerated() {
      let name = isCollection ? "[\(index)]" : (l.label.map { "." + $0 } ?? "[\(index)]")
      let childPath = path.isEmpty ? String(name.drop { $0 == "." }) : path + name
      if let found = difference(l.value, r.value, path: childPath) { return found }
    }
    return nil
  }

  /// An exact one-line description of a value with no fields worth walking into.
  private static func leaf(_ value: Any) -> String? {
    switch value {
    case let date as Date: return LogDate.string(date) ?? "\(date.timeIntervalSinceReferenceDate)"
    case let string as String: return shortened(string.debugDescription)
    case let zone as TimeZone: return zone.identifier
    case let locale as Locale: return locale.identifier
    case let url as URL: return url.absoluteString
    case let number as Double: return number.description
    case is any Numeric, is Bool, is Character: return String(describing: value)
    default: return nil
    }
  }

  /// A value with fields, on one line: dumped as the store dumps values (dates exactly, and
  /// never through `Date.description`, which traps on NaN), shortened.
  private static func describe(_ value: Any) -> String {
    let text = dumpLines(value).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    return shortened(text, to: 80)
  }

  /// `text` cut to `limit` characters: a value read from a log may be of any length.
  private static func shortened(_ text: String, to limit: Int = 200) -> String {
    text.count > limit ? text.prefix(limit) + "…" : text
  }
}
