/// Everything the app's effects may reach outside the process, injected at launch.
///
/// Reducers get it at construction and touch it only inside effects, so replay (effects off)
/// needs none of it.
///
/// ```swift
/// let reducer = AppReducer(environment: AppEnvironment(time: .constant(date)))
/// ```
public struct AppEnvironment: Sendable {
  /// Where the clock's `reload` gets the time.
  public var time: TimeClient
  /// Where `changeLocation` looks up a city name.
  public var geocoder: GeocodingClient
  /// Where the weather screen gets the weather of a place.
  public var weather: WeatherClient

  /// An environment built from its parts. Parts not given fail the test that calls them.
  public init(
    time: TimeClient = .unimplemented, geocoder: GeocodingClient = .unimplemented,
    weather: WeatherClient = .unimplemented
  ) {
    self.time = time
    self.geocoder = geocoder
    self.weather = weather
  }

  /// Every dependency fails the running test when called, naming itself. Tests start here and
  /// replace what they use.
  public static let unimplemented = AppEnvironment()
}
