import Foundation

extension StatePath {
  /// The value at this path in `root`, read with `Mirror`; nil where the path leads nowhere (a
  /// property the value lacks, an index past the end, an id or key not there, an optional that
  /// is nil).
  ///
  /// ```swift
  /// try StatePath("episodes[id: 1].download").value(in: state)   // .downloading(40)
  /// ```
  ///
  /// An id or key typed in the path is compared with the state's as ``StateText`` writes
  /// them (`1`, `"swift"`), quotes optional for a string. **Bound:** per segment, O(the
  /// children of the value it reads) — O(n) for an element of a list of n by id or key.
  package func value(in root: Any) -> Any? { value(in: root, reader: Reader()) }

  /// What ``value(in:)`` learns of the types it reads, kept for the next state of a pass over a
  /// history (``StateSearch``): which types are optionals, and where each property is among its
  /// type's children. Memory: one entry per type and property met.
  final class Reader {
    private var optionals: [ObjectIdentifier: Bool] = [:]
    private var properties: [PropertyKey: Int] = [:]

    private struct PropertyKey: Hashable {
      let type: ObjectIdentifier
      let name: String
    }

    /// Whether a value of `type` is an optional (told by its type, once).
    func isOptional(_ value: Any) -> Bool {
      let key = ObjectIdentifier(type(of: value))
      if let known = optionals[key] { return known }
      let isOptional = Mirror(reflecting: value).displayStyle == .optional
      optionals[key] = isOptional
      return isOptional
    }

    /// The child named `name` of `mirror` (the mirror of `value`): found by its position
    /// among its type's children where it was found before (a stored property's position is
    /// its type's), else by a walk that notes its position.
    func child(named name: String, of value: Any, _ mirror: Mirror) -> Any? {
      let key = PropertyKey(type: ObjectIdentifier(type(of: value)), name: name)
      let children = mirror.children
      if let offset = properties[key], offset < children.count {
        let child = children[children.index(children.startIndex, offsetBy: offset)]
        if StatePath.label(child.label) == name { return child.value }
      }
      for (offset, child) in children.enumerated() where StatePath.label(child.label) == name {
        properties[key] = offset
        return child.value
      }
      return nil
    }
  }

  /// ``value(in:)`` with `reader`, which knows the types it met before.
  func value(in root: Any, reader: Reader) -> Any? {
    var current: Any = root
    for segment in segments {
      guard let unwrapped = Self.unwrapped(current, reader) else { return nil }
      current = unwrapped
      let mirror = Mirror(reflecting: current)
      switch segment {
      case .property(let name):
        guard let child = reader.child(named: name, of: current, mirror) else { return nil }
        current = child
      case .index(let index):
        guard index >= 0, index < mirror.children.count else { return nil }
        current =
          mirror.children[mirror.children.index(mirror.children.startIndex, offsetBy: index)]
          .value
      case .id(let id):
        guard
          let element = Self.elements(of: current, mirror).first(where: {
            Self.id(of: $0).map { Self.same($0, id) } ?? false
          })
        else { return nil }
        current = element
      case .key(let key):
        guard
          let pair = mirror.children.first(where: { child in
            let pair = Mirror(reflecting: child.value).children.map(\.value)
            return pair.count == 2 && Self.same(pair[0], key)
          })
        else { return nil }
        current = Mirror(reflecting: pair.value).children.map(\.value)[1]
      case .unwrap:
        continue
      }
    }
    return Self.unwrapped(current, reader)
  }

  /// `_title` (a property wrapper's storage) read as `title`.
  fileprivate static func label(_ label: String?) -> String? {
    guard let label, label.hasPrefix("_") else { return label }
    return String(label.dropFirst())
  }

  /// An optional's value, or the value itself; nil for `nil`.
  private static func unwrapped(_ value: Any, _ reader: Reader) -> Any? {
    guard reader.isOptional(value) else { return value }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .optional else { return value }
    guard let some = mirror.children.first else { return nil }
    return unwrapped(some.value, reader)
  }

  /// The elements of a list or identified collection (whose elements it keeps in a stored
  /// list, found by walking its stored properties).
  private static func elements(of value: Any, _ mirror: Mirror) -> [Any] {
    if mirror.displayStyle == .collection { return mirror.children.map(\.value) }
    for child in mirror.children {
      let inner = Mirror(reflecting: child.value)
      if inner.displayStyle == .collection,
        inner.children.first.map({ id(of: $0.value) != nil }) ?? false
      {
        return inner.children.map(\.value)
      }
    }
    return []
  }

  private static func id(of element: Any) -> Any? {
    if let identifiable = element as? any Identifiable { return identifiable.id }
    return nil
  }

  /// Whether a value of the state is the one `typed` names.
  private static func same(_ value: Any, _ typed: PathValue) -> Bool {
    switch typed {
    case .value(let found): return (value as? AnyHashable) == found
    case .typed(let text):
      let written = StateText.describe(value)
      return written == text || (value is String && written == "\"\(text)\"")
    }
  }
}
