import Foundation
import Store

/// How states are written in a log's header, snapshots and checkpoint: the state's own
/// `Codable`, as compact JSON with sorted keys, dates as ``LogDate`` text (exact to the bit),
/// and non-finite doubles as `"NaN"`, `"Infinity"`, `"-Infinity"`.
///
/// ```swift
/// let json = try LogStateCoding.encode(state)
/// let back = try LogStateCoding.decode(AppState.self, from: json)
/// ```
///
/// Only states use `Codable`; actions use their hand-written ``LoggableAction`` encoding.
package enum LogStateCoding {
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      if let text = LogDate.string(date) {
        try container.encode(text)
      } else {
        try container.encode(date.timeIntervalSinceReferenceDate)
      }
    }
    encoder.nonConformingFloatEncodingStrategy = .convertToString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return encoder
  }

  package static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .custom { decoder in
      let container = try decoder.singleValueContainer()
      if let seconds = try? container.decode(Double.self) {
        // "NaN" and "Infinity" read as doubles too; no instant is either.
        guard seconds.isFinite else {
          throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "\(seconds) is not a finite number of seconds")
        }
        return Date(timeIntervalSinceReferenceDate: seconds)
      }
      let text = try container.decode(String.self)
      guard let date = LogDate.parse(text) else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "'\(text)' is not a date such as 2026-11-29T03:45:12Z")
      }
      return date
    }
    decoder.nonConformingFloatDecodingStrategy = .convertFromString(
      positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
    return decoder
  }

  package static func encode<State: Encodable>(_ state: State, with encoder: JSONEncoder)
    throws -> [UInt8]
  {
    Array(try encoder.encode(state))
  }

  /// Decodes a state and, when it is ``LogValidatable``, checks it: a state read from a log
  /// must be one its app could have recorded. An error thrown while decoding that is itself
  /// ``LogValidatable`` is such a problem too, found early. A ``LogStateReadable`` state is
  /// read by its own reader when that reader is sure of the JSON, by `Codable` otherwise.
  ///
  /// A field the state does not have is refused (``LogStateError/unknownField(_:offset:)``)
  /// when the state is `Encodable` too, rather than skipped: a misspelt optional field would
  /// otherwise read as nil in silence.
  package static func decode<State: Decodable>(
    _ type: State.Type, from json: some Collection<UInt8>, with decoder: JSONDecoder
  ) throws(LogStateError) -> State {
    try LogStateDecoder<State>().decode(json, with: decoder)
  }

  /// ``decode(_:from:with:)`` through `Codable` alone, never the state's own reader: what that
  /// reader is checked against.
  package static func decodeWithCodable<State: Decodable>(
    _ type: State.Type, from json: some Collection<UInt8>, with decoder: JSONDecoder
  ) throws(LogStateError) -> State {
    let state: State
    do {
      state = try decoder.decode(type, from: Data(json))
    } catch let error as DecodingError {
      throw LogStateError(error)
    } catch let problem as any LogValidatable {
      // A state that cannot hold what it refuses (a collection keyed by a field that two
      // elements share) checks it while decoding, and throws the problem it would name.
      throw .value(problem.logProblem ?? String(describing: problem))
    } catch {
      throw .shape(String(describing: error))
    }
    if let encodable = state as? any Encodable,
      let field = LogStateUnknownFields.first(in: json, of: encodable)
    {
      throw .unknownField(field.path, offset: field.offset)
    }
    if let problem = (state as? any LogValidatable)?.logProblem { throw .value(problem) }
    return state
  }

  /// A decoding error in one line: the path of the field and what was wrong.
  package static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return String(describing: error) }
    switch error {
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .typeMismatch(_, let context), .valueNotFound(_, let context),
      .dataCorrupted(let context):
      return "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return String(describing: error)
    }
  }

  /// `clock.dayOffset`, `dog.dogs[1].name`.
  private static func path(_ keys: [any CodingKey]) -> String {
    guard !keys.isEmpty else { return "the state" }
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}

/// Why a state read from a log was refused: its shape is not the state's (a field missing or of
/// another type: a log of another version, say), or one of its values is not one the app could
/// have recorded.
package enum LogStateError: Error, Equatable, Sendable {
  /// `clock is missing`, `clock.dayOffset: Expected to decode Int but found a string instead.`
  case shape(String)
  /// `clock.anchor is after the year 9999`, `dog.dogs[0].birthday: '2026-02-30' is not a day …`
  case value(String)
  /// `weather.querry`, at byte `offset` of the state's JSON: a field the state does not have.
  case unknownField(String, offset: Int)

  init(_ error: DecodingError) {
    let text = LogStateCoding.describe(error)
    switch error {
    case .dataCorrupted(let context) where !context.codingPath.isEmpty: self = .value(text)
    default: self = .shape(text)
    }
  }

  /// The message for the state of `what` (`the header's state`, `the snapshot's state`), as
  /// `app` (the program replaying: `uniflow`, `todos`) reads it.
  package func message(for what: String, app: String) -> String {
    switch self {
    case .shape(let text):
      "\(what) does not fit this \(app)'s state (\(text)); was the log written by another "
        + "version?"
    case .value(let text): "\(what) is invalid: \(text)"
    case .unknownField(let path, _):
      "\(what) has a field this \(app)'s state does not have: \(path) (misspelt, or written by "
        + "a newer version); correct or remove it"
    }
  }

  /// The 1-based column of the problem in a line whose state JSON `json` begins at column
  /// `column`, when the problem has a place.
  package func column(inStateAt column: Int, json: some Collection<UInt8>) -> Int? {
    guard case .unknownField(_, let offset) = self else { return nil }
    return column + json.prefix(offset).count { $0 & 0xC0 != 0x80 }
  }
}
