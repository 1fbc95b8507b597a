import Effects
import Features
import Foundation
import Store
import TestSupport
import Testing

/// Every live client against a loopback server: the recorded answers, and every way a server
/// can fail. Each failure ends as one short message, and the next request works.
@Suite("Live geocoding and weather clients against a loopback server")
struct LiveClientFailureTests {
  private func answer(_ client: LiveClient, _ reply: LoopbackServer.Reply) async throws -> String? {
    let server = try LoopbackServer { _ in reply }
    defer { server.stop() }
    return await client.failure(server.url(client.path))
  }

  @Test("reads the recorded answer", arguments: LiveClient.allCases)
  func recordedAnswer(client: LiveClient) async throws {
    let server = try LoopbackServer { _ in .json(Fixtures.data(client.fixture)) }
    defer { server.stop() }
    #expect(
      try await client.call(server.url(client.path), HTTPClient(timeout: 120)) == client.expected)
    #expect(server.requests.map(\.path) == [client.path])
    #expect(server.requests.first?.headers["user-agent"] == "uniflow")
  }

  @Test("an API error answer carries the API's own reason", arguments: LiveClient.allCases)
  func apiErrors(client: LiveClient) async throws {
    for (file, status, message) in client.errorFixtures {
      let failure = try await answer(client, .json(Fixtures.data(file), status: status))
      #expect(failure == message, "\(file)")
    }
  }

  @Test("a server error without a body says just the status", arguments: LiveClient.allCases)
  func serverError(client: LiveClient) async throws {
    let reply = LoopbackServer.Reply.respond(status: 503, body: Data(), contentType: "text/plain")
    #expect(try await answer(client, reply) == "HTTP 503 Service Unavailable")
  }

  @Test("a body that is not JSON, or empty, is malformed", arguments: LiveClient.allCases)
  func malformedBodies(client: LiveClient) async throws {
    let html = LoopbackServer.Reply.respond(
      status: 200, body: Data("<html>down for maintenance</html>".utf8), contentType: "text/html")
    let notJSON = "malformed response: \(client.what) is not JSON"
    #expect(try await answer(client, html) == notJSON)
    #expect(try await answer(client, .json(Data())) == notJSON)
    #expect(
      try await answer(client, .json(Data("[1, 2]".utf8)))
        == "malformed response: \(client.what) is not a JSON object")
  }

  @Test("an endless body is cut off at the size limit", arguments: LiveClient.allCases)
  func endlessBody(client: LiveClient) async throws {
    let server = try LoopbackServer { _ in .endless }
    defer { server.stop() }
    let http = HTTPClient(timeout: 120, maxBytes: 64 * 1024)
    #expect(
      await client.failure(server.url(client.path), http) == "response larger than 65536 bytes")
  }

  @Test("a server too slow to answer is cut off at the timeout", arguments: LiveClient.allCases)
  func slowServer(client: LiveClient) async throws {
    let server = try LoopbackServer { _ in .silent }
    defer { server.stop() }
    let http = HTTPClient(timeout: 0.3)
    #expect(await client.failure(server.url(client.path), http) == "timed out after 0.3 s")
  }

  @Test("a refused connection names the address", arguments: LiveClient.allCases)
  func refusedConnection(client: LiveClient) async throws {
    let port = try LoopbackServer.unusedPort()
    let url = URL(string: "http://127.0.0.1:\(port)\(client.path)")!
    #expect(await client.failure(url) == "connection refused by 127.0.0.1:\(port)")
  }

  @Test("after each kind of failure the next request works", arguments: LiveClient.allCases)
  func recovers(client: LiveClient) async throws {
    let replies = Locked<[LoopbackServer.Reply]>([
      .respond(status: 500, body: Data(), contentType: "text/plain"),
      .respond(status: 200, body: Data("<html>".utf8), contentType: "text/html"),
      .json(Data()),
      .silent,
      .endless,
      .hangUp,
    ])
    let server = try LoopbackServer { _ in
      replies.withLock { $0.isEmpty ? .json(Fixtures.data(client.fixture)) : $0.removeFirst() }
    }
    defer { server.stop() }
    let http = HTTPClient(timeout: 0.5, maxBytes: 64 * 1024)
    for _ in 0..<6 {
      let message = await client.failure(server.url(client.path), http)
      #expect(message != nil && (message ?? "").count < 80, "\(message ?? "no failure")")
    }
    // A limit short enough for the silent reply above; the answer that must work gets a long one.
    let patient = HTTPClient(timeout: 120, maxBytes: 64 * 1024)
    #expect(try await client.call(server.url(client.path), patient) == client.expected)
  }
}
