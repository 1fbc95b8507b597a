import Features
import Foundation
import TestSupport
import Testing

@Suite("Weather screen display rules")
struct WeatherFormatTests {
  /// The formatter the SwiftUI example used for the temperature.
  private static let exampleFormatter: NumberFormatter = {
    let formatter = NumberFormatter()
    formatter.numberStyle = .none
    return formatter
  }()

  private func asExample(_ value: Double) -> String? {
    WeatherFormatTests.exampleFormatter.string(from: value as NSNumber)
  }

  @Test("NumberFormatter's default rounding mode is half to even, with no fraction digits")
  func formatterDefaults() {
    let formatter = NumberFormatter()
    formatter.numberStyle = .none
    #expect(formatter.roundingMode == .halfEven)
    #expect(formatter.maximumFractionDigits == 0)
    #expect(formatter.usesGroupingSeparator == false)
  }

  @Test(
    "temperatures round half to even, as the example's NumberFormatter does",
    arguments: [
      (41.3, "41"), (40.5, "40"), (41.5, "42"), (0.5, "0"), (1.5, "2"), (2.5, "2"), (9.5, "10"),
      (10.5, "10"), (-0.4, "-0"), (-0.5, "-0"), (-0.0, "-0"), (-0.6, "-1"), (-1.5, "-2"),
      (-2.5, "-2"), (40.49999999999999, "40"), (40.50000000000001, "41"), (1234.5, "1234"),
    ])
  func temperature(value: Double, text: String) {
    #expect(WeatherFormat.temperature(value) == text)
    #expect(asExample(value) == text)
  }

  @Test("temperatures agree with NumberFormatter: quarters, tenths, and extremes up to 1e40")
  func temperatureAgreesWithNumberFormatter() {
    var values = (-2000...2000).map { Double($0) / 4 }
    values += (-1500...1500).map { Double($0) / 10 }
    values += [
      .nan, .infinity, -.infinity, 9_007_199_254_740_992, 1e16 + 1,
      123_456_789_012_345_678_901.0, -1.2345e25, 1e40, .leastNonzeroMagnitude,
      -.leastNonzeroMagnitude, 4_503_599_627_370_495.5,
    ]
    for value in values {
      #expect(WeatherFormat.temperature(value) == asExample(value), "value \(value)")
    }
  }

  @Test("dates read EEEE, MMM d in English, as a DateFormatter would write them, every day of 2026")
  func dateAgreesWithDateFormatter() {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "EEEE, MMM d"
    for zone in [seoul, newYork, TimeZone(identifier: "America/Anchorage")!, .gmt] {
      formatter.timeZone = zone
      for day in 0..<365 {
        let date = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400 + 43_210)
        #expect(WeatherFormat.date(date, in: zone) == formatter.string(from: date))
      }
    }
  }

  @Test("the date is shown in the location's own zone: Sunday in Seoul is Saturday in Anchorage")
  func dateInTheLocationsZone() {
    #expect(WeatherFormat.date(fixtureNow, in: seoul) == "Sunday, Nov 29")
    let anchorage = TimeZone(identifier: "America/Anchorage")!
    #expect(WeatherFormat.date(fixtureNow, in: anchorage) == "Saturday, Nov 28")
    var state = WeatherState(
      query: "Anchorage, AK",
      status: .loaded(place: anchoragePlace, report: report(at: anchoragePlace)), request: 1)
    #expect(
      WeatherViewModel(state: state).text == "Anchorage, AK · Saturday, Nov 28 · Clear sky - 50℉")
    // The API's zone wins over the geocoder's; the geocoder's is used when the API gives none.
    var fromAPI = report(at: anchoragePlace)
    fromAPI.timeZone = "Asia/Seoul"
    #expect(WeatherFormat.zone(of: anchoragePlace, fromAPI) == seoul)
    fromAPI.timeZone = nil
    #expect(WeatherFormat.zone(of: anchoragePlace, fromAPI) == anchorage)
    var nowhere = anchoragePlace
    nowhere.timeZone = "Mars/Olympus"
    #expect(WeatherFormat.zone(of: nowhere, fromAPI) == .gmt)
    state.status = .loaded(place: nowhere, report: fromAPI)
    #expect(WeatherViewModel(state: state).date == "Sunday, Nov 29")
  }

  @Test("places in the United States are named with their state's code, others by name alone")
  func locationNames() {
    #expect(WeatherFormat.locationName(of: anchoragePlace) == "Anchorage, AK")
    #expect(WeatherFormat.locationName(of: seoulPlace) == "Seoul")
    #expect(WeatherFormat.locationName(of: parisPlace) == "Paris")
    var noCode = anchoragePlace
    noCode.regionCode = nil
    #expect(WeatherFormat.locationName(of: noCode) == "Anchorage")
  }

  @Test("each stage of a changeLocation has its line")
  func lines() {
    let lines = [
      WeatherState(),
      WeatherState(query: "Seoul", status: .geocoding, request: 1),
      WeatherState(query: "Seoul", status: .fetching(place: seoulPlace), request: 1),
      WeatherState(
        query: "Seoul", status: .loaded(place: seoulPlace, report: report(at: seoulPlace)),
        request: 1),
      WeatherState(query: "Qqqzzx", status: .notFound, request: 1),
      WeatherState(
        query: "Seoul", status: .failed(place: seoulPlace, message: "timed out after 5 s"),
        request: 1),
      WeatherState(
        query: "Anchorage, AK", status: .failed(place: nil, message: "no geocoder configured"),
        request: 1),
    ].map { WeatherViewModel(state: $0).text }
    #expect(
      lines == [
        "no location (changeLocation CITY)", "Loading...", "Seoul · Loading...",
        "Seoul · Sunday, Nov 29 · Overcast - 41℉", "Not found",
        "Seoul · unavailable: timed out after 5 s",
        "Anchorage, AK · unavailable: no geocoder configured",
      ])
  }
}
