import Store

/// The selector of an enum's synthesized form: its one key is the case typed, and the case's
/// arguments are its nested container.
struct CaseContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueDecoding
  let index: Int
  let key: Key

  var codingPath: [any CodingKey] { [] }
  var allKeys: [Key] { [key] }

  func contains(_ key: Key) -> Bool { key.stringValue == self.key.stringValue }

  func decodeNil(forKey key: Key) throws -> Bool { false }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    // A hand-written form `{"name": payload}`: the case's one argument.
    let node = decoder.nodes[index]
    guard node.count == 1 else {
      throw decoder.mismatch(at: index, expected: "one value in the case's parentheses")
    }
    decoder.count(readOf: index)
    return try decoder.value(T.self, at: index + 1)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    KeyedDecodingContainer(ArgumentsContainer<NestedKey>(decoder: decoder, index: index))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    ListContainer(decoder: decoder, index: index)
  }

  func superDecoder() throws -> any Decoder { throw decoder.unsupported(at: index) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.unsupported(at: index) }
}

/// A struct's fields, or a case's payload: the arguments of a node, by label (`_0`, `_1` for
/// those without one).
struct ArgumentsContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueDecoding
  let index: Int

  var codingPath: [any CodingKey] { [] }

  var allKeys: [Key] {
    var position = 0
    return decoder.syntax.children(of: index).compactMap { child in
      let label = decoder.nodes[child].label
      defer { position += 1 }
      return Key(stringValue: label.isEmpty ? "_\(position)" : decoder.syntax.text(label))
    }
  }

  /// The argument for `key`: the one labelled so, or for `_N` the N-th, unlabelled.
  func argument(_ key: Key) -> Int? {
    let name = key.stringValue
    if let position = Self.position(name) {
      var count = 0
      for child in decoder.syntax.children(of: index) {
        if count == position { return decoder.nodes[child].label.isEmpty ? child : nil }
        count += 1
      }
      return nil
    }
    for child in decoder.syntax.children(of: index)
    where decoder.syntax.label(of: child, is: name) {
      return child
    }
    return nil
  }

  /// N for a key `_N`, the synthesized name of an unlabelled payload value.
  static func position(_ name: String) -> Int? {
    guard name.utf8.first == UInt8(ascii: "_"), name.utf8.count > 1 else { return nil }
    return Int(name.dropFirst())
  }

  private func required(_ key: Key) throws -> Int {
    guard let child = argument(key) else { throw decoder.missing(key.stringValue, at: index) }
    decoder.count(readOf: index)
    return child
  }

  func contains(_ key: Key) -> Bool { argument(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    let child = try required(key)
    guard decoder.nodes[child].kind == .null else {
      decoder.uncount(readOf: index)
      return false
    }
    return true
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try decoder.bool(at: try required(key))
  }

  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try decoder.string(at: try required(key))
  }

  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try decoder.double(at: try required(key))
  }

  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try decoder.float(at: try required(key))
  }

  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try decoder.integer(Int.self, at: try required(key))
  }

  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try decoder.integer(Int64.self, at: try required(key))
  }

  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try decoder.integer(UInt64.self, at: try required(key))
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.value(T.self, at: try required(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    let child = try required(key)
    return try decoder.container(keyedBy: NestedKey.self, at: child)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    ListContainer(decoder: decoder, index: try required(key))
  }

  func superDecoder() throws -> any Decoder { throw decoder.unsupported(at: index) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.unsupported(at: index) }
}

/// A dictionary's entries, by key: `["a": 1]`, or `[1: "a"]` for number keys.
struct DictionaryContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: ValueDecoding
  let index: Int

  var codingPath: [any CodingKey] { [] }

  private var keys: [(text: String, value: Int)] {
    var result: [(String, Int)] = []
    var key: Int?
    for child in decoder.syntax.children(of: index) {
      if let pending = key {
        let node = decoder.nodes[pending]
        let text =
          node.kind == .string
          ? decoder.syntax.string(at: pending) : decoder.syntax.text(node.start..<node.end)
        result.append((text, child))
        key = nil
      } else {
        key = child
      }
    }
    return result
  }

  var allKeys: [Key] { keys.compactMap { Key(stringValue: $0.text) } }

  private func value(_ key: Key) throws -> Int {
    guard let entry = keys.first(where: { $0.text == key.stringValue }) else {
      throw decoder.missing(key.stringValue, at: index)
    }
    return entry.value
  }

  func contains(_ key: Key) -> Bool { keys.contains { $0.text == key.stringValue } }

  func decodeNil(forKey key: Key) throws -> Bool { decoder.nodes[try value(key)].kind == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try decoder.value(T.self, at: try value(key))
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try decoder.container(keyedBy: NestedKey.self, at: try value(key))
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    ListContainer(decoder: decoder, index: try value(key))
  }

  func superDecoder() throws -> any Decoder { throw decoder.unsupported(at: index) }
  func superDecoder(forKey key: Key) throws -> any Decoder { throw decoder.unsupported(at: index) }
}

/// A list's elements in order (or a dictionary's keys and values, in turn).
struct ListContainer: UnkeyedDecodingContainer {
  let decoder: ValueDecoding
  let index: Int
  private var next: Int

  init(decoder: ValueDecoding, index: Int) {
    self.decoder = decoder
    self.index = index
    next = index + 1
  }

  var codingPath: [any CodingKey] { [] }
  var count: Int? { Int(decoder.nodes[index].count) }
  private(set) var currentIndex = 0
  var isAtEnd: Bool { next >= Int(decoder.nodes[index].endIndex) }

  private mutating func take() throws -> Int {
    guard !isAtEnd else {
      throw ValueSyntaxError(
        "the list ends too soon", at: Int(decoder.nodes[index].end) - 1,
        expected: "another element")
    }
    defer {
      next = Int(decoder.nodes[next].endIndex)
      currentIndex += 1
    }
    return next
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, decoder.nodes[next].kind == .null else { return false }
    _ = try take()
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.value(T.self, at: try take())
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try decoder.container(keyedBy: NestedKey.self, at: try take())
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    ListContainer(decoder: decoder, index: try take())
  }

  mutating func superDecoder() throws -> any Decoder { throw decoder.unsupported(at: index) }
}

/// One value: a literal, or a value its type reads whole.
struct SingleContainer: SingleValueDecodingContainer {
  let decoder: ValueDecoding
  let index: Int

  var codingPath: [any CodingKey] { [] }

  func decodeNil() -> Bool { decoder.nodes[index].kind == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try decoder.bool(at: index) }
  func decode(_ type: String.Type) throws -> String { try decoder.string(at: index) }
  func decode(_ type: Double.Type) throws -> Double { try decoder.double(at: index) }
  func decode(_ type: Float.Type) throws -> Float { try decoder.float(at: index) }
  func decode(_ type: Int.Type) throws -> Int { try decoder.integer(Int.self, at: index) }
  func decode(_ type: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self, at: index) }
  func decode(_ type: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self, at: index) }
  func decode(_ type: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self, at: index) }
  func decode(_ type: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self, at: index) }
  func decode(_ type: UInt.Type) throws -> UInt { try decoder.integer(UInt.self, at: index) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self, at: index) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self, at: index) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self, at: index) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self, at: index) }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.value(T.self, at: index)
  }
}

extension ValueDecoding {
  /// A keyed container on the node at `index` (a nested container a type asked for itself).
  func container<Key: CodingKey>(keyedBy _: Key.Type, at index: Int) throws
    -> KeyedDecodingContainer<Key>
  {
    let saved = node
    defer { setNode(saved) }
    setNode(index)
    return try container(keyedBy: Key.self)
  }

  /// Counts a read of an argument of the node at `index`, if it is the node being decoded.
  func count(readOf index: Int) { if index == node { reads += 1 } }
  func uncount(readOf index: Int) { if index == node { reads -= 1 } }
}
