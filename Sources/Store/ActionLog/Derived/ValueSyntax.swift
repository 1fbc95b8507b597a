import Foundation

/// A value written as a Swift expression, parsed: `.moved(from: 1, to: 2)`,
/// `.episodes(.element(id: 1, action: .downloadTapped))`, `"Swift \"Talk\""`, `-2.5e3`, `true`,
/// `nil`, `[1, 2]`, `["a": 1]`, and a struct as `(title: "Milk", done: false)` or
/// `Todo(title: "Milk", done: false)`.
///
/// The same syntax is typed at a console's REPL, written in a derived action log and read back
/// from it: ``ValueSyntaxDecoder`` makes any `Decodable` value of it, and ``ValueSyntaxEncoder``
/// writes any `Encodable` one.
///
/// ```swift
/// let syntax = try ValueSyntax(".moved(from: 1, to: 2)")
/// syntax.nodes[0].kind            // .enumCase
/// syntax.text(syntax.nodes[0].name)  // "moved"
/// ```
///
/// The nodes are one flat array in source order, each followed by its children (a case's or a
/// struct's arguments, a list's elements, a dictionary's keys and values in turn);
/// ``ValueNode/end`` is the index just past a node's last descendant, so that a parent steps
/// from one child to the next without a pointer of its own.
package struct ValueSyntax: Sendable {
  /// The text parsed, as UTF-8.
  package let source: [UInt8]
  /// Every node, the value first (index 0), then its descendants in source order.
  package private(set) var nodes: [ValueNode] = []

  /// How deep values may nest: deeper input is refused with a message, never a stack overflow.
  package static let maxDepth = 64

  /// Parses `text` as one value.
  ///
  /// Bound: linear in the text — each byte is read once, and each node made once — at most
  /// ``maxDepth`` levels deep.
  package init(_ text: String) throws(ValueSyntaxError) {
    try self.init(Array(text.utf8))
  }

  /// Parses the UTF-8 bytes `source` as one value.
  package init(_ source: [UInt8]) throws(ValueSyntaxError) {
    self.source = source
    nodes.reserveCapacity(8)
    var parser = ValueSyntaxParser(source: source)
    try parser.value(into: &nodes, depth: 0)
    parser.skipSpace()
    if parser.offset < source.count {
      throw ValueSyntaxError(
        "unexpected \(parser.describeHere()) after the value", at: parser.offset,
        expected: "the end of the line")
    }
  }

  /// The text of `range`, as typed.
  package func text(_ range: Range<Int32>) -> String {
    String(decoding: source[Int(range.lowerBound)..<Int(range.upperBound)], as: UTF8.self)
  }

  /// The children of the node at `index`, by index.
  package func children(of index: Int) -> ValueChildren {
    ValueChildren(nodes: nodes, parent: index)
  }

  /// The value of the string node at `index`, its escapes decoded.
  package func string(at index: Int) -> String {
    let node = nodes[index]
    let bytes = source[Int(node.start) + 1..<Int(node.end) - 1]
    guard node.isEscaped else { return String(decoding: bytes, as: UTF8.self) }
    return ValueSyntaxParser.unescape(bytes)
  }

  /// Whether `label`'s text (of the node at `index`) is `text`.
  package func label(of index: Int, is text: String) -> Bool {
    let label = nodes[index].label
    guard !label.isEmpty else { return false }
    var text = text
    return text.withUTF8 { bytes in
      bytes.count == label.count
        && source.withUnsafeBufferPointer { source in
          memcmp(source.baseAddress! + Int(label.lowerBound), bytes.baseAddress!, bytes.count)
            == 0
        }
    }
  }
}

/// One node of a ``ValueSyntax``.
package struct ValueNode: Sendable {
  package enum Kind: UInt8, Sendable {
    /// `.name` or `.name(arguments)`.
    case enumCase
    /// `(arguments)` or `Name(arguments)`: a struct's fields (or a tuple).
    case tuple
    /// `[elements]`.
    case array
    /// `[key: value, …]` or `[:]`: keys and values alternate among the children.
    case dictionary
    /// `"text"`, from quote to quote.
    case string
    /// `12`, `-3`.
    case integer
    /// `1.5`, `-2e3`.
    case decimal
    /// `true`, `false`.
    case bool
    /// `nil`.
    case null
  }

  package var kind: Kind
  /// The byte offsets where the node's text starts and ends (a case from its dot).
  package var start: Int32
  package var end: Int32 = 0
  /// A case's name, or a struct's type name (empty when it has none).
  package var name: Range<Int32> = 0..<0
  /// The label the node has as an argument (`from` in `from: 1`); empty when it has none.
  package var label: Range<Int32> = 0..<0
  /// The index just past the node's last descendant.
  package var endIndex: Int32 = 0
  /// How many children it has.
  package var count: Int32 = 0
  /// A case written with parentheses, `.name(…)`, even empty ones.
  package var hasArguments = false
  /// A string with a backslash in it: its value is decoded on demand.
  package var isEscaped = false
  /// `true` for a bool node.
  package var isTrue = false
}

/// The children of one node, in order.
package struct ValueChildren: Sequence {
  let nodes: [ValueNode]
  let parent: Int

  package func makeIterator() -> Iterator {
    Iterator(nodes: nodes, upcoming: parent + 1, end: Int(nodes[parent].endIndex))
  }

  package struct Iterator: IteratorProtocol {
    let nodes: [ValueNode]
    var upcoming: Int
    let end: Int

    package mutating func next() -> Int? {
      guard upcoming < end else { return nil }
      defer { upcoming = Int(nodes[upcoming].endIndex) }
      return upcoming
    }
  }
}

/// Why a text is not a value, or not one of the type asked for: what is wrong, the byte offset
/// where it is, what was expected there and, when there is one, the nearest thing that would
/// have been right.
///
/// ```swift
/// ValueSyntaxError("unknown case 'mvoed'", at: 1, expected: "a case of Action: moved, added",
///   suggestion: "moved")
/// ```
package struct ValueSyntaxError: Error, Equatable, Sendable {
  /// What is wrong, e.g. `unknown case 'mvoed' of Action`.
  package var message: String
  /// The byte offset into the text where it is.
  package var offset: Int
  /// What would have been right there, e.g. `one of its cases: moved, added`.
  package var expected: String?
  /// The nearest thing that would have been right, e.g. `moved`.
  package var suggestion: String?

  package init(
    _ message: String, at offset: Int, expected: String? = nil, suggestion: String? = nil
  ) {
    self.message = message
    self.offset = offset
    self.expected = expected
    self.suggestion = suggestion
  }

  /// `message; expected … — did you mean …?`, without the place.
  package var description: String {
    var text = message
    if let expected { text += "; expected \(expected)" }
    if let suggestion { text += " — did you mean '\(suggestion)'?" }
    return text
  }
}
