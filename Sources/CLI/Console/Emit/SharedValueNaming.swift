/// Values an emitted test would repeat — an answer, the action that brings it and the state that
/// shows it — written once, as a `let` at the top of the session's function (`place1`,
/// `report1`, …), and named wherever they are used.
///
/// ```swift
/// var naming = SharedValueNaming()
/// let named = naming.name(in: lines, values: [(placeText, "place")], after: "where R.State")
/// // let place1 = Place(name: "Busan", …) … places.answer(.success([place1]))
/// naming.lookups   // at most one per `Place(` in the lines
/// ```
///
/// A test written a piece at a time is named the same way: ``prepare(values:)`` once, then
/// ``name(next:after:)`` for each piece, in order.
///
/// Bound: O(total length of the lines × V) at worst, for V the length of the longest shared
/// value's text, plus O(shared values) for the `let`s: each line is read once for the start of a
/// shared value (its type's name and a parenthesis, `Place(`), and from each start at most V
/// characters, to its closing parenthesis, whose text is looked up among the shared values once
/// (``lookups`` counts them). A start the emitter wrote is read only as far as its value ends,
/// so for the lines it writes the time is linear in their length. At most ``maxShared`` values
/// are named (the first ones given): beyond them a value is written where it is used, so that
/// the memory naming takes does not grow with the log.
package struct SharedValueNaming {
  /// Texts looked up among the shared values: one per start of a value of their kinds.
  package private(set) var lookups = 0
  /// The most values named.
  package static let maxShared = 4_096
  private var shared: [(literal: String, name: String)] = []
  private var names: [String: String] = [:]
  private var kinds: [String: Int] = [:]
  /// The starts of the shared values' texts: their types' names (`Place`).
  private var heads: [[UInt8]] = []
  private var longest = 0
  /// Whether the pieces named so far reached the line after which the `let`s go.
  private var pastMarker = false

  package init() {}

  /// `lines` with each of `values` (its Swift text and the kind it is named by, `place`) that
  /// appears in them after the line starting with `marker` named there, its `let` written right
  /// after that line; the values named in the order given, each text once.
  package mutating func name(
    in lines: [String], values: [(text: String, kind: String)], after marker: String
  ) -> [String] {
    prepare(values: values)
    guard lines.contains(where: { $0.hasPrefix(marker) }) else { return lines }
    return name(next: lines, after: marker)
  }

  /// Notes `values` (Swift text and kind) to be named, in order, each text once, up to
  /// ``maxShared`` in all.
  package mutating func prepare(values: some Sequence<(text: String, kind: String)>) {
    for (text, kind) in values where names[text] == nil && shared.count < Self.maxShared {
      kinds[kind, default: 0] += 1
      let name = "\(kind)\(kinds[kind]!)"
      names[text] = name
      shared.append((text, name))
    }
    // Each shared value's text starts with its type's name and a parenthesis.
    heads = Array(Set(shared.map { Array($0.literal.utf8.prefix { $0 != UInt8(ascii: "(") }) }))
    longest = shared.map(\.literal.utf8.count).max() ?? 0
  }

  /// The next piece of a test, named: the `let`s of the values ``prepare(values:)`` noted go
  /// after the first line that starts with `marker`, and the values are named in the lines after
  /// it.
  package mutating func name(next lines: [String], after marker: String) -> [String] {
    guard !shared.isEmpty else { return lines }
    var named: [String] = []
    named.reserveCapacity(lines.count)
    for line in lines {
      guard !pastMarker else {
        named.append(replace(in: line, heads: heads, names: names, longest: longest))
        continue
      }
      named.append(line)
      if line.hasPrefix(marker) {
        pastMarker = true
        named += shared.map { "  let \($0.name) = \($0.literal)" }
      }
    }
    return named
  }

  /// `line` with each value in `names` replaced by its name: at each start of a value (one of
  /// `heads`, then a parenthesis), the text up to its closing parenthesis is looked up, unless
  /// it is longer than the `longest` value.
  private mutating func replace(
    in line: String, heads: [[UInt8]], names: [String: String], longest: Int
  ) -> String {
    let bytes = Array(line.utf8)
    let firsts = Set(heads.compactMap(\.first))
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if firsts.contains(bytes[index]),
        let head = heads.first(where: { bytes[index...].starts(with: $0 + [Self.open]) }),
        let end = Self.closing(bytes, from: index + head.count, limit: index + longest)
      {
        lookups += 1
        if let name = names[String(decoding: bytes[index..<end], as: UTF8.self)] {
          result += name.utf8
          index = end
          continue
        }
      }
      result.append(bytes[index])
      index += 1
    }
    return String(decoding: result, as: UTF8.self)
  }

  private static let open = UInt8(ascii: "(")

  /// Where the parentheses opened at `start` close: just after the closing one, skipping
  /// string literals (`"…"`, with `\` escapes); nil when it is not before `limit` or the line.
  private static func closing(_ bytes: [UInt8], from start: Int, limit: Int) -> Int? {
    var depth = 0
    var inString = false
    var index = start
    while index < min(bytes.count, limit) {
      switch (inString, bytes[index]) {
      case (true, UInt8(ascii: "\\")): index += 1
      case (true, UInt8(ascii: "\"")), (false, UInt8(ascii: "\"")): inString.toggle()
      case (false, UInt8(ascii: "(")): depth += 1
      case (false, UInt8(ascii: ")")):
        depth -= 1
        if depth == 0 { return index + 1 }
      default: break
      }
      index += 1
    }
    return nil
  }
}
