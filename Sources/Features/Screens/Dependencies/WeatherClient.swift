import Foundation
import Store

/// The current weather somewhere, as a weather API reports it.
///
/// ```swift
/// let report = WeatherReport(time: now, temperatureF: 41.3, description: "Overcast",
///                            iconName: "cloud", timeZone: "Asia/Seoul")
/// ```
public struct WeatherReport: Equatable, Sendable, Codable {
  /// When the observation was made.
  public var time: Date
  /// Degrees Fahrenheit, as reported (the view model rounds).
  public var temperatureF: Double
  /// A short description, e.g. `Overcast`.
  public var description: String
  /// The icon's name, e.g. `c04d`.
  public var iconName: String
  /// The IANA zone the API says the place is in, if it says.
  public var timeZone: String?

  public init(
    time: Date, temperatureF: Double, description: String, iconName: String,
    timeZone: String? = nil
  ) {
    self.time = time
    self.temperatureF = temperatureF
    self.description = description
    self.iconName = iconName
    self.timeZone = timeZone
  }
}

/// Fetches the current weather at a place.
///
/// The Effects module provides Open-Meteo (no key, the default), Weatherbit (key from
/// `WEATHERBIT_API_KEY`) and the offline client that always reports itself unavailable.
///
/// ```swift
/// let weather = WeatherClient { _ in report }
/// ```
public struct WeatherClient: Sendable {
  /// The weather now at `place`. Throws when the source cannot answer.
  public var current: @Sendable (_ place: Place) async throws -> WeatherReport

  public init(current: @escaping @Sendable (_ place: Place) async throws -> WeatherReport) {
    self.current = current
  }

  /// Fails the running test, naming itself, when called.
  public static let unimplemented = WeatherClient { _ in
    throw unimplementedDependency("WeatherClient.current")
  }
}

/// The key of ``DependencyValues/weather``: wired by the program (the CLI gives its store
/// Open-Meteo, Weatherbit or the offline client); ``WeatherClient/unimplemented`` until then and
/// in tests.
public enum WeatherClientKey: DependencyKey {
  /// Unimplemented: the program gives the store the live client it chose.
  public static let liveValue = WeatherClient.unimplemented
  /// Unimplemented: a test gives the store what it needs.
  public static let testValue = WeatherClient.unimplemented
}

extension DependencyValues {
  /// Where the weather screen gets the weather of a place.
  ///
  /// ```swift
  /// let store = TestStore(initialState: WeatherState(), reducer: WeatherReducer()) {
  ///   $0.weather = WeatherClient { _ in report }
  /// }
  /// ```
  public var weather: WeatherClient {
    get { self[WeatherClientKey.self] }
    set { self[WeatherClientKey.self] = newValue }
  }
}
