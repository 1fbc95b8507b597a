import Features
import Foundation

extension TimeClient {
  /// The machine's clock. Fails only when it reads a time outside the years 0001…9999.
  ///
  /// ```swift
  /// let now = try await TimeClient.system.now()
  /// ```
  public static let system = TimeClient {
    let now = Date()
    if let problem = ValueRanges.problem(instant: now) {
      throw FetchFailure(message: "the system clock's time \(problem)")
    }
    return now
  }

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

/// Reads "now" out of the JSON bodies of the time APIs the app knows, refusing an instant that is
/// not real or not within the years 0001…9999 with the field and the reason:
/// `the time API's unixtime 1e+300 is after the year 9999`.
enum TimeAPIBody {
  static func instant(in body: Data) throws -> Date {
    guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
      if let number = JSONNumbers.firstUnfit(in: body) {
        throw HTTPFailure.malformed(
          "the time API's answer has a number that does not fit in a double: \(number)")
      }
      throw HTTPFailure.malformed("the time API's answer is not a JSON object")
    }
    for key in ["utc_datetime", "currentDateTime"] {
      if let text = object[key] as? String { return try parse(text, key) }
    }
    if let text = object["dateTime"] as? String {
      let zone = (object["timeZone"] as? String).flatMap(TimeZone.init(identifier:))
      return try parse(text, "dateTime", zone: zone ?? .gmt)
    }
    if let seconds = object["unixtime"] as? Double {
      let date = Date(timeIntervalSince1970: seconds)
      if let problem = ValueRanges.problem(instant: date) {
        throw HTTPFailure.malformed("the time API's unixtime \(seconds) \(problem)")
      }
      return date
    }
    throw HTTPFailure.malformed(
      "no time in the answer (expected utc_datetime, currentDateTime or dateTime)")
  }

  private static func parse(_ text: String, _ key: String, zone: TimeZone = .gmt) throws -> Date {
    do {
      return try ISO8601Text.parse(text, defaultZone: zone)
    } catch {
      throw HTTPFailure.malformed("the time API's \(key) '\(text.prefix(40))' \(error)")
    }
  }
}
