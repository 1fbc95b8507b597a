/// A state with a reader of its own for the JSON ``LogStateCoding`` writes, so that a replay
/// checks a snapshot without `JSONDecoder` (which costs most of a replay otherwise).
///
/// ```swift
/// extension CounterState: LogStateReadable {
///   package static func read(_ reader: inout LogJSONReader) -> CounterState? {
///     var count: Int?
///     guard reader.object({ reader, key in
///       guard key.is("count"), count == nil else { return false }
///       count = reader.int()
///       return count != nil
///     }), let count else { return nil }
///     return CounterState(count: count)
///   }
/// }
/// ```
///
/// The reader must return nil for anything it is not sure of — a key it does not know, a key
/// twice, a value of another kind, a list `Codable` would refuse — and then `Codable` decides,
/// with its own words; when it returns a state, `Codable` must read the same state. A property
/// test over random states and mutated lines checks the app's reader against its `Codable`.
package protocol LogStateReadable {
  /// The state `reader` is at, read whole; nil to leave the JSON to `Codable`.
  static func read(_ reader: inout LogJSONReader) -> Self?
}

extension LogStateReadable {
  /// The state `json` holds, by ``read(_:)``, if it holds nothing after it.
  package static func read(json: some Collection<UInt8>) -> Self? {
    json.withContiguousStorageIfAvailable(read(whole:))
      ?? Array(json).withUnsafeBufferPointer(read(whole:))
  }

  /// The state `bytes` hold, by ``read(_:)``, if they hold nothing after it.
  package static func read(whole bytes: UnsafeBufferPointer<UInt8>) -> Self? {
    var reader = LogJSONReader(bytes)
    guard let state = Self.read(&reader), reader.atEnd() else { return nil }
    return state
  }
}
