/// What the weather screen knows: the city name last asked for, how far the lookup got, and the
/// number of the latest `changeLocation`, so that answers to older ones are recognised as stale.
///
/// ```swift
/// var weather = WeatherState()
/// weather.status = .loaded(place: seoul, report: report)
/// WeatherViewModel(state: weather).text   // "Seoul · Sunday, Nov 29 · Overcast - 41℉"
/// ```
public struct WeatherState: Equatable, Sendable, Codable {
  /// The city name as typed in the latest `changeLocation`, if any.
  public var query: String?
  /// How far the latest `changeLocation` got.
  public var status: WeatherStatus
  /// The number of the latest `changeLocation`; answers carrying another number are stale.
  public var request: Int

  /// The city the REPL shows at launch, unless `--no-default-location`.
  public static let defaultLocation = "Anchorage, AK"
  /// The longest city name `changeLocation` accepts, in characters.
  public static let maxLocationLength = 100

  public init(query: String? = nil, status: WeatherStatus = .idle, request: Int = 0) {
    self.query = query
    self.status = status
    self.request = request
  }
}

/// Where the weather screen's latest `changeLocation` stands.
///
/// ```swift
/// if case .loaded(let place, let report) = state.status { print(place.name, report.description) }
/// ```
public enum WeatherStatus: Equatable, Sendable, Codable {
  /// No location asked for yet.
  case idle
  /// Looking the city name up: the location reads `Loading...`.
  case geocoding
  /// Found `place`; fetching its weather.
  case fetching(place: Place)
  /// The weather at `place`.
  case loaded(place: Place, report: WeatherReport)
  /// Nothing matched the city name: the location reads `Not found`, the rest is blank.
  case notFound
  /// The lookup (then `place` is nil) or the weather fetch failed, with the failure's message.
  case failed(place: Place?, message: String)
}

extension WeatherState {
  /// Whether a `changeLocation` is waiting for an answer.
  public var isLoading: Bool {
    switch status {
    case .geocoding, .fetching: true
    default: false
    }
  }
}
