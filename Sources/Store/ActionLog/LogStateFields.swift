import Foundation
import Store

// A whole state as one field of an action line, for actions that carry one (an app's "restore"
// or "undo" action). Written with ``LogStateCoding``, like the header's and checkpoint's states.

extension LogLineWriter {
  /// `"key":{…}`: `state` in the log's state encoding. A state that cannot be encoded is written
  /// as `null`, which reading then reports as an error on that line.
  public mutating func state<State: Encodable>(_ key: String, _ state: State) {
    let json =
      (try? LogStateCoding.encode(state, with: LogStateCoding.encoder())) ?? Array("null".utf8)
    raw(key, json: json)
  }
}

extension LogLine {
  /// The state in field `key`, as written by `LogLineWriter.state(_:_:)`.
  public mutating func state<State: Decodable>(_ key: String, as type: State.Type)
    throws(LogLineError) -> State
  {
    guard let json = rawValue(key) else { throw LogLineError("missing field \"\(key)\"") }
    do {
      return try LogStateCoding.decode(type, from: json, with: LogStateCoding.decoder())
    } catch {
      throw LogLineError("\"\(key)\" is not a state: \(LogStateCoding.describe(error))")
    }
  }
}
