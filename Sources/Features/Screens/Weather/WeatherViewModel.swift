import Foundation

/// The weather screen's fields, as the SwiftUI example's view model had them, and its line.
///
/// | status | location name | date, icon, summaries | line |
/// |---|---|---|---|
/// | looking the name up | `Loading...` | blank | `Loading...` |
/// | fetching the weather | the place | blank | `Seoul · Loading...` |
/// | loaded | the place | filled | `Seoul · Sunday, Nov 29 · Overcast - 41℉` |
/// | nothing matched | `Not found` | blank | `Not found` |
/// | failed | the place, or the typed name | blank | `Seoul · unavailable: timed out after 5 s` |
///
/// The icon name and the forecast summary are not on the line (the summary already says the
/// description); `:state` shows the report they come from.
///
/// ```swift
/// let view = WeatherViewModel(state: weather)
/// view.summary           // "Overcast - 41℉"
/// view.forecastSummary   // "Summary: Overcast"
/// ```
public struct WeatherViewModel: Equatable, Sendable {
  /// The place's name (`Seoul`, `Anchorage, AK`), `Loading...` or `Not found`.
  public let locationName: String
  /// The report's date as `EEEE, MMM d` in the location's own zone, e.g. `Sunday, Nov 29`.
  public let date: String
  /// The report's icon name, e.g. `c04d`.
  public let iconName: String
  /// `<description> - <temp>℉`, the temperature rounded as the example's `NumberFormatter`.
  public let summary: String
  /// `Summary: <description>`.
  public let forecastSummary: String
  /// Why the weather is unavailable, if it is.
  public let failure: String?
  /// The line the screen shows.
  public let text: String

  /// Derives the display from `state`.
  public init(state: WeatherState) {
    var fields = (location: "", date: "", icon: "", summary: "", forecast: "")
    var failure: String?
    let text: String
    switch state.status {
    case .idle:
      text = "no location (changeLocation CITY)"
    case .geocoding:
      fields.location = "Loading..."
      text = fields.location
    case .fetching(let place):
      fields.location = WeatherFormat.locationName(of: place)
      text = "\(fields.location) · Loading..."
    case .loaded(let place, let report):
      fields.location = WeatherFormat.locationName(of: place)
      fields.date = WeatherFormat.date(report.time, in: WeatherFormat.zone(of: place, report))
      fields.icon = report.iconName
      fields.summary =
        "\(report.description) - \(WeatherFormat.temperature(report.temperatureF))℉"
      fields.forecast = "Summary: \(report.description)"
      text = [fields.location, fields.date, fields.summary].joined(separator: " · ")
    case .notFound:
      fields.location = "Not found"
      text = fields.location
    case .failed(let place, let message):
      fields.location = place.map(WeatherFormat.locationName(of:)) ?? state.query ?? ""
      failure = message
      text = "\(fields.location) · unavailable: \(message)"
    }
    locationName = fields.location
    date = fields.date
    iconName = fields.icon
    summary = fields.summary
    forecastSummary = fields.forecast
    self.failure = failure
    self.text = text
  }
}
