import Console
import Effects
import Features
import Foundation
import Store

/// The live dependencies uniflow's options ask for.
extension Options {
  /// The instant `UNIFLOW_FIXED_NOW` pins the system clock to, for reproducible scripts and tests:
  /// a real instant within the years 0001…9999, or a usage error saying why not.
  static func fixedNow(_ environment: [String: String]) throws(ConsoleOptionError) -> Date? {
    guard let text = environment["UNIFLOW_FIXED_NOW"] else { return nil }
    do {
      return try ISO8601Text.parse(text)
    } catch {
      // e.g. `UNIFLOW_FIXED_NOW='2026-02-29T00:00:00Z' is not a real date: February 2026 has 28 days`
      throw ConsoleOptionError("UNIFLOW_FIXED_NOW='\(text)' \(error)")
    }
  }

  /// The overrides the app's store is made with: the time from `--time-url`, or the system clock
  /// (pinned to `fixedNow` if given); places from `--geocoder-url`, or the bundled gazetteer (no
  /// network); the weather from Open-Meteo or Weatherbit (at `--weather-url` if given), none with
  /// `--offline`. Every HTTP client waits `--http-timeout` (default 5 s) and has its own size
  /// limit.
  func dependencies(fixedNow: Date?) -> @Sendable (inout DependencyValues) -> Void {
    let timeout = httpTimeout ?? HTTPClient.defaultTimeout
    let http = HTTPClient(timeout: timeout, maxBytes: 256 * 1024)
    let time =
      timeURL.map { TimeClient.http($0, client: HTTPClient(timeout: timeout, maxBytes: 1 << 20)) }
      ?? fixedNow.map(TimeClient.constant) ?? .system
    let geocoder = geocoderURL.map { GeocodingClient.openMeteo($0, client: http) } ?? .gazetteer
    let weather: WeatherClient =
      if offline {
        .offline
      } else if let key = weatherbitKey {
        .weatherbit(key: key, url: weatherURL ?? WeatherClient.weatherbitURL, client: http)
      } else {
        .openMeteo(weatherURL ?? WeatherClient.openMeteoURL, client: http)
      }
    return { values in
      values.time = time
      values.geocoder = geocoder
      values.weather = weather
    }
  }
}
