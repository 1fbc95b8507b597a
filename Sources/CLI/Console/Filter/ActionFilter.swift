/// Which actions a listing shows — `--only` and `--hide` over action names, in `:history`,
/// `replay --trace`/`--diff` and the live screens. It only chooses what is printed: what is
/// recorded and replayed stays the same.
///
/// An action's *name* is its case path, the case names from the outside in joined by dots:
/// `.episodes(.element(id: 1, action: .progress(42)))` is `episodes.element.progress`, and a
/// log's `clock.moveDay days=1` is `clock.moveDay`. A pattern is a name whose segments may be
/// `*` (any one segment) or `**` (any number of segments), and it matches a name that begins
/// with what it spells: `episodes.*.progress`, `clock`, `**.progress`.
///
/// ```swift
/// let filter = ActionFilter(only: ["episodes.*.progress"], hide: [])
/// filter.shows(name: "episodes.element.progress")   // true
/// filter.shows(name: "addTapped")                    // false
/// ```
///
/// An action is shown when it matches some `only` pattern (or there is none) and no `hide`
/// pattern. **Bound:** O(P · S²) per name for P patterns and S segments (S is the depth of an
/// action's cases, a handful).
public struct ActionFilter: Equatable, Sendable {
  /// The patterns of `--only`: an action must match one of them, when there are any.
  ///
  /// ```swift
  /// ActionFilter(only: ["clock"], hide: []).only   // ["clock"]
  /// ```
  public var only: [String]
  /// The patterns of `--hide`: an action that matches one is not shown.
  ///
  /// ```swift
  /// ActionFilter(only: [], hide: ["**.progress"]).hide   // ["**.progress"]
  /// ```
  public var hide: [String]

  /// A filter showing what matches `only` (everything when empty) and not `hide`.
  ///
  /// ```swift
  /// let filter = ActionFilter(only: [], hide: ["episodes.*.progress"])
  /// ```
  public init(only: [String], hide: [String]) {
    self.only = only
    self.hide = hide
  }

  /// Whether the filter lets everything through.
  ///
  /// ```swift
  /// ActionFilter(only: [], hide: []).isEmpty   // true
  /// ```
  public var isEmpty: Bool { only.isEmpty && hide.isEmpty }

  /// Whether an action named `name` is shown.
  ///
  /// ```swift
  /// ActionFilter(only: ["clock"], hide: []).shows(name: "clock.moveDay")   // true
  /// ```
  public func shows(name: String) -> Bool {
    if isEmpty { return true }
    let segments = name.split(separator: ".", omittingEmptySubsequences: false)
    if !only.isEmpty, !only.contains(where: { Self.matches($0, segments) }) { return false }
    return !hide.contains { Self.matches($0, segments) }
  }

  /// Whether `pattern` matches the name of `segments` (a prefix of it).
  static func matches(_ pattern: String, _ segments: [Substring]) -> Bool {
    let parts = pattern.split(separator: ".", omittingEmptySubsequences: false)
    // reachable[j]: the first i pattern parts can match the first j segments.
    var reachable = [Bool](repeating: false, count: segments.count + 1)
    reachable[0] = true
    for part in parts {
      var next = [Bool](repeating: false, count: segments.count + 1)
      for start in reachable.indices where reachable[start] {
        if part == "**" {
          for end in start...segments.count { next[end] = true }
        } else if start < segments.count, part == "*" || part == segments[start] {
          next[start + 1] = true
        }
      }
      reachable = next
    }
    return reachable.contains(true)
  }

  /// The name of an action written as Swift (`.clock(.moveDay(1))` → `clock.moveDay`) or as a
  /// log summarises it (`clock.moveDay days=1` → `clock.moveDay`).
  ///
  /// ```swift
  /// ActionFilter.name(ofText: ".episodes(.element(id: 1, action: .progress(42)))")
  /// // "episodes.element.progress"
  /// ```
  ///
  /// Bound: O(L · D) for a text of L characters whose cases nest D deep.
  public static func name(ofText text: String) -> String {
    let characters = Array(text.unicodeScalars)
    guard characters.first == "." else {
      return String(text.prefix { $0 != " " && $0 != "(" })
    }
    var segments: [String] = []
    casePath(characters, from: 0, into: &segments)
    return segments.joined(separator: ".")
  }

  /// Reads `.name(arguments)` at `start`; follows the last argument that is itself a case.
  private static func casePath(
    _ text: [Unicode.Scalar], from start: Int, into segments: inout [String]
  ) {
    var index = start + 1
    var name = ""
    while index < text.count, isNameScalar(text[index]) {
      name.unicodeScalars.append(text[index])
      index += 1
    }
    guard !name.isEmpty else { return }
    segments.append(name)
    guard index < text.count, text[index] == "(" else { return }
    // The top-level arguments: the last one that starts (after its label) with `.name`.
    var depth = 0
    var argumentStart = index + 1
    var nested: Int?
    var inString = false
    while index < text.count {
      let scalar = text[index]
      if inString {
        if scalar == "\\" { index += 1 } else if scalar == "\"" { inString = false }
      } else if scalar == "\"" {
        inString = true
      } else if scalar == "(" || scalar == "[" {
        depth += 1
      } else if scalar == ")" || scalar == "]" || (scalar == "," && depth == 1) {
        if depth == 1, let found = caseStart(text, argumentStart, index) { nested = found }
        if scalar == "," { argumentStart = index + 1 } else { depth -= 1 }
        if depth == 0 { break }
      }
      index += 1
    }
    if let nested { casePath(text, from: nested, into: &segments) }
  }

  /// Where an argument (`text[from..<to]`) starts with `.name`, after a `label:`; nil otherwise.
  private static func caseStart(_ text: [Unicode.Scalar], _ from: Int, _ to: Int) -> Int? {
    var index = from
    while index < to, text[index] == " " { index += 1 }
    var label = index
    while label < to, isNameScalar(text[label]) { label += 1 }
    if label < to, label > index, text[label] == ":" {
      index = label + 1
      while index < to, text[index] == " " { index += 1 }
    }
    guard index + 1 < to, text[index] == ".", isNameScalar(text[index + 1]),
      !("0"..."9").contains(text[index + 1])
    else { return nil }
    return index
  }

  private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }
}
