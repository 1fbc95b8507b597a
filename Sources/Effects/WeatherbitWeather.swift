import Features
import Foundation

extension WeatherClient {
  /// Weatherbit's current-weather API.
  public static let weatherbitURL = URL(string: "https://api.weatherbit.io/v2.0/current")!

  /// The current weather from Weatherbit (or a server with its shape) at `url`:
  /// `GET url?lat=…&lon=…&key=KEY&units=I` (Fahrenheit).
  ///
  /// ```swift
  /// let weather = WeatherClient.weatherbit(key: key)
  /// try await weather.current(seoul).iconName   // "c04d"
  /// ```
  ///
  /// The key travels only in the request; no error can show it (see ``APIKey``). Codes become a
  /// description and an icon by the time of day Weatherbit reports (`pod`: `d` or `n`).
  public static func weatherbit(
    key: APIKey, url: URL = weatherbitURL,
    client: HTTPClient = HTTPClient(maxBytes: 256 * 1024)
  ) -> WeatherClient {
    WeatherClient { place in
      do {
        let request = try QueryURL.make(
          url, defaultPath: "/v2.0/current",
          [
            "lat": QueryURL.coordinate(place.latitude),
            "lon": QueryURL.coordinate(place.longitude), "key": key.secret,
            "units": "I",
          ])
        let body = try await client.get(request, secrets: [key])
        // A server may echo the key in any text it sends, an answer's as well as an error's.
        return try JSONBody.decode(
          WeatherbitCurrent.self, from: body, what: "the Weatherbit answer"
        )
        .report().redacting(key)
      } catch {
        throw key.redacting(error)
      }
    }
  }
}

/// The body of Weatherbit's `/v2.0/current`.
struct WeatherbitCurrent: Decodable {
  struct Observation: Decodable {
    struct Weather: Decodable {
      var code: WholeNumber
      var description: String?
      var icon: String?
    }

    var temp: Double
    var ts: Double?
    var obTime: String?
    var timezone: String?
    var pod: String?
    var weather: Weather

    enum CodingKeys: String, CodingKey {
      case temp, ts, timezone, pod, weather
      case obTime = "ob_time"
    }
  }

  var data: [Observation]

  func report() throws(HTTPFailure) -> WeatherReport {
    guard let observation = data.first else {
      throw HTTPFailure.malformed("the Weatherbit answer has no observation")
    }
    let time: Date
    if let ts = observation.ts {
      time = Date(timeIntervalSince1970: ts)
      if let problem = ValueRanges.problem(instant: time) {
        throw JSONBody.outOfRange("the Weatherbit answer", "data[0].ts \(ts)", problem)
      }
    } else if let obTime = observation.obTime {
      do {
        time = try ISO8601Text.parse(obTime)
      } catch {
        throw HTTPFailure.malformed(
          "the Weatherbit answer's data[0].ob_time '\(obTime.prefix(40))' \(error)")
      }
    } else {
      throw HTTPFailure.malformed("the Weatherbit answer has no ts or ob_time")
    }
    let isDay = observation.pod != "n"
    let weather = observation.weather
    let condition =
      WeatherCodes.weatherbit(weather.code.value, isDay: isDay)
      ?? WeatherCodes.Condition(
        description: weather.description ?? "Unknown (Weatherbit code \(weather.code.value))",
        iconName: weather.icon ?? "u00" + (isDay ? "d" : "n"))
    let report = WeatherReport(
      time: time, temperatureF: observation.temp, description: condition.description,
      iconName: condition.iconName, timeZone: observation.timezone)
    if let problem = report.rangeProblem {
      throw JSONBody.outOfRange("the Weatherbit answer", "data[0].\(problem.path)", problem.reason)
    }
    return report
  }
}

extension WeatherReport {
  /// The report with `key` blanked out of every text in it.
  fileprivate func redacting(_ key: APIKey) -> WeatherReport {
    WeatherReport(
      time: time, temperatureF: temperatureF, description: key.redact(description),
      iconName: key.redact(iconName), timeZone: timeZone.map(key.redact))
  }
}
