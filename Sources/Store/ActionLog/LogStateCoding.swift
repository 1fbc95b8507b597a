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

  package static func decode<State: Decodable>(
    _ type: State.Type, from json: some Collection<UInt8>, with decoder: JSONDecoder
  ) throws -> State {
    try decoder.decode(type, from: Data(json))
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

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.isEmpty
      ? "the state"
      : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
  }
}
