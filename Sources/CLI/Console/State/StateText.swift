import ActionLog
import Foundation
import Store

/// A value of an app's state as a screen shows it, in the syntax actions are typed in —
/// `.downloading(40)`, `(id: 1, title: "Milk")`, `["a", "b"]` — cut when long, with a count of
/// what was left out: `[1, 2, 3, … 9997 more]`, `"aaaa… (96 more characters)"`.
///
/// ```swift
/// StateText.describe(Array(1...10_000), budget: 20)   // "[1, 2, 3, 4, 5, 6, … 9994 more]"
/// ```
///
/// Bound: O(budget) — a value is read (with `Mirror`) only as far as its text fits the budget,
/// whatever its size; a list's count is read without walking it.
package enum StateText {
  /// How many characters a line's value may take before it is cut.
  package static let budget = 160

  package static func describe(_ value: Any, budget: Int = StateText.budget) -> String {
    var writer = Writer(budget: budget)
    writer.write(value)
    return writer.text
  }

  struct Writer {
    var text = ""
    let budget: Int

    var isFull: Bool { text.count >= budget }

    mutating func write(_ value: Any) {
      switch value {
      case let string as String:
        let limit = max(8, budget - text.count)
        if string.count > limit {
          text +=
            ValueText.string(String(string.prefix(limit))).dropLast()
            + "… (\(string.count - limit) more characters)\""
        } else {
          text += ValueText.string(string)
        }
        return
      case let bool as Bool:
        text += bool ? "true" : "false"
        return
      case let double as Double:
        text += ValueText.number(double)
        return
      case let integer as any BinaryInteger:
        text += "\(integer)"
        return
      case let date as Date:
        text +=
          LogDate.string(date).map(ValueText.string) ?? "\(date.timeIntervalSinceReferenceDate)"
        return
      case let url as URL:
        text += ValueText.string(url.absoluteString)
        return
      case let uuid as UUID:
        text += ValueText.string(uuid.uuidString)
        return
      default:
        break
      }
      let mirror = Mirror(reflecting: value)
      switch mirror.displayStyle {
      case .optional:
        guard let wrapped = mirror.children.first?.value else {
          text += "nil"
          return
        }
        write(wrapped)
      case .enum:
        guard let payload = mirror.children.first else {
          text += "." + String(describing: value)
          return
        }
        text += "." + (payload.label ?? "")
        let inner = Mirror(reflecting: payload.value)
        if inner.displayStyle == .tuple {
          arguments(inner.children, count: inner.children.count)
        } else {
          text += "("
          write(payload.value)
          text += ")"
        }
      case .collection, .set:
        elements(mirror.children, count: (value as? any Collection)?.count ?? mirror.children.count)
      case .dictionary:
        let count = mirror.children.count
        guard count > 0 else {
          text += "[:]"
          return
        }
        text += "["
        var written = 0
        for pair in mirror.children {
          if written > 0 { text += ", " }
          if isFull { break }
          let parts = Array(Mirror(reflecting: pair.value).children)
          if parts.count == 2 {
            write(parts[0].value)
            text += ": "
            write(parts[1].value)
          }
          written += 1
        }
        text += written < count ? "… \(count - written) more]" : "]"
      case .struct, .class, .tuple:
        arguments(mirror.children, count: mirror.children.count)
      default:
        text += String(describing: value)
      }
    }

    private mutating func arguments(_ children: Mirror.Children, count: Int) {
      text += "("
      var written = 0
      for child in children {
        if written > 0 { text += ", " }
        if isFull { break }
        if let label = child.label, !label.hasPrefix(".") { text += label + ": " }
        write(child.value)
        written += 1
      }
      text += written < count ? "… \(count - written) more)" : ")"
    }

    private mutating func elements(_ children: Mirror.Children, count: Int) {
      text += "["
      var written = 0
      for child in children {
        if written > 0 { text += ", " }
        if isFull { break }
        write(child.value)
        written += 1
      }
      text += written < count ? "… \(count - written) more]" : "]"
    }
  }
}
