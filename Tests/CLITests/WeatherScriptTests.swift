import Foundation
import TestSupport
import Testing

/// End-to-end: the weather screen through the built `uniflow` binary, with the bundled gazetteer
/// and, for the weather itself, Open-Meteo's recorded answer served on loopback.
@Suite("uniflow in script mode: the weather screen")
struct WeatherScriptTests {
  @Test("offline: Anchorage at launch, then Seoul twice (English and Korean) and Not found once")
  func offlineLookups() async throws {
    let result = try await UniflowBinary.run(
      ["--offline"], input: "changeLocation Seoul\nchangeLocation 서울\nchangeLocation Qqqzzx\n",
      environment: fixedNowInSeoul)
    #expect(result.status == 0)
    let weather = result.lines(of: "weather")
    #expect(weather.first == "weather: Anchorage, AK · unavailable: offline")
    #expect(weather.filter { $0 == "weather: Seoul · unavailable: offline" }.count == 2)
    #expect(weather.filter { $0 == "weather: Not found" }.count == 1)
    #expect(weather.last == "weather: Not found")
  }

  @Test("with a weather API: the place, its own date, the description and the temperature")
  func liveWeatherLine() async throws {
    let server = try LoopbackServer { _ in
      .json(Fixtures.data("openmeteo_forecast_current_seoul_f.json"))
    }
    defer { server.stop() }
    let result = try await UniflowBinary.run(
      [
        "--no-default-location", "--weather-url", server.url("/v1/forecast").absoluteString,
        "--http-timeout", "600",
      ],
      input: "changeLocation seoul\nchangeLocation Anchorage, AK\n", environment: fixedNowInSeoul)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "weather").contains("weather: Seoul · Sunday, Nov 29 · Overcast - 41℉"))
    let query = server.requests.first?.query
    #expect(query?["latitude"].flatMap(Double.init) == 37.566)
    #expect(query?["temperature_unit"] == "fahrenheit")
  }

  @Test("a weather API that is down is one line on the screen, and the next command still works")
  func weatherDown() async throws {
    let server = try LoopbackServer { _ in
      .respond(status: 503, body: Data(), contentType: "text/plain")
    }
    defer { server.stop() }
    let result = try await UniflowBinary.run(
      [
        "--no-default-location", "--weather-url", server.url("/v1/forecast").absoluteString,
        "--http-timeout", "600",
      ],
      input: "changeLocation Seoul\ntomorrow\n", environment: fixedNowInSeoul)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "weather").last
        == "weather: Seoul · unavailable: HTTP 503 Service Unavailable")
    #expect(result.lines(of: "clock").last == "clock: 2026년 11월 30일 12시 45분")
  }

  @Test("an empty city name is refused before any lookup, with the line number")
  func emptyCity() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: "changeLocation\nchangeLocation \"\"\n",
      environment: fixedNowInSeoul)
    #expect(result.status == 1)
    #expect(result.errorLines.count == 2)
    #expect(result.errorLines.allSatisfy { $0.hasPrefix("line ") })
  }
}
