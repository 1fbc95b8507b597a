/// What an action changed in a state's JSON, as operations the page applies to the state before
/// it to rebuild the state after it, and shows as the action's diff.
///
/// ```swift
/// let ops = PagePatch.between(before, after)
/// // [["s",["todos",1,"isDone"],true,"todos[id: 2].isDone"]]
/// ```
///
/// An operation is an array, `[KIND, PATH, VALUE, TEXT]`: KIND `s` sets VALUE at PATH (an
/// object's key, an array's element, or with an empty PATH the whole state), `i` inserts VALUE
/// into an array at PATH's last index, `d` deletes the key or element at PATH (its VALUE is
/// `0`, or left out). TEXT is the path as the console writes it (`todos[id: 2].isDone`),
/// present only where it differs from the keys and indices joined (`todos[1].isDone`). Arrays
/// rather than objects: a long session's page is a third smaller.
package enum PagePatch {
  /// The operations that turn `before` into `after`.
  ///
  /// **Bounds.** O(size of `before` + size of `after`): each value is compared once on the
  /// way down. An array is compared by its common first and last elements; the elements between
  /// them are patched one by one when the two arrays are as long, else deleted and inserted —
  /// or, when that would write more elements than the new array has, it is set whole. So a
  /// patch is never longer than `after`'s JSON and a few bytes of paths per operation.
  package static func between(_ before: PageJSON, _ after: PageJSON) -> [PageJSON] {
    var ops: [PageJSON] = []
    var walk = Walk()
    walk.diff(before, after, into: &ops)
    return ops
  }

  private struct Walk {
    /// The path down to the values being compared, as keys and indices.
    var path: [PageJSON] = []
    /// The same path as the console writes it.
    var display = ""
    /// Whether ``display`` differs from the plain path (an element named by its id).
    var named = 0

    mutating func diff(_ before: PageJSON, _ after: PageJSON, into ops: inout [PageJSON]) {
      guard before != after else { return }
      switch (before, after) {
      case (.object(let old), .object(let new)): objects(old, new, into: &ops)
      case (.array(let old), .array(let new)): arrays(old, new, into: &ops)
      default: ops.append(op("s", value: after))
      }
    }

    private mutating func objects(
      _ old: [PageJSON.Member], _ new: [PageJSON.Member], into ops: inout [PageJSON]
    ) {
      var oldValues: [String: PageJSON] = [:]
      for member in old { oldValues[member.key] = member.value }
      var newKeys = Set<String>()
      for member in new {
        newKeys.insert(member.key)
        descend(key: member.key) { walk in
          if let previous = oldValues[member.key] {
            walk.diff(previous, member.value, into: &ops)
          } else {
            ops.append(walk.op("s", value: member.value))
          }
        }
      }
      for member in old where !newKeys.contains(member.key) {
        descend(key: member.key) { walk in ops.append(walk.op("d")) }
      }
    }

    private mutating func arrays(_ old: [PageJSON], _ new: [PageJSON], into ops: inout [PageJSON]) {
      var prefix = 0
      while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
      var suffix = 0
      while suffix < old.count - prefix, suffix < new.count - prefix,
        old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
      {
        suffix += 1
      }
      let removed = old.count - prefix - suffix
      let added = new.count - prefix - suffix
      if removed == added {
        for offset in prefix..<(prefix + added) {
          descend(index: offset, element: new[offset]) { walk in
            walk.diff(old[offset], new[offset], into: &ops)
          }
        }
      } else if removed + added <= max(1, new.count) {
        for _ in 0..<removed {
          descend(index: prefix, element: old[prefix]) { walk in ops.append(walk.op("d")) }
        }
        for offset in prefix..<(prefix + added) {
          descend(index: offset, element: new[offset]) { walk in
            ops.append(walk.op("i", value: new[offset]))
          }
        }
      } else {
        ops.append(op("s", value: .array(new)))
      }
    }

    private mutating func descend(key: String, _ body: (inout Walk) -> Void) {
      let saved = display
      display += display.isEmpty ? key : "." + key
      path.append(.string(key))
      body(&self)
      path.removeLast()
      display = saved
    }

    /// Into the array element at `index`; `element` names it by its id when it has one
    /// (`[id: 2]`), as the console's paths do.
    private mutating func descend(index: Int, element: PageJSON, _ body: (inout Walk) -> Void) {
      let (saved, savedNamed) = (display, named)
      if let id = Self.id(of: element) {
        display += "[id: \(id)]"
        named += 1
      } else {
        display += "[\(index)]"
      }
      path.append(.int(index))
      body(&self)
      path.removeLast()
      (display, named) = (saved, savedNamed)
    }

    /// An element's `id`, when it is an object with a number or string `id`: as Swift writes it.
    private static func id(of element: PageJSON) -> String? {
      switch element["id"] {
      case .number(let text): return text
      case .string(let text):
        var quoted = "\""
        for character in text {
          if character == "\"" || character == "\\" { quoted.append("\\") }
          quoted.append(character)
        }
        return quoted + "\""
      default: return nil
      }
    }

    func op(_ kind: String, value: PageJSON? = nil) -> PageJSON {
      var items: [PageJSON] = [.string(kind), .array(path)]
      if value != nil || named > 0 { items.append(value ?? .int(0)) }
      if named > 0 { items.append(.string(display)) }
      return .array(items)
    }
  }
}
