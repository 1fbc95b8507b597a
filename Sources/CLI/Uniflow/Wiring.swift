import Console
import Effects
import Features
import Foundation
import Store

/// Chooses the live or offline dependencies the options ask for.
enum Wiring {
  /// The instant `UNIFLOW_FIXED_NOW` pins the system clock to, for reproducible scripts and tests:
  /// a real instant within the years 0001…9999, or a usage error saying why not.
  static func fixedNow(_ environment: [String: String]) throws(ConsoleOptionError) -> Date? {
    guard let text = environment["UNIFLOW_FIXED_NOW"] else { return nil }
    do {
      return try ISO8601Text.parse(text)
    } catch {
      // `is not an ISO 8601 date-time such as …`, `is not a real date: February 2026 has 28
      // days`, `is before the year 0001`.
      throw ConsoleOptionError("UNIFLOW_FIXED_NOW='\(text)' \(error)")
    }
  }

  /// The live dependencies the options ask for, as the overrides the app's store is made with:
  /// the time from `--time-url` or the system clock (pinned by `UNIFLOW_FIXED_NOW`), geocoding and
  /// weather as below.
  static func dependencies(_ options: Options, fixedNow: Date?)
    -> @Sendable (inout DependencyValues) -> Void
  {
    let systemClock = fixedNow.map(TimeClient.constant) ?? .system
    let time =
      options.timeURL.map { TimeClient.http($0, client: http(options, maxBytes: 1 << 20)) }
      ?? systemClock
    let geocoder = geocoder(options)
    let weather = weather(options)
    return { values in
      values.time = time
      values.geocoder = geocoder
      values.weather = weather
    }
  }

  /// The bundled gazetteer (no network), or the live search API `--geocoder-url` names.
  static func geocoder(_ options: Options) -> GeocodingClient {
    options.geocoderURL.map { GeocodingClient.openMeteo($0, client: http(options)) } ?? .gazetteer
  }

  /// Nothing with `--offline`; otherwise Open-Meteo or Weatherbit, at `--weather-url` if given.
  static func weather(_ options: Options) -> WeatherClient {
    guard !options.offline else { return .offline }
    switch options.weatherProvider {
    case .openMeteo:
      return .openMeteo(options.weatherURL ?? WeatherClient.openMeteoURL, client: http(options))
    case .weatherbit(let key):
      return .weatherbit(
        key: key, url: options.weatherURL ?? WeatherClient.weatherbitURL, client: http(options))
    }
  }

  /// The HTTP client every live dependency uses: the clients' own size limit and
  /// `--http-timeout` (default 5 s).
  static func http(_ options: Options, maxBytes: Int = 256 * 1024) -> HTTPClient {
    HTTPClient(timeout: options.httpTimeout ?? HTTPClient.defaultTimeout, maxBytes: maxBytes)
  }
}
