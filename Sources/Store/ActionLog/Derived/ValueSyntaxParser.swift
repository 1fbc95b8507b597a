import Foundation

/// Reads a ``ValueSyntax`` from UTF-8: recursive descent over the bytes, one node per value.
///
/// Bound: O(n) for n bytes — every byte is looked at a constant number of times (a string's
/// escapes once more when its value is taken) — and at most ``ValueSyntax/maxDepth`` levels of
/// recursion, so that hostile input (100,000 brackets) is refused with a message.
struct ValueSyntaxParser {
  let source: [UInt8]
  var offset = 0

  init(source: [UInt8]) {
    self.source = source
  }

  private var current: UInt8? { offset < source.count ? source[offset] : nil }

  mutating func skipSpace() {
    while offset < source.count, source[offset] == 0x20 || source[offset] == 0x09 {
      offset += 1
    }
  }

  /// One value, appended to `nodes` with its descendants.
  mutating func value(into nodes: inout [ValueNode], depth: Int, label: Range<Int32> = 0..<0)
    throws(ValueSyntaxError)
  {
    guard depth < ValueSyntax.maxDepth else {
      throw ValueSyntaxError(
        "the value nests more than \(ValueSyntax.maxDepth) levels deep", at: offset,
        expected: "a value with fewer brackets")
    }
    skipSpace()
    let index = nodes.count
    let start = Int32(offset)
    guard let byte = current else {
      throw ValueSyntaxError(
        "the line ends where a value should be", at: offset, expected: Self.aValue)
    }
    switch byte {
    case UInt8(ascii: "."):
      offset += 1
      let name = identifier()
      guard !name.isEmpty else {
        throw ValueSyntaxError(
          "a case needs a name after the dot", at: offset, expected: "a case's name, e.g. .added")
      }
      nodes.append(ValueNode(kind: .enumCase, start: start, name: name, label: label))
      if current == UInt8(ascii: "(") {
        nodes[index].hasArguments = true
        try arguments(into: &nodes, parent: index, depth: depth)
      }
    case UInt8(ascii: "("):
      nodes.append(ValueNode(kind: .tuple, start: start, label: label))
      try arguments(into: &nodes, parent: index, depth: depth)
    case UInt8(ascii: "["):
      try collection(into: &nodes, start: start, label: label, depth: depth)
    case UInt8(ascii: "\""):
      nodes.append(ValueNode(kind: .string, start: start, label: label))
      nodes[index].isEscaped = try string()
    case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try number(into: &nodes, start: start, label: label, depth: depth)
    default:
      let word = identifier()
      let text = source[Int(word.lowerBound)..<Int(word.upperBound)]
      if word.isEmpty {
        throw ValueSyntaxError(
          "unexpected \(describe(at: Int(start)))", at: Int(start), expected: Self.aValue)
      } else if text.elementsEqual("true".utf8) || text.elementsEqual("false".utf8) {
        var node = ValueNode(kind: .bool, start: start, label: label)
        node.isTrue = text.count == 4
        nodes.append(node)
      } else if text.elementsEqual("nil".utf8) {
        nodes.append(ValueNode(kind: .null, start: start, label: label))
      } else {
        skipSpace()
        guard current == UInt8(ascii: "(") else {
          throw ValueSyntaxError(
            "'\(Self.display(text))' is not a value", at: Int(start),
            expected: Self.aValue
              + " (a case starts with a dot, a struct is (label: value, …))",
            suggestion: "." + String(decoding: text, as: UTF8.self))
        }
        nodes.append(ValueNode(kind: .tuple, start: start, name: word, label: label))
        try arguments(into: &nodes, parent: index, depth: depth)
      }
    }
    nodes[index].end = Int32(offset)
    nodes[index].endIndex = Int32(nodes.count)
  }

  static let aValue =
    "a value: a case (.name), a string, a number, true, false, nil, [list] or (label: value)"

  /// `(label: value, value, …)` after the node at `parent`, its children appended.
  private mutating func arguments(into nodes: inout [ValueNode], parent: Int, depth: Int)
    throws(ValueSyntaxError)
  {
    let open = offset
    offset += 1  // (
    skipSpace()
    var count: Int32 = 0
    while current != UInt8(ascii: ")") {
      guard current != nil else {
        throw ValueSyntaxError(
          "the line ends before the ')' that closes the '(' at column \(column(of: open))",
          at: offset, expected: "',' and another argument, or ')'")
      }
      // `label:` or a value alone.
      let mark = offset
      var label: Range<Int32> = 0..<0
      let word = identifier()
      skipSpace()
      if !word.isEmpty, current == UInt8(ascii: ":") {
        label = word
        offset += 1
      } else {
        offset = mark
      }
      try value(into: &nodes, depth: depth + 1, label: label)
      count += 1
      skipSpace()
      if current == UInt8(ascii: ",") {
        offset += 1
        skipSpace()
      } else if current != UInt8(ascii: ")") {
        throw ValueSyntaxError(
          current == nil
            ? "the line ends before the ')' that closes the '(' at column \(column(of: open))"
            : "unexpected \(describeHere()) after an argument", at: offset,
          expected: "',' and another argument, or ')'")
      }
    }
    offset += 1  // )
    nodes[parent].count = count
  }

  /// `[a, b]`, `[k: v, …]` or `[:]`.
  private mutating func collection(
    into nodes: inout [ValueNode], start: Int32, label: Range<Int32>, depth: Int
  ) throws(ValueSyntaxError) {
    let index = nodes.count
    nodes.append(ValueNode(kind: .array, start: start, label: label))
    offset += 1  // [
    skipSpace()
    if current == UInt8(ascii: ":") {
      offset += 1
      skipSpace()
      guard current == UInt8(ascii: "]") else {
        throw ValueSyntaxError("unexpected \(describeHere()) in [:]", at: offset, expected: "]")
      }
      offset += 1
      nodes[index].kind = .dictionary
      return
    }
    var count: Int32 = 0
    while current != UInt8(ascii: "]") {
      try value(into: &nodes, depth: depth + 1)
      count += 1
      skipSpace()
      if count == 1, current == UInt8(ascii: ":") { nodes[index].kind = .dictionary }
      if nodes[index].kind == .dictionary {
        guard current == UInt8(ascii: ":") else {
          throw ValueSyntaxError(
            "unexpected \(describeHere()) after a dictionary's key", at: offset,
            expected: "':' and its value")
        }
        offset += 1
        try value(into: &nodes, depth: depth + 1)
        count += 1
        skipSpace()
      }
      if current == UInt8(ascii: ",") {
        offset += 1
        skipSpace()
      } else if current != UInt8(ascii: "]") {
        throw ValueSyntaxError(
          current == nil
            ? "the line ends before the ']' that closes the '[' at column \(column(of: Int(start)))"
            : "unexpected \(describeHere()) after an element", at: offset,
          expected: "',' and another element, or ']'")
      }
    }
    offset += 1  // ]
    nodes[index].count = count
  }

  /// A number: `12`, `-3`, `+4`, `1.5`, `2e-3`, `1_000`; `-.infinity` too.
  private mutating func number(
    into nodes: inout [ValueNode], start: Int32, label: Range<Int32>, depth: Int
  ) throws(ValueSyntaxError) {
    if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") {
      offset += 1
      if current == UInt8(ascii: ".") {
        // `-.infinity`: a case with its sign kept in the node's text.
        let sign = offset
        offset += 1
        let name = identifier()
        guard source[Int(name.lowerBound)..<Int(name.upperBound)].elementsEqual("infinity".utf8)
        else {
          throw ValueSyntaxError(
            "unexpected \(describe(at: sign)) after a sign", at: sign, expected: "a number")
        }
        nodes.append(ValueNode(kind: .enumCase, start: start, name: name, label: label))
        return
      }
    }
    var kind = ValueNode.Kind.integer
    var digits = 0
    func run() {
      while let byte = current,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
      {
        if byte != UInt8(ascii: "_") { digits += 1 }
        offset += 1
      }
    }
    run()
    guard digits > 0 else {
      throw ValueSyntaxError(
        "unexpected \(describeHere()) after a sign", at: offset, expected: "a number")
    }
    if current == UInt8(ascii: "."), offset + 1 < source.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(source[offset + 1])
    {
      kind = .decimal
      offset += 1
      run()
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      kind = .decimal
      offset += 1
      if current == UInt8(ascii: "-") || current == UInt8(ascii: "+") { offset += 1 }
      let before = digits
      run()
      guard digits > before else {
        throw ValueSyntaxError(
          "the exponent has no digits", at: offset, expected: "digits, e.g. 1e3")
      }
    }
    if let byte = current, Self.isIdentifierByte(byte) {
      throw ValueSyntaxError(
        "unexpected \(describeHere()) in a number", at: offset, expected: "a number, e.g. 12 or 1.5"
      )
    }
    nodes.append(ValueNode(kind: kind, start: start, label: label))
  }

  /// A string from its opening quote; true when it has escapes. Its escapes are checked here
  /// (so that a bad one is reported at its column) and decoded when its value is taken.
  private mutating func string() throws(ValueSyntaxError) -> Bool {
    let open = offset
    offset += 1
    var escaped = false
    while let byte = current {
      switch byte {
      case UInt8(ascii: "\""):
        offset += 1
        return escaped
      case UInt8(ascii: "\\"):
        escaped = true
        try escape()
      case 0..<0x20, 0x7F:
        throw ValueSyntaxError(
          "a string cannot hold a control character as it is", at: offset,
          expected: "an escape such as \\n or \\u{7}")
      default:
        offset += 1
      }
    }
    throw ValueSyntaxError(
      "the line ends before the '\"' that closes the string at column \(column(of: open))",
      at: offset, expected: "'\"'")
  }

  /// One escape, from its backslash.
  private mutating func escape() throws(ValueSyntaxError) {
    let start = offset
    offset += 1
    guard let byte = current else {
      throw ValueSyntaxError("the line ends in an escape", at: start, expected: Self.escapes)
    }
    offset += 1
    switch byte {
    case UInt8(ascii: "0"), UInt8(ascii: "\\"), UInt8(ascii: "t"), UInt8(ascii: "n"),
      UInt8(ascii: "r"), UInt8(ascii: "\""), UInt8(ascii: "'"):
      return
    case UInt8(ascii: "u"):
      guard current == UInt8(ascii: "{") else {
        throw ValueSyntaxError("\\u needs its scalar in braces", at: start, expected: "\\u{1F436}")
      }
      offset += 1
      var value: UInt32 = 0
      var digits = 0
      while let byte = current, let digit = Self.hexDigit(byte) {
        value = value &* 16 &+ UInt32(digit)
        digits += 1
        offset += 1
      }
      guard current == UInt8(ascii: "}"), (1...8).contains(digits), Unicode.Scalar(value) != nil
      else {
        throw ValueSyntaxError(
          "\\u{…} holds 1 to 8 hexadecimal digits naming a Unicode scalar", at: start,
          expected: "\\u{1F436}")
      }
      offset += 1
    default:
      throw ValueSyntaxError(
        "unknown escape '\\\(Self.display(byte))'", at: start, expected: Self.escapes)
    }
  }

  static let escapes = "an escape: \\\\ \\\" \\' \\n \\r \\t \\0 or \\u{…}"

  /// An identifier at the offset (ASCII letters, digits and `_`, any other scalar but
  /// punctuation, or backquoted); empty when there is none.
  mutating func identifier() -> Range<Int32> {
    if current == UInt8(ascii: "`") {
      let start = offset + 1
      var end = start
      while end < source.count, source[end] != UInt8(ascii: "`"), Self.isIdentifierByte(source[end])
      {
        end += 1
      }
      guard end < source.count, source[end] == UInt8(ascii: "`"), end > start else { return 0..<0 }
      offset = end + 1
      return Int32(start)..<Int32(end)
    }
    let start = offset
    guard let first = current, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      return 0..<0
    }
    while let length = identifierScalar(at: offset) { offset += length }
    return Int32(start)..<Int32(offset)
  }

  /// The length of the scalar at `offset` if it may be part of an identifier: an ASCII letter,
  /// digit or `_`, or a letter or digit of any other script; nil otherwise.
  private func identifierScalar(at offset: Int) -> Int? {
    guard offset < source.count else { return nil }
    let byte = source[offset]
    if byte < 0x80 { return Self.isIdentifierByte(byte) ? 1 : nil }
    var end = offset + 1
    while end < source.count, source[end] & 0xC0 == 0x80, end - offset < 4 { end += 1 }
    guard let scalar = String(decoding: source[offset..<end], as: UTF8.self).unicodeScalars.first,
      scalar != "\u{FFFD}", scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    else { return nil }
    return end - offset
  }

  /// Letters, digits, `_`, and any byte of a scalar beyond ASCII.
  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...0xFF:
      true
    default:
      false
    }
  }

  /// What is at the offset, for a message: `'x'`, or `the end of the line`.
  func describeHere() -> String { describe(at: offset) }

  func describe(at offset: Int) -> String {
    guard offset < source.count else { return "the end of the line" }
    // The whole scalar, so that a message never cuts one.
    var end = offset + 1
    while end < source.count, source[end] & 0xC0 == 0x80 { end += 1 }
    return "'" + Self.display(source[offset..<end]) + "'"
  }

  /// The 1-based column, in characters, of byte `offset`.
  func column(of offset: Int) -> Int {
    String(decoding: source.prefix(offset), as: UTF8.self).count + 1
  }
}
