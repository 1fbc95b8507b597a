import Features
import Foundation

extension WeatherClient {
  /// Open-Meteo's forecast API, no key needed.
  public static let openMeteoURL = URL(string: "https://api.open-meteo.com/v1/forecast")!

  /// The current weather from Open-Meteo's forecast API (or a server with its shape) at `url`:
  /// `GET url?latitude=…&longitude=…&current=temperature_2m,is_day,weather_code`
  /// `&temperature_unit=fahrenheit&timezone=auto`.
  ///
  /// ```swift
  /// let weather = WeatherClient.openMeteo()
  /// try await weather.current(seoul).description   // "Overcast"
  /// ```
  ///
  /// The WMO `weather_code` becomes a description and an icon name (``WeatherCodes/wmo(_:isDay:)``).
  public static func openMeteo(
    _ url: URL = openMeteoURL, client: HTTPClient = HTTPClient(maxBytes: 256 * 1024)
  ) -> WeatherClient {
    WeatherClient { place in
      let request = try QueryURL.make(
        url, defaultPath: "/v1/forecast",
        [
          "latitude": QueryURL.coordinate(place.latitude),
          "longitude": QueryURL.coordinate(place.longitude),
          "current": "temperature_2m,is_day,weather_code", "temperature_unit": "fahrenheit",
          "timezone": "auto",
        ])
      let body = try await client.get(request)
      return try JSONBody.decode(OpenMeteoForecast.self, from: body, what: "the forecast")
        .report()
    }
  }
}

/// The body of Open-Meteo's `/v1/forecast` with `current=…`.
struct OpenMeteoForecast: Decodable {
  struct Current: Decodable {
    var time: String
    var temperature: Double
    var weatherCode: WholeNumber
    var isDay: WholeNumber?

    enum CodingKeys: String, CodingKey {
      case time
      case temperature = "temperature_2m"
      case weatherCode = "weather_code"
      case isDay = "is_day"
    }
  }

  var current: Current
  var timezone: String?
  var utcOffsetSeconds: WholeNumber?

  enum CodingKeys: String, CodingKey {
    case current, timezone
    case utcOffsetSeconds = "utc_offset_seconds"
  }

  /// The report: `current.time` is wall-clock time at the place, `utc_offset_seconds` from UTC.
  func report() throws(HTTPFailure) -> WeatherReport {
    let zone =
      utcOffsetSeconds.flatMap { TimeZone(secondsFromGMT: $0.value) }
      ?? timezone.flatMap(TimeZone.init(identifier:)) ?? .gmt
    let time: Date
    do {
      time = try ISO8601Text.parse(current.time, defaultZone: zone)
    } catch {
      throw HTTPFailure.malformed(
        "the forecast's current.time '\(current.time.prefix(40))' \(error)")
    }
    let condition = WeatherCodes.wmo(current.weatherCode.value, isDay: current.isDay?.value != 0)
    let report = WeatherReport(
      time: time, temperatureF: current.temperature, description: condition.description,
      iconName: condition.iconName, timeZone: timezone)
    if let problem = report.rangeProblem {
      throw JSONBody.outOfRange("the forecast", "current.\(problem.path)", problem.reason)
    }
    return report
  }
}
