import Features
import Foundation
import Store
import TestSupport

let seoulPlace = Place(
  name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR", country: "South Korea",
  latitude: 37.566, longitude: 126.9784, timeZone: "Asia/Seoul", population: 10_349_312)
let busanPlace = Place(
  name: "Busan", region: "Busan", regionCode: "10", countryCode: "KR", latitude: 35.1028,
  longitude: 129.0403, timeZone: "Asia/Seoul")
let parisPlace = Place(
  name: "Paris", region: "Île-de-France", regionCode: "11", countryCode: "FR", latitude: 48.8534,
  longitude: 2.3488, timeZone: "Europe/Paris")
let anchoragePlace = Place(
  name: "Anchorage", region: "Alaska", regionCode: "AK", countryCode: "US", latitude: 61.2181,
  longitude: -149.9003, timeZone: "America/Anchorage")

/// The weather the fixtures describe for `place`: Seoul overcast at 41.3℉, elsewhere clear.
func report(at place: Place) -> WeatherReport {
  place == seoulPlace
    ? WeatherReport(
      time: fixtureNow, temperatureF: 41.3, description: "Overcast", iconName: "c04d",
      timeZone: "Asia/Seoul")
    : WeatherReport(
      time: fixtureNow, temperatureF: 50.5, description: "Clear sky", iconName: "c01d",
      timeZone: place.timeZone)
}

/// Geocoding and weather clients that answer from fixed tables, and make the calls for the names
/// and places given gates wait there until the test opens them. Each call records its name, and
/// whether its effect had been cancelled by the time it was let through.
final class GatedServices: Sendable {
  let places: [String: [Place]]
  let geocodingGates: [String: Gate]
  let weatherGates: [String: Gate]
  /// `"geocode Seoul"`, `"weather Seoul"`, …, in call order.
  let calls = Locked<[String]>([])
  /// The same, for calls whose effect was cancelled while they waited.
  let cancelled = Locked<[String]>([])

  init(
    places: [String: [Place]] = ["Seoul": [seoulPlace, busanPlace], "Paris": [parisPlace]],
    geocodingGates: [String] = [], weatherGates: [String] = []
  ) {
    self.places = places
    self.geocodingGates = Dictionary(uniqueKeysWithValues: geocodingGates.map { ($0, Gate()) })
    self.weatherGates = Dictionary(uniqueKeysWithValues: weatherGates.map { ($0, Gate()) })
  }

  var geocoder: GeocodingClient {
    GeocodingClient { [self] name in
      try await self.pass("geocode \(name)", gate: self.geocodingGates[name])
      return self.places[name] ?? []
    }
  }

  var weather: WeatherClient {
    WeatherClient { [self] place in
      try await self.pass("weather \(place.name)", gate: self.weatherGates[place.name])
      return report(at: place)
    }
  }

  /// The test store's dependencies: these fake clients.
  var dependencies: (inout DependencyValues) -> Void {
    { [geocoder, weather] in
      $0.geocoder = geocoder
      $0.weather = weather
    }
  }

  private func pass(_ call: String, gate: Gate?) async throws {
    calls.withLock { $0.append(call) }
    await gate?.wait()
    if Task.isCancelled { cancelled.withLock { $0.append(call) } }
  }
}
