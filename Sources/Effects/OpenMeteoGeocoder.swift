import Features
import Foundation

extension GeocodingClient {
  /// Open-Meteo's geocoding API, no key needed.
  public static let openMeteoURL = URL(string: "https://geocoding-api.open-meteo.com/v1/search")!

  /// Searches Open-Meteo's geocoding API (or a server with its shape) at `url`:
  /// `GET url?name=CITY&count=10&language=en&format=json`.
  ///
  /// ```swift
  /// let geocoder = GeocodingClient.openMeteo(URL(string: "http://127.0.0.1:8080/v1/search")!)
  /// try await geocoder.search("Anchorage, AK").first?.regionCode   // "AK"
  /// ```
  ///
  /// For `City, Region` or `City, Country` it asks for `City` and keeps the answers in that
  /// region or country; region names get their short code from the bundled region table. An
  /// answer with no `results` means no match.
  public static func openMeteo(
    _ url: URL = openMeteoURL, client: HTTPClient = HTTPClient(maxBytes: 256 * 1024)
  ) -> GeocodingClient {
    GeocodingClient { name in
      let query = PlaceQuery(name)
      guard !query.city.isEmpty else { return [] }
      let request = try QueryURL.make(
        url, defaultPath: "/v1/search",
        ["name": query.city, "count": "10", "language": "en", "format": "json"])
      let body = try await client.get(request)
      let answer = try JSONBody.decode(
        OpenMeteoSearch.self, from: body, what: "the geocoding answer")
      let regions = try? Gazetteer.bundled.regionTable()
      return try (answer.results ?? []).enumerated().map { index, result throws(HTTPFailure) in
        try result.place(regions: regions, at: index)
      }.filter { query.narrows(to: $0, regions: regions) }
    }
  }
}

/// The body of Open-Meteo's `/v1/search`.
struct OpenMeteoSearch: Decodable {
  struct Result: Decodable {
    var name: String
    var latitude: Double
    var longitude: Double
    var countryCode: String?
    var country: String?
    var admin1: String?
    var timezone: String?
    var population: WholeNumber?

    enum CodingKeys: String, CodingKey {
      case name, latitude, longitude, country, admin1, timezone, population
      case countryCode = "country_code"
    }

    /// The place this result names, the `index`th of the answer; a coordinate or population
    /// out of range (``Place/rangeProblem``) is a malformed answer.
    func place(regions: RegionTable?, at index: Int) throws(HTTPFailure) -> Place {
      let countryCode = countryCode ?? ""
      let region = admin1.flatMap { $0.isEmpty ? nil : $0 }
      let place = Place(
        name: name, region: region,
        regionCode: region.flatMap { regions?.regionCode(country: countryCode, name: $0) },
        countryCode: countryCode, country: country, latitude: latitude, longitude: longitude,
        timeZone: timezone ?? "UTC", population: population?.value)
      if let problem = place.rangeProblem {
        throw JSONBody.outOfRange(
          "the geocoding answer", "results[\(index)].\(problem.path)", problem.reason)
      }
      return place
    }
  }

  var results: [Result]?
}
