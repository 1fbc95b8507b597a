import Effects
import Features
import Foundation
import Store
import TestSupport
import Testing

@Suite("HTTP time client against a loopback server")
struct TimeClientTests {
  /// 2026-11-29T03:45:12.345678Z, the instant the fixtures describe.
  let fixtureInstant = Date(timeIntervalSince1970: 1_795_923_912.345678)

  private func fetch(_ reply: LoopbackServer.Reply, client: HTTPClient = HTTPClient(timeout: 120))
    async throws -> Date
  {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    return try await TimeClient.http(server.url("/api/json/utc/now"), client: client).now()
  }

  private func failure(_ reply: LoopbackServer.Reply, client: HTTPClient = HTTPClient(timeout: 120))
    async -> String?
  {
    await failureMessage { try await fetch(reply, client: client) }
  }

  @Test("reads worldclockapi's minute-precision currentDateTime")
  func worldclockapi() async throws {
    let date = try await fetch(.json(Fixtures.data("worldclockapi_utc_now.json")))
    #expect(date == Date(timeIntervalSince1970: 1_795_923_900))
  }

  @Test(
    "reads worldtimeapi's utc_datetime and timeapi.io's zoned dateTime",
    arguments: [
      "worldtimeapi_timezone_etc_utc.json", "worldtimeapi_ip_seoul.json",
      "timeapi_current_zone_seoul.json", "timeapi_current_zone_utc.json",
    ])
  func otherTimeAPIs(fixture: String) async throws {
    let date = try await fetch(.json(Fixtures.data(fixture)))
    #expect(abs(date.timeIntervalSince(fixtureInstant)) < 0.001)
  }

  @Test("sends a GET with a User-Agent to the configured path")
  func requestShape() async throws {
    let server = try LoopbackServer { _ in .json(Fixtures.data("worldclockapi_utc_now.json")) }
    defer { server.stop() }
    _ = try await TimeClient.http(server.url("/api/json/utc/now"), client: .patient).now()
    #expect(server.requests.map(\.method) == ["GET"])
    #expect(server.requests.first?.path == "/api/json/utc/now")
    #expect(server.requests.first?.headers["user-agent"] == "uniflow")
  }

  @Test("an HTTP error carries the API's own reason")
  func httpErrorWithReason() async {
    let body = Fixtures.data("worldtimeapi_error_unknown_location.json")
    #expect(await failure(.json(body, status: 404)) == "HTTP 404 Not Found: unknown location")
  }

  @Test("a server error without a body says just the status")
  func serverError() async {
    let message = await failure(.respond(status: 503, body: Data(), contentType: "text/plain"))
    #expect(message == "HTTP 503 Service Unavailable")
  }

  @Test("a body that is not JSON, or empty, is malformed")
  func malformedBodies() async {
    let html = Data("<html>down for maintenance</html>".utf8)
    #expect(
      await failure(.respond(status: 200, body: html, contentType: "text/html"))
        == "malformed response: the time API's answer is not a JSON object")
    #expect(
      await failure(.json(Data()))
        == "malformed response: the time API's answer is not a JSON object")
    #expect(
      await failure(.json(Data(#"{"currentDateTime": "yesterday"}"#.utf8)))
        == "malformed response: the time API's currentDateTime 'yesterday' is not an ISO 8601 "
        + "date-time such as 2026-11-29T03:45:12Z")
    #expect(
      await failure(.json(Data(#"{"status": "ok"}"#.utf8)))
        == "malformed response: no time in the answer (expected utc_datetime, currentDateTime or dateTime)"
    )
  }

  @Test("an endless body is cut off at the size limit")
  func endlessBodyHitsSizeLimit() async {
    let message = await failure(.endless, client: HTTPClient(timeout: 120, maxBytes: 64 * 1024))
    #expect(message == "response larger than 65536 bytes")
  }

  @Test("a server that never answers is cut off at the timeout")
  func silentServerTimesOut() async {
    let message = await failure(.silent, client: HTTPClient(timeout: 0.3))
    #expect(message == "timed out after 0.3 s")
  }

  @Test("a refused connection names the address")
  func refusedConnection() async throws {
    let port = try LoopbackServer.unusedPort()
    let url = URL(string: "http://127.0.0.1:\(port)/now")!
    let time = TimeClient.http(url, client: HTTPClient(timeout: 120))
    #expect(
      await failureMessage { try await time.now() } == "connection refused by 127.0.0.1:\(port)")
  }

  @Test("a server that hangs up without answering is a short transport failure")
  func hangUp() async {
    let message = await failure(.hangUp)
    #expect(message != nil)
    #expect((message ?? "").count < 80)
  }

  @Test("after a failure the same client works again")
  func recoversAfterFailure() async throws {
    let failing = Locked(true)
    let server = try LoopbackServer { _ in
      failing.withLock { fail in
        defer { fail = false }
        return fail
          ? .respond(status: 500, body: Data(), contentType: "text/plain")
          : .json(Fixtures.data("worldclockapi_utc_now.json"))
      }
    }
    defer { server.stop() }
    let time = TimeClient.http(server.url("/now"), client: HTTPClient(timeout: 120))
    await #expect(throws: (any Error).self) { try await time.now() }
    #expect(try await time.now() == Date(timeIntervalSince1970: 1_795_923_900))
  }

  @Test("cancelling the task stops the request at once")
  func cancellation() async throws {
    let server = try LoopbackServer { _ in .silent }
    defer { server.stop() }
    let time = TimeClient.http(server.url("/now"), client: HTTPClient(timeout: 600))
    let task = Task { try await time.now() }
    try await waitUntil("the server got the request") { server.requests.count == 1 }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
