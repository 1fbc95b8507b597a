import Effects
import Features
import Foundation
import TestSupport
import Testing

/// Servers that echo the request back, and answers with values out of range: the key never
/// shows, and every value out of range is a one-line message naming the field.
@Suite("Hostile servers")
struct HostileServerTests {
  /// A fake Weatherbit-like key, computed at run time: 32 hexadecimal digits, not a real key.
  static let fakeKey = String((0..<32).map { FakeKey.digits[($0 * 7 + 3) % 16] })

  /// The message the Weatherbit client fails with against a server answering `reply(request)`,
  /// or its report's texts when it does not fail.
  func weatherbit(_ reply: @escaping @Sendable (ReceivedRequest) -> LoopbackServer.Reply)
    async throws -> String
  {
    let server = try LoopbackServer(handler: reply)
    defer { server.stop() }
    let weather = WeatherClient.weatherbit(
      key: APIKey(Self.fakeKey)!, url: server.url("/v2.0/current"),
      client: HTTPClient(timeout: 120))
    do {
      let report = try await weather.current(seoulPlace)
      return [report.description, report.iconName, report.timeZone ?? ""].joined(separator: " | ")
    } catch {
      return FetchFailure(error).message
    }
  }

  @Test(
    "a server echoing the request in its error body, in any spelling, never shows the key",
    arguments: Spelling.allCases)
  func echoedInErrors(spelling: Spelling) async throws {
    for padding in [0, 150, 190, 400] {
      let message = try await weatherbit { request in
        let echo = String(repeating: "x", count: padding) + "GET " + spelling.spell(request.target)
        let body = try! JSONSerialization.data(withJSONObject: ["error": echo])
        return .json(body, status: 403)
      }
      #expect(message.hasPrefix("HTTP 403 Forbidden: "), "\(message)")
      #expect(leak(of: Self.fakeKey, in: message) == nil, "\(spelling), \(padding): \(message)")
    }
  }

  @Test(
    "a server echoing the request in a successful answer never shows the key",
    arguments: Spelling.allCases)
  func echoedInAnswers(spelling: Spelling) async throws {
    let texts = try await weatherbit { request in
      let echo = spelling.spell(request.target)
      let body: [String: Any] = [
        "data": [
          [
            "temp": 41.3, "ts": 1_795_923_912, "pod": "d", "timezone": echo,
            "weather": ["code": 9_999, "description": echo, "icon": echo],
          ]
        ]
      ]
      return .json(try! JSONSerialization.data(withJSONObject: body))
    }
    #expect(leak(of: Self.fakeKey, in: texts) == nil, "\(spelling): \(texts)")
    #expect(texts.contains("[key]"), "\(texts)")
  }

  @Test("no failure names the request's query, whatever the transport does")
  func queryNeverInFailures() async throws {
    let replies: [LoopbackServer.Reply] = [
      .hangUp, .endless, .respond(status: 500, body: Data("oops".utf8), contentType: "text/plain"),
      .json(Data("[1e999]".utf8)),
    ]
    for reply in replies {
      let message = try await weatherbit { _ in reply }
      #expect(leak(of: Self.fakeKey, in: message) == nil, "\(message)")
      #expect(!message.contains("lat=") && !message.contains("units"), "\(message)")
    }
    let refused = try LoopbackServer.unusedPort()
    let weather = WeatherClient.weatherbit(
      key: APIKey(Self.fakeKey)!, url: URL(string: "http://127.0.0.1:\(refused)/v2.0/current")!)
    let message = await failureMessage { try await weather.current(seoulPlace) } ?? ""
    #expect(message == "connection refused by 127.0.0.1:\(refused)")
  }

  @Test("a redirect is not followed: the key never reaches another server")
  func redirectsAreRefused() async throws {
    let elsewhere = try LoopbackServer { _ in
      .json(Fixtures.data("weatherbit_current_seoul_imperial.json"))
    }
    defer { elsewhere.stop() }
    let message = try await weatherbit { request in
      .redirect(to: elsewhere.url(request.target).absoluteString)
    }
    #expect(message == "HTTP 302 Found")
    #expect(elsewhere.requests.isEmpty)
  }

  /// The message `client` fails with against a server answering `body`.
  func failure(_ client: LiveClient, _ body: String) async throws -> String? {
    let server = try LoopbackServer { _ in .json(Data(body.utf8)) }
    defer { server.stop() }
    return await client.failure(server.url(client.path))
  }

  func timeFailure(_ body: String) async throws -> String? {
    let server = try LoopbackServer { _ in .json(Data(body.utf8)) }
    defer { server.stop() }
    return await failureMessage {
      try await TimeClient.http(server.url("/now"), client: HTTPClient(timeout: 120)).now()
    }
  }

  @Test(
    "a time API's instant out of range or not real is a one-line failure naming it",
    arguments: [
      (#"{"unixtime": 1e300}"#, "the time API's unixtime 1e+300 is after the year 9999"),
      (#"{"unixtime": -1e300}"#, "the time API's unixtime -1e+300 is before the year 0001"),
      (
        #"{"unixtime": 1e999}"#,
        "the time API's answer has a number that does not fit in a double: unixtime 1e999"
      ),
      (
        #"{"utc_datetime": "2026-02-30T00:00:00Z"}"#,
        "the time API's utc_datetime '2026-02-30T00:00:00Z' is not a real date: February 2026 "
          + "has 28 days"
      ),
      (
        #"{"currentDateTime": "0000-12-31T00:00Z"}"#,
        "the time API's currentDateTime '0000-12-31T00:00Z' is before the year 0001"
      ),
      (
        #"{"utc_datetime": "9999-12-31T23:30:00-01:00"}"#,
        "the time API's utc_datetime '9999-12-31T23:30:00-01:00' is after the year 9999"
      ),
      (
        #"{"utc_datetime": "2026-11-29T24:00:00Z"}"#,
        "the time API's utc_datetime '2026-11-29T24:00:00Z' is not a real date: there is no "
          + "time 24:00:00"
      ),
      (
        #"{"dateTime": "2026-11-29T03:45:12+25:00"}"#,
        "the time API's dateTime '2026-11-29T03:45:12+25:00' is not a real date: there is no "
          + "offset of +25:00"
      ),
    ])
  func timeOutOfRange(body: String, message: String) async throws {
    #expect(try await timeFailure(body) == "malformed response: " + message)
  }

  @Test(
    "a geocoder's or weather API's number that does not fit is a one-line failure naming it",
    arguments: [
      (
        LiveClient.openMeteoGeocoder,
        #"{"results":[{"name":"X","latitude":1,"longitude":2,"population":100000000000000000000}]}"#,
        "the geocoding answer's results[0].population 1e+20 does not fit in a whole number"
      ),
      (
        .openMeteoGeocoder,
        #"{"results":[{"name":"X","latitude":1,"longitude":2,"population":1.5}]}"#,
        "the geocoding answer's results[0].population 1.5 is not a whole number"
      ),
      (
        .openMeteoGeocoder, #"{"results":[{"name":"X","latitude":91,"longitude":2}]}"#,
        "the geocoding answer's results[0].latitude is 91.0, not within -90…90"
      ),
      (
        .openMeteoGeocoder, #"{"results":[{"name":"X","latitude":1e999,"longitude":2}]}"#,
        "the geocoding answer has a number that does not fit in a double: latitude 1e999"
      ),
      (
        .openMeteoWeather,
        #"{"current": {"time": "2026-11-29T03:45", "temperature_2m": 1e999, "weather_code": 1}}"#,
        "the forecast has a number that does not fit in a double: temperature_2m 1e999"
      ),
      (
        .openMeteoWeather,
        #"{"current": {"time": "2026-11-29T03:45", "temperature_2m": 1, "weather_code": 1e20}}"#,
        "the forecast's current.weather_code 1e+20 does not fit in a whole number"
      ),
      (
        .openMeteoWeather,
        #"{"current": {"time": "2026-02-30T03:45", "temperature_2m": 1, "weather_code": 1}}"#,
        "the forecast's current.time '2026-02-30T03:45' is not a real date: February 2026 has 28 "
          + "days"
      ),
      (
        .weatherbit, #"{"data":[{"temp":41,"ts":1e300,"weather":{"code":804}}]}"#,
        "the Weatherbit answer's data[0].ts 1e+300 is after the year 9999"
      ),
      (
        .weatherbit, #"{"data":[{"temp":41,"ts":0,"weather":{"code":-1e300}}]}"#,
        "the Weatherbit answer's data[0].weather.code -1e+300 does not fit in a whole number"
      ),
    ])
  func numbersThatDoNotFit(client: LiveClient, body: String, message: String) async throws {
    #expect(try await failure(client, body) == "malformed response: " + message)
  }
}
