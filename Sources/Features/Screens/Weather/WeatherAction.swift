/// Everything that can happen to the weather screen.
///
/// `changeLocation` is typed; the two responses are the answers its effects send back, each
/// carrying the number of the `changeLocation` it answers, as ``ClockAction/timeResponse(request:_:)``
/// does.
///
/// ```swift
/// store.send(.weather(.changeLocation("Seoul")))
/// // later, from the effects:
/// // .weather(.geocodeResponse(request: 1, .success(seoul)))
/// // .weather(.weatherResponse(request: 1, .success(report)))
/// ```
public enum WeatherAction: Equatable, Sendable, Codable {
  /// Look up a city name, take the first match, and show its weather.
  case changeLocation(String)
  /// The first place matching the name of `changeLocation` number `request`; nil when nothing
  /// matched.
  indirect case geocodeResponse(request: Int, Result<Place?, FetchFailure>)
  /// The weather at the place `changeLocation` number `request` found.
  indirect case weatherResponse(request: Int, Result<WeatherReport, FetchFailure>)
  /// Stop waiting for the latest `changeLocation` (the REPL's Ctrl-C): its answers will be
  /// ignored and the screen says it was cancelled.
  case cancel
}
