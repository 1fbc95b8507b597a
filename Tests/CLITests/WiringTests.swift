import Features
import Foundation
import Store
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

@Suite("Wiring the geocoder and the weather")
struct WiringTests {
  /// The dependencies the options wire into the app's store.
  func wired(_ options: Options) -> DependencyValues {
    var values = DependencyValues()
    options.dependencies(fixedNow: nil)(&values)
    return values
  }

  let seoul = Place(
    name: "Seoul", countryCode: "KR", latitude: 37.566, longitude: 126.9784,
    timeZone: "Asia/Seoul")

  @Test("--offline: places from the gazetteer, weather unavailable: offline")
  func offline() async throws {
    let dependencies = wired(try UniflowArguments.repl(["--offline"]))
    #expect(try await dependencies.geocoder.search("서울").first?.name == "Seoul")
    do {
      _ = try await dependencies.weather.current(seoul)
      Issue.record("expected a failure")
    } catch {
      #expect(FetchFailure(error).message == "offline")
    }
  }

  @Test("--geocoder-url and --weather-url send the requests to the given servers")
  func urls() async throws {
    let server = try LoopbackServer { request in
      request.path == "/v1/search"
        ? .json(Fixtures.data("openmeteo_geocoding_seoul.json"))
        : .json(Fixtures.data("openmeteo_forecast_current_seoul_f.json"))
    }
    defer { server.stop() }
    let options = try UniflowArguments.repl([
      "--http-timeout", "600", "--geocoder-url", server.url("/v1/search").absoluteString,
      "--weather-url",
      server.url("/v1/forecast").absoluteString,
    ])
    let dependencies = wired(options)
    let place = try #require(try await dependencies.geocoder.search("Seoul").first)
    #expect(try await dependencies.weather.current(place).description == "Overcast")
    #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"])
  }

  @Test("--weather-provider weatherbit sends the key from the environment, in imperial units")
  func weatherbit() async throws {
    let server = try LoopbackServer { _ in
      .json(Fixtures.data("weatherbit_current_seoul_imperial.json"))
    }
    defer { server.stop() }
    let options = try UniflowArguments.repl(
      [
        "--weather-provider", "weatherbit", "--weather-url", server.url("/").absoluteString,
        "--http-timeout", "600",
      ],
      environment: ["WEATHERBIT_API_KEY": "fake-key-for-tests"])
    let report = try await wired(options).weather.current(seoul)
    #expect(report.iconName == "c04d")
    #expect(server.requests.first?.path == "/v2.0/current")
    #expect(server.requests.first?.query["key"] == "fake-key-for-tests")
    #expect(server.requests.first?.query["units"] == "I")
  }

  @Test("uniflow refuses Weatherbit without a key at start-up, naming the variable, exit 2")
  func missingKeyEndToEnd() async throws {
    let result = try await UniflowBinary.run(
      ["--weather-provider", "weatherbit"], environment: ["WEATHERBIT_API_KEY": ""])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.errorLines.first
        == "uniflow: --weather-provider weatherbit needs an API key in the environment variable "
        + "WEATHERBIT_API_KEY; set it (export WEATHERBIT_API_KEY=…) or use --weather-provider "
        + "open-meteo")
  }
}
