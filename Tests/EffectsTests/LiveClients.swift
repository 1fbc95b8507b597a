import Effects
import Features
import Foundation
import TestSupport
import Testing

/// Seoul as the weather clients are asked about it.
let seoulPlace = Place(
  name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR", country: "South Korea",
  latitude: 37.566, longitude: 126.9784, timeZone: "Asia/Seoul", population: 10_349_312)

/// A placeholder Weatherbit key for tests: not a real key.
let testWeatherbitKey = APIKey("test-key-not-a-secret")!

/// The message `body` fails with, as a ``FetchFailure`` puts it, or nil if it succeeds.
///
/// ```swift
/// #expect(await failureMessage { try await WeatherClient.offline.current(seoulPlace) } == "offline")
/// ```
func failureMessage<Value>(_ body: () async throws -> Value) async -> String? {
  do {
    _ = try await body()
    return nil
  } catch {
    return FetchFailure(error).message
  }
}

/// The three live HTTP clients, each with its recorded answer and error bodies, so one set of
/// tests drives them all through the same failures.
enum LiveClient: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case openMeteoGeocoder
  case openMeteoWeather
  case weatherbit

  var testDescription: String { rawValue }

  /// Asks the client, at `url` with `http`, its usual question, and sums the answer up in a line.
  func call(_ url: URL, _ http: HTTPClient) async throws -> String {
    switch self {
    case .openMeteoGeocoder:
      let places = try await GeocodingClient.openMeteo(url, client: http).search("Seoul")
      return places.map { "\($0.name), \($0.countryCode)" }.joined(separator: "; ")
    case .openMeteoWeather:
      return Self.summary(try await WeatherClient.openMeteo(url, client: http).current(seoulPlace))
    case .weatherbit:
      let weather = WeatherClient.weatherbit(key: testWeatherbitKey, url: url, client: http)
      return Self.summary(try await weather.current(seoulPlace))
    }
  }

  /// The message `call` fails with, or nil if it succeeds.
  func failure(_ url: URL, _ http: HTTPClient = HTTPClient(timeout: 120)) async -> String? {
    await failureMessage { try await call(url, http) }
  }

  static func summary(_ report: WeatherReport) -> String {
    "\(report.description) - \(report.temperatureF) \(report.iconName) \(report.timeZone ?? "-")"
  }

  /// The recorded successful answer.
  var fixture: String {
    switch self {
    case .openMeteoGeocoder: "openmeteo_geocoding_seoul.json"
    case .openMeteoWeather: "openmeteo_forecast_current_seoul_f.json"
    case .weatherbit: "weatherbit_current_seoul_imperial.json"
    }
  }

  /// What `call` sums the recorded answer up as.
  var expected: String {
    switch self {
    case .openMeteoGeocoder: "Seoul, KR"
    case .openMeteoWeather: "Overcast - 41.3 c04d Asia/Seoul"
    case .weatherbit: "Overcast clouds - 41.3 c04d Asia/Seoul"
    }
  }

  /// The path the client asks for.
  var path: String {
    switch self {
    case .openMeteoGeocoder: "/v1/search"
    case .openMeteoWeather: "/v1/forecast"
    case .weatherbit: "/v2.0/current"
    }
  }

  /// How the client's malformed-body messages name the answer.
  var what: String {
    switch self {
    case .openMeteoGeocoder: "the geocoding answer"
    case .openMeteoWeather: "the forecast"
    case .weatherbit: "the Weatherbit answer"
    }
  }

  /// The API's recorded error bodies: file, status, the reason the message must carry.
  var errorFixtures: [(file: String, status: Int, reason: String)] {
    switch self {
    case .openMeteoGeocoder:
      return [
        (
          "openmeteo_geocoding_error_400.json", 400,
          "HTTP 400 Bad Request: Parameter count must be between 1 and 100."
        ),
        ("openmeteo_error_429_minutely.json", 429, Self.openMeteoLimit("Minutely", "one minute")),
      ]
    case .openMeteoWeather:
      return [
        (
          "openmeteo_forecast_error_400.json", 400,
          "HTTP 400 Bad Request: Cannot initialize WeatherVariable from invalid String value "
            + "tempeture_2m for key current"
        ),
        ("openmeteo_error_429_hourly.json", 429, Self.openMeteoLimit("Hourly", "the next hour")),
        (
          "openmeteo_error_429_daily.json", 429,
          "HTTP 429 Too Many Requests: Daily API request "
            + "limit exceeded. Please try again tomorrow."
        ),
      ]
    case .weatherbit:
      return [
        (
          "weatherbit_error_400_bad_params.json", 400,
          "HTTP 400 Bad Request: Invalid Parameters supplied."
        ),
        (
          "weatherbit_error_403_invalid_key_short.json", 403,
          "HTTP 403 Forbidden: API key not valid, or not yet activated."
        ),
        ("weatherbit_error_403_missing_key.json", 403, "HTTP 403 Forbidden: API key is required."),
        (
          "weatherbit_error_429_daily_limit.json", 429,
          "HTTP 429 Too Many Requests: Your request count (51) is over the allowed limit of 50 "
            + "per day - Upgrade your key, or retry after 848.3 minutes"
        ),
      ]
    }
  }

  private static func openMeteoLimit(_ period: String, _ when: String) -> String {
    "HTTP 429 Too Many Requests: \(period) API request limit exceeded. Please try again in \(when)."
  }
}

extension HTTPClient {
  /// A client for loopback tests that expect an answer: the live 5 s limit, made long. Under the
  /// thread sanitizer, synchronous tests can hold both of the 2-core machine's pool threads (which
  /// URLSession's Dispatch callbacks share) for longer than 5 s, and requests that would succeed
  /// timed out (CI, 2026-12-01). Only tests about timeouts keep short limits.
  static let patient = HTTPClient(timeout: 120, maxBytes: 256 * 1024)
}
