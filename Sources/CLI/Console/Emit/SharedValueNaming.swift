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
/// Bound: O(total length of the lines × V) at worst, for V the length of the longest shared
/// value's text, plus O(shared values) for the `let`s: each line is read once for the start of a
/// shared value (its type's name and a parenthesis, `Place(`), and from each start at most V
/// characters, to its closing parenthesis, whose text is looked up among the shared values once
/// (``lookups`` counts them). A start the emitter wrote is read only as far as its value ends,
/// so for the lines it writes the time is linear in their length.
package struct SharedValueNaming {
  /// Texts looked up among the shared values: one per start of a value of their kinds.
  package private(set) var lookups = 0

  package init() {}

  /// `lines` with each of `values` (its Swift text and the kind it is named by, `place`) that
  /// appears in them after the line starting with `marker` named there, its `let` written right
  /// after that line; the values named in the order given, each text once.
  package mutating func name(
    in lines: [String], values: [(text: String, kind: String)], after marker: String
  ) -> [String] {
    var shared: [(literal: String, name: String)] = []
    var names: [String: String] = [:]
    var kinds: [String: Int] = [:]
    for (text, kind) in values where names[text] == nil {
      kinds[kind, default: 0] += 1
      let name = "\(kind)\(kinds[kind]!)"
      names[text] = name
      shared.append((text, name))
    }
    guard !shared.isEmpty, let body = lines.firstIndex(where: { $0.hasPrefix(marker) }) else {
      return lines
    }
    // Each shared value's text starts with its type's name and a parenthesis.
    let heads = Array(
      Set(shared.map { Array($0.literal.utf8.prefix { $0 != UInt8(ascii: "(") }) }))
    let longest = shared.map(\.literal.utf8.count).max() ?? 0
    let named = lines[(body + 1)...].map {
      replace(in: $0, heads: heads, names: names, longest: longest)
    }
    return Array(lines[...body]) + shared.map { "  let \($0.name) = \($0.literal)" } + named
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
