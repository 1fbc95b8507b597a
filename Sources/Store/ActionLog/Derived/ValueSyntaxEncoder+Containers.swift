/// The `Encoder` that fills one ``EncodedNode``.
struct NodeEncoder: Encoder {
  let node: EncodedNode

  init(_ node: EncodedNode) {
    self.node = node
  }

  var codingPath: [any CodingKey] { [] }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
    if case .keyed = node.content {} else { node.content = .keyed([]) }
    return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
    return UnkeyedNodeContainer(node: node)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleNodeContainer(node: node)
  }
}

extension EncodedNode {
  func append(key: any CodingKey, _ child: EncodedNode) {
    guard case .keyed(var entries) = content else { return }
    content = .empty  // no second reference while the entries change
    entries.append((key.stringValue, key.intValue != nil && Int(key.stringValue) != nil, child))
    content = .keyed(entries)
  }

  func append(_ child: EncodedNode) {
    guard case .unkeyed(var elements) = content else { return }
    content = .empty
    elements.append(child)
    content = .unkeyed(elements)
  }

  static func text(_ text: String, type: Any.Type) -> EncodedNode {
    let node = EncodedNode(type: type)
    node.content = .text(text)
    return node
  }

  /// The node of a literal value, if `value` is one.
  static func literal<T>(_ value: T) -> EncodedNode? {
    let text: String
    switch value {
    case let string as String: text = ValueText.string(string)
    case let bool as Bool: text = bool ? "true" : "false"
    case let double as Double: text = ValueText.number(double)
    case let float as Float:
      text = float.isFinite ? "\(float)" : ValueText.number(Double(float))
    case let integer as any BinaryInteger: text = "\(integer)"
    default: return nil
    }
    return .text(text, type: T.self)
  }

  static func child<T: Encodable>(_ value: T) throws -> EncodedNode {
    try literal(value) ?? encode(value)
  }
}

struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: EncodedNode
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws {
    node.append(key: key, .text("nil", type: Never.self))
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    node.append(key: key, try .child(value))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = EncodedNode(type: Never.self)
    child.content = .keyed([])
    node.append(key: key, child)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = EncodedNode(type: Never.self)
    child.content = .unkeyed([])
    node.append(key: key, child)
    return UnkeyedNodeContainer(node: child)
  }

  mutating func superEncoder() -> any Encoder {
    let child = EncodedNode(type: Never.self)
    node.append(key: AnyKey(stringValue: "super")!, child)
    return NodeEncoder(child)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    let child = EncodedNode(type: Never.self)
    node.append(key: key, child)
    return NodeEncoder(child)
  }
}

struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
  let node: EncodedNode
  var codingPath: [any CodingKey] { [] }
  var count: Int {
    if case .unkeyed(let elements) = node.content { return elements.count }
    return 0
  }

  mutating func encodeNil() throws { node.append(.text("nil", type: Never.self)) }

  mutating func encode<T: Encodable>(_ value: T) throws { node.append(try .child(value)) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = EncodedNode(type: Never.self)
    child.content = .keyed([])
    node.append(child)
    return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = EncodedNode(type: Never.self)
    child.content = .unkeyed([])
    node.append(child)
    return UnkeyedNodeContainer(node: child)
  }

  mutating func superEncoder() -> any Encoder {
    let child = EncodedNode(type: Never.self)
    node.append(child)
    return NodeEncoder(child)
  }
}

struct SingleNodeContainer: SingleValueEncodingContainer {
  let node: EncodedNode
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { node.content = .text("nil") }

  mutating func encode<T: Encodable>(_ value: T) throws {
    // The value stands for the node, written as its own type writes it.
    var text = ""
    try EncodedNode.child(value).write(to: &text)
    node.content = .text(text)
  }
}
