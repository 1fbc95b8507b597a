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
  /// The state in field `key`, as written by `LogLineWriter.state(_:_:)`; a
  /// ``LogValidatable`` state is checked as well.
  ///
  /// ```swift
  /// case .restored: self = .restored(try line.state("state", as: AppState.self))
  /// ```
  public mutating func state<State: Decodable>(_ key: String, as type: State.Type)
    throws(LogLineError) -> State
  {
    guard let json = rawValue(key) else { throw LogLineError("missing field \"\(key)\"") }
    do {
      return try LogStateCoding.decode(type, from: json, with: LogStateCoding.decoder())
    } catch {
      switch error {
      case .shape(let text): throw LogLineError("\"\(key)\" is not a state: \(text)")
      case .value(let text): throw LogLineError("\"\(key)\" is an invalid state: \(text)")
      case .unknownField(let path, let offset):
        throw LogLineError(
          "\"\(key)\" has a field the state does not have: \(path) (misspelt, or written by a "
            + "newer version); correct or remove it",
          at: json.startIndex + offset)
      }
    }
  }
}
