import Foundation

// The `Encoder` face of ``LogStateEncoder``: one writer for every value, containers that are
// positions in the encoder's stack of open containers.

extension LogStateEncoder {
  /// What a value's `encode(to:)` is given.
  struct Writer: Encoder {
    let encoder: LogStateEncoder
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
      KeyedEncodingContainer(Keyed(encoder: encoder, index: encoder.openContainer(keyed: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
      Unkeyed(encoder: encoder, index: encoder.openContainer(keyed: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
      Single(encoder: encoder)
    }
  }

  struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: LogStateEncoder
    let index: Int
    var codingPath: [any CodingKey] { [] }

    private func at(_ key: Key, _ write: (LogStateEncoder) -> Void) {
      if encoder.key(key.stringValue, in: index) { write(encoder) }
    }

    mutating func encodeNil(forKey key: Key) throws { at(key) { $0.null() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { at(key) { $0.bool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { at(key) { $0.string(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws { at(key) { $0.double(value) } }
    mutating func encode(_ value: Float, forKey key: Key) throws { at(key) { $0.float(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { at(key) { $0.integer(value) } }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
      at(key) { $0.value(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
      keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
      var nested = -1
      at(key) { nested = $0.openContainer(keyed: true) }
      return KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, index: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
      var nested = -1
      at(key) { nested = $0.openContainer(keyed: false) }
      return Unkeyed(encoder: encoder, index: nested)
    }

    mutating func superEncoder() -> any Encoder {
      encoder.giveUp()
      return Writer(encoder: encoder)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
      encoder.giveUp()
      return Writer(encoder: encoder)
    }
  }

  struct Unkeyed: UnkeyedEncodingContainer {
    let encoder: LogStateEncoder
    let index: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    private mutating func next(_ write: (LogStateEncoder) -> Void) {
      count += 1
      if index >= 0, encoder.element(in: index) { write(encoder) } else { encoder.giveUp() }
    }

    mutating func encodeNil() throws { next { $0.null() } }
    mutating func encode(_ value: Bool) throws { next { $0.bool(value) } }
    mutating func encode(_ value: String) throws { next { $0.string(value) } }
    mutating func encode(_ value: Double) throws { next { $0.double(value) } }
    mutating func encode(_ value: Float) throws { next { $0.float(value) } }
    mutating func encode(_ value: Int) throws { next { $0.integer(value) } }
    mutating func encode(_ value: Int8) throws { next { $0.integer(value) } }
    mutating func encode(_ value: Int16) throws { next { $0.integer(value) } }
    mutating func encode(_ value: Int32) throws { next { $0.integer(value) } }
    mutating func encode(_ value: Int64) throws { next { $0.integer(value) } }
    mutating func encode(_ value: UInt) throws { next { $0.integer(value) } }
    mutating func encode(_ value: UInt8) throws { next { $0.integer(value) } }
    mutating func encode(_ value: UInt16) throws { next { $0.integer(value) } }
    mutating func encode(_ value: UInt32) throws { next { $0.integer(value) } }
    mutating func encode(_ value: UInt64) throws { next { $0.integer(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { next { $0.value(value) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
      -> KeyedEncodingContainer<NestedKey>
    {
      var nested = -1
      next { nested = $0.openContainer(keyed: true) }
      return KeyedEncodingContainer(Keyed<NestedKey>(encoder: encoder, index: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
      var nested = -1
      next { nested = $0.openContainer(keyed: false) }
      return Unkeyed(encoder: encoder, index: nested)
    }

    mutating func superEncoder() -> any Encoder {
      encoder.giveUp()
      return Writer(encoder: encoder)
    }
  }

  struct Single: SingleValueEncodingContainer {
    let encoder: LogStateEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { encoder.null() }
    mutating func encode(_ value: Bool) throws { encoder.bool(value) }
    mutating func encode(_ value: String) throws { encoder.string(value) }
    mutating func encode(_ value: Double) throws { encoder.double(value) }
    mutating func encode(_ value: Float) throws { encoder.float(value) }
    mutating func encode(_ value: Int) throws { encoder.integer(value) }
    mutating func encode(_ value: Int8) throws { encoder.integer(value) }
    mutating func encode(_ value: Int16) throws { encoder.integer(value) }
    mutating func encode(_ value: Int32) throws { encoder.integer(value) }
    mutating func encode(_ value: Int64) throws { encoder.integer(value) }
    mutating func encode(_ value: UInt) throws { encoder.integer(value) }
    mutating func encode(_ value: UInt8) throws { encoder.integer(value) }
    mutating func encode(_ value: UInt16) throws { encoder.integer(value) }
    mutating func encode(_ value: UInt32) throws { encoder.integer(value) }
    mutating func encode(_ value: UInt64) throws { encoder.integer(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.value(value) }
  }
}
