import Effects
import Features
import Foundation
import TestSupport
import Testing

@Suite("Weather clients: Open-Meteo, Weatherbit, offline")
struct WeatherClientTests {
  /// 2026-11-29T03:45:00Z: Open-Meteo's `current.time`, 12:45 in Seoul.
  let forecastInstant = Date(timeIntervalSince1970: 1_795_923_900)

  private func serve(_ body: String) throws -> LoopbackServer {
    try LoopbackServer { _ in .json(Data(body.utf8)) }
  }

  @Test("Open-Meteo: asks for the current temperature in Fahrenheit, the code and day or night")
  func openMeteoRequest() async throws {
    let server = try LoopbackServer { _ in
      .json(Fixtures.data("openmeteo_forecast_current_seoul_f.json"))
    }
    defer { server.stop() }
    let report = try await WeatherClient.openMeteo(server.url("/v1/forecast"), client: .patient)
      .current(seoulPlace)
    #expect(
      report
        == WeatherReport(
          time: forecastInstant, temperatureF: 41.3, description: "Overcast", iconName: "c04d",
          timeZone: "Asia/Seoul"))
    #expect(
      server.requests.first?.query == [
        "latitude": "37.5660", "longitude": "126.9784",
        "current": "temperature_2m,is_day,weather_code", "temperature_unit": "fahrenheit",
        "timezone": "auto",
      ])
  }

  @Test("Open-Meteo: night gets the night icon; an unknown code says so")
  func openMeteoNightAndUnknownCode() async throws {
    let server = try serve(
      """
      {"timezone": "Asia/Seoul", "utc_offset_seconds": 32400,
       "current": {"time": "2026-11-29T23:00", "temperature_2m": 30, "is_day": 0,
                   "weather_code": 42}}
      """)
    defer { server.stop() }
    let report = try await WeatherClient.openMeteo(server.url("/v1/forecast"), client: .patient)
      .current(seoulPlace)
    #expect(report.description == "Unknown (WMO code 42)")
    #expect(report.iconName == "u00n")
    #expect(report.temperatureF == 30)
    #expect(report.time == Date(timeIntervalSince1970: 1_795_960_800))  // 14:00 UTC
  }

  @Test("Open-Meteo: a forecast without its current values names what is missing")
  func openMeteoMissingValues() async throws {
    let cases = [
      (#"{"timezone": "GMT"}"#, "the forecast has no current"),
      (
        #"{"current": {"time": "2026-11-29T03:45", "temperature_2m": 1}}"#,
        "the forecast has no current.weather_code"
      ),
      (
        #"{"current": {"time": "2026-11-29T03:45", "temperature_2m": "warm", "weather_code": 1}}"#,
        "the forecast's current.temperature_2m is not a number"
      ),
      (
        #"{"current": {"time": "noon", "temperature_2m": 1, "weather_code": 1}}"#,
        "the forecast's current.time 'noon' is not an ISO 8601 date-time such as "
          + "2026-11-29T03:45:12Z"
      ),
    ]
    for (body, message) in cases {
      let server = try serve(body)
      defer { server.stop() }
      let failure = await LiveClient.openMeteoWeather.failure(server.url("/v1/forecast"))
      #expect(failure == "malformed response: " + message)
    }
  }

  @Test("Weatherbit: sends lat, lon, the key and imperial units; reads the observation")
  func weatherbitRequest() async throws {
    let server = try LoopbackServer { _ in
      .json(Fixtures.data("weatherbit_current_seoul_imperial.json"))
    }
    defer { server.stop() }
    let weather = WeatherClient.weatherbit(
      key: testWeatherbitKey, url: server.url("/v2.0/current"), client: .patient)
    let report = try await weather.current(seoulPlace)
    #expect(
      report
        == WeatherReport(
          time: Date(timeIntervalSince1970: 1_795_923_600), temperatureF: 41.3,
          description: "Overcast clouds", iconName: "c04d", timeZone: "Asia/Seoul"))
    #expect(
      server.requests.first?.query == [
        "lat": "37.5660", "lon": "126.9784", "key": "test-key-not-a-secret", "units": "I",
      ])
  }

  @Test("Weatherbit: pod n gives the night icon; an unknown code keeps the API's own words")
  func weatherbitNightAndUnknownCode() async throws {
    let server = try serve(
      """
      {"data": [{"temp": 20.5, "ob_time": "2026-11-29 15:00", "pod": "n",
                 "weather": {"code": 803, "description": "Broken clouds", "icon": "c03n"}}]}
      """)
    defer { server.stop() }
    let weather = WeatherClient.weatherbit(
      key: testWeatherbitKey, url: server.url("/"), client: .patient)
    let report = try await weather.current(seoulPlace)
    #expect(report.iconName == "c03n")
    #expect(report.time == Date(timeIntervalSince1970: 1_795_964_400))
    #expect(report.timeZone == nil)

    let odd = try serve(
      #"{"data": [{"temp": 1, "ts": 0, "weather": {"code": 999, "description": "Frogs"}}]}"#)
    defer { odd.stop() }
    let oddReport = try await WeatherClient.weatherbit(
      key: testWeatherbitKey, url: odd.url("/"), client: .patient
    )
    .current(seoulPlace)
    #expect(oddReport.description == "Frogs")
    #expect(oddReport.iconName == "u00d")
  }

  @Test("Weatherbit: an answer with no observation is malformed")
  func weatherbitEmptyData() async throws {
    let server = try serve(#"{"count": 0, "data": []}"#)
    defer { server.stop() }
    #expect(
      await LiveClient.weatherbit.failure(server.url("/v2.0/current"))
        == "malformed response: the Weatherbit answer has no observation")
  }

  @Test("Weatherbit: the key never appears in a failure, even when the server echoes it")
  func keyNeverInMessages() async throws {
    let server = try LoopbackServer { request in
      let echo = #"{"error": "bad request: key=\#(request.query["key"] ?? "")&units=I"}"#
      return .json(Data(echo.utf8), status: 400)
    }
    defer { server.stop() }
    let failure = await LiveClient.weatherbit.failure(server.url("/v2.0/current"))
    #expect(server.requests.first?.query["key"] == "test-key-not-a-secret")
    #expect(failure == "HTTP 400 Bad Request: bad request: key=[key]&units=I")
    #expect(!(failure ?? "").contains("test-key-not-a-secret"))

    let port = try LoopbackServer.unusedPort()
    let refused = await LiveClient.weatherbit.failure(URL(string: "http://127.0.0.1:\(port)/")!)
    #expect(refused == "connection refused by 127.0.0.1:\(port)")
  }

  @Test("an API key prints, interpolates and dumps as redacted")
  func apiKeyRedacted() {
    var dumped = ""
    dump(testWeatherbitKey, to: &dumped)
    for text in [
      String(describing: testWeatherbitKey), "\(testWeatherbitKey)",
      String(reflecting: testWeatherbitKey), dumped,
    ] {
      #expect(!text.contains("test-key-not-a-secret"))
      #expect(text.contains("APIKey(redacted)"))
    }
    #expect(APIKey("   ") == nil)
    #expect(APIKey("") == nil)
  }

  @Test("offline: the weather is unavailable, without touching the network")
  func offline() async {
    #expect(
      await failureMessage { try await WeatherClient.offline.current(seoulPlace) } == "offline")
  }

  @Test("cancelling a weather request stops it at once")
  func cancellation() async throws {
    let server = try LoopbackServer { _ in .silent }
    defer { server.stop() }
    let weather = WeatherClient.openMeteo(server.url("/"), client: HTTPClient(timeout: 600))
    let task = Task { try await weather.current(seoulPlace) }
    try await waitUntil("the server got the request") { server.requests.count == 1 }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
