import Features
import Foundation

extension TimeClient {
  /// The machine's clock. Never fails.
  public static let system = TimeClient { Date() }

  /// Asks a time web API for the current UTC time.
  ///
  /// Understands the bodies of worldclockapi (`currentDateTime`, minute precision), worldtimeapi
  /// (`utc_datetime`) and timeapi.io (`dateTime` with `timeZone`).
  ///
  /// ```swift
  /// let time = TimeClient.http(URL(string: "http://worldclockapi.com/api/json/utc/now")!)
  /// ```
  public static func http(_ url: URL, client: HTTPClient = HTTPClient()) -> TimeClient {
    TimeClient {
      let body = try await client.get(url)
      return try TimeAPIBody.instant(in: body)
    }
  }
}

/// Reads "now" out of the JSON bodies of the time APIs the app knows.
enum TimeAPIBody {
  static func instant(in body: Data) throws -> Date {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      throw HTTPFailure.malformed("the time API's answer is not a JSON object")
    }
    if let text = object["utc_datetime"] as? String, let date = ISO8601Text.date(from: text) {
      return date
    }
    if let text = object["currentDateTime"] as? String, let date = ISO8601Text.date(from: text) {
      return date
    }
    if let text = object["dateTime"] as? String {
      let zone = (object["timeZone"] as? String).flatMap(TimeZone.init(identifier:))
      if let date = ISO8601Text.date(from: text, defaultZone: zone ?? .gmt) { return date }
    }
    if let seconds = object["unixtime"] as? Double {
      return Date(timeIntervalSince1970: seconds)
    }
    throw HTTPFailure.malformed(
      "no time in the answer (expected utc_datetime, currentDateTime or dateTime)")
  }
}
