import Effects
import Features
import Foundation
import TestSupport
import Testing

@Suite("Open-Meteo geocoding client")
struct OpenMeteoGeocoderTests {
  private func search(_ name: String, answer: String = "openmeteo_geocoding_seoul.json")
    async throws -> (places: [Place], requests: [ReceivedRequest])
  {
    let server = try LoopbackServer { _ in .json(Fixtures.data(answer)) }
    defer { server.stop() }
    let places = try await GeocodingClient.openMeteo(server.url("/v1/search"), client: .patient)
      .search(name)
    return (places, server.requests)
  }

  @Test("asks for the name, ten results, in English, as JSON")
  func requestShape() async throws {
    let (_, requests) = try await search("Seoul")
    #expect(requests.first?.method == "GET")
    #expect(requests.first?.queryNames == ["name", "count", "language", "format"])
    #expect(
      requests.first?.query == ["name": "Seoul", "count": "10", "language": "en", "format": "json"])
  }

  @Test(
    "the API is asked for the city as seen: invisible characters and a stray comma dropped",
    arguments: ["Seo\u{200B}ul", "Seoul,", "\u{FEFF}Seoul\u{AD}, "])
  func cityAsSeen(name: String) async throws {
    let (places, requests) = try await search(name)
    #expect(requests.first?.query["name"] == "Seoul")
    #expect(places.first?.name == "Seoul")
  }

  @Test(
    "a city name cannot add a query parameter or end the query",
    arguments: ["Seoul&count=100", "a=b#c", "x?y=z", "100% + more", "서울 특별시", "a;b/c"])
  func hostileNames(name: String) async throws {
    let (_, requests) = try await search(name)
    #expect(requests.first?.queryNames == ["name", "count", "language", "format"])
    #expect(requests.first?.query["name"] == name)
    #expect(requests.first?.query["count"] == "10")
  }

  @Test("maps a result to a place, with the region's code from the bundled table")
  func place() async throws {
    let (places, _) = try await search("Seoul")
    #expect(
      places == [
        Place(
          name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR",
          country: "South Korea", latitude: 37.566, longitude: 126.9784, timeZone: "Asia/Seoul",
          population: 10_349_312)
      ])
    let (berlin, _) = try await search("Berlin", answer: "openmeteo_geocoding_berlin_doc.json")
    #expect(berlin.first?.country == "Deutschland")
    #expect(berlin.first?.region == "Berlin")
    #expect(berlin.first?.regionCode == nil)  // the region table calls it "State of Berlin"
    #expect(berlin.first?.timeZone == "Europe/Berlin")
  }

  @Test("Anchorage, AK finds Anchorage, Alaska: AK is the code of the answer's region Alaska")
  func regionCodeQualifier() async throws {
    let anchorage = """
      {"results": [
        {"name": "Anchorage", "latitude": 61.21806, "longitude": -149.90028,
         "country_code": "US", "country": "United States", "admin1": "Alaska",
         "timezone": "America/Anchorage", "population": 291247},
        {"name": "Anchorage", "latitude": 38.26674, "longitude": -85.53302,
         "country_code": "US", "country": "United States", "admin1": "Kentucky",
         "timezone": "America/Kentucky/Louisville", "population": 2348}
      ]}
      """
    let server = try LoopbackServer { _ in .json(Data(anchorage.utf8)) }
    defer { server.stop() }
    let geocoder = GeocodingClient.openMeteo(server.url("/v1/search"), client: .patient)
    let places = try await geocoder.search("Anchorage, AK")
    #expect(places.map(\.regionCode) == ["AK"])
    #expect(try await geocoder.search("Anchorage, Kentucky").map(\.regionCode) == ["KY"])
    #expect(try await geocoder.search("Anchorage").count == 2)
    #expect(server.requests.allSatisfy { $0.query["name"] == "Anchorage" })
  }

  @Test("an answer without results is no match")
  func noResults() async throws {
    let (places, _) = try await search("Qqqzzx", answer: "openmeteo_geocoding_no_results.json")
    #expect(places.isEmpty)
  }

  @Test("City, Region and City, Country ask for the city and keep the matching answers")
  func qualifiers() async throws {
    let (kept, requests) = try await search("Seoul, KR")
    #expect(requests.first?.query["name"] == "Seoul")
    #expect(kept.map(\.name) == ["Seoul"])
    #expect(try await search("Seoul, South Korea").places.count == 1)
    #expect(try await search("Seoul,  seoul ").places.count == 1)
    #expect(try await search("Seoul, France").places.isEmpty)
  }

  @Test("a result missing its coordinates is a malformed answer naming the field")
  func missingField() async throws {
    let server = try LoopbackServer { _ in
      .json(Data(#"{"results": [{"name": "Seoul", "latitude": 37.5}]}"#.utf8))
    }
    defer { server.stop() }
    let geocoder = GeocodingClient.openMeteo(server.url("/v1/search"), client: .patient)
    #expect(
      await failureMessage { try await geocoder.search("Seoul") }
        == "malformed response: the geocoding answer has no results[0].longitude")
  }

  @Test("a blank name asks nothing and finds nothing")
  func blankName() async throws {
    let (places, requests) = try await search("  , KR")
    #expect(places.isEmpty)
    #expect(requests.isEmpty)
  }
}
