import Foundation

/// Decodes an API's JSON answer, turning every decoding error into a short
/// ``HTTPFailure/malformed(_:)`` that names the field: `the forecast has no current.weather_code`.
///
/// ```swift
/// let forecast = try JSONBody.decode(OpenMeteoForecast.self, from: body, what: "the forecast")
/// ```
enum JSONBody {
  static func decode<Value: Decodable>(_ type: Value.Type, from body: Data, what: String)
    throws(HTTPFailure) -> Value
  {
    do {
      return try JSONDecoder().decode(type, from: body)
    } catch let error as DecodingError {
      throw HTTPFailure.malformed(explain(error, what: what, body: body))
    } catch let failure as HTTPFailure {
      throw failure
    } catch {
      throw HTTPFailure.malformed("\(what) could not be read")
    }
  }

  /// `what` followed by why `number` is out of range, for values checked after decoding:
  /// `the geocoding answer's results[0].latitude is 91.0, not within -90…90`.
  static func outOfRange(_ what: String, _ path: String, _ reason: String) -> HTTPFailure {
    .malformed("\(what)'s \(path) \(reason)")
  }

  private static func explain(_ error: DecodingError, what: String, body: Data) -> String {
    switch error {
    case .keyNotFound(let key, let context):
      return "\(what) has no \(path(context.codingPath + [key]))"
    case .valueNotFound(_, let context):
      return "\(what) has no \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
      if context.codingPath.isEmpty { return "\(what) is not a JSON object" }
      return "\(what)'s \(path(context.codingPath)) is not \(article(type))"
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        // Foundation refuses the whole body when one number does not fit a Double.
        if let number = JSONNumbers.firstUnfit(in: body) {
          return "\(what) has a number that does not fit in a double: \(number)"
        }
        return "\(what) is not JSON"
      }
      if context.underlyingError is WholeNumber.OutOfRange {
        return "\(what)'s \(path(context.codingPath)) \(context.debugDescription)"
      }
      return "\(what)'s \(path(context.codingPath)) is invalid"
    @unknown default:
      return "\(what) could not be read"
    }
  }

  private static func path(_ keys: [any CodingKey]) -> String {
    keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      .trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }

  private static func article(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type, is Int.Type: return "a number"
    case is String.Type: return "a string"
    case is [Any].Type: return "a list"
    default: return "what the API documents"
    }
  }
}
