import Foundation
import Store
import TestSupport
import Testing

/// End to end: a Weatherbit server that echoes the request back, in capitals and percent-encoded,
/// cannot put the key on a screen, in `:state`, in `--json`, in the recorded log or in `--trace`.
@Suite("The key never echoes, end to end")
struct KeyLeakTests {
  /// A fake key, computed at run time: not a real key.
  static let key = String((0..<32).map { Array("0123456789abcdef")[($0 * 11 + 5) % 16] })

  /// Whether `text`, percent-decoded (twice) and lowercased, holds eight characters of the key in
  /// a row.
  func leaks(_ text: String) -> Bool {
    var decoded = text
    for _ in 0..<2 { decoded = decoded.removingPercentEncoding ?? decoded }
    let haystack = decoded.lowercased()
    let key = Array(Self.key)
    return (0...(key.count - 8)).contains { haystack.contains(String(key[$0..<($0 + 8)])) }
  }

  @Test("an echoing server's errors and answers reach no output and no log with the key")
  func echoingServer() async throws {
    let calls = Locked(0)
    let server = try LoopbackServer { request in
      let call = calls.withLock {
        $0 += 1
        return $0
      }
      let echo = call % 2 == 1 ? request.target.uppercased() : request.target
      if call % 2 == 1 {
        let body = try? JSONSerialization.data(withJSONObject: ["error": "denied: " + echo])
        return .json(body ?? Data(), status: 403)
      }
      let answer: [String: Any] = [
        "data": [
          [
            "temp": 41.3, "ts": 1_795_923_912, "pod": "d", "timezone": "Asia/Seoul",
            "weather": ["code": 9_999, "description": echo, "icon": "c04d"],
          ]
        ]
      ]
      return .json((try? JSONSerialization.data(withJSONObject: answer)) ?? Data())
    }
    defer { server.stop() }
    let log = TemporaryFile()
    defer { log.remove() }
    for json in [false, true] {
      let result = try await UniflowBinary.run(
        [
          "--no-default-location", "--time-zone", "UTC", "--weather-provider", "weatherbit",
          "--weather-url", server.url("/v2.0/current").absoluteString, "--record", log.path,
          "--force", "--http-timeout", "600",
        ] + (json ? ["--json"] : []),
        input: "changeLocation Seoul\nchangeLocation Seoul\n:state\n:history\n",
        environment: fixedNow.merging(["WEATHERBIT_API_KEY": Self.key]) { $1 })
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout.contains("[key]"), "\(result.stdout)")
      #expect(!leaks(result.stdout + result.stderr), "\(result.stdout)")
      #expect(!leaks(try log.read()))
      let trace = try await UniflowBinary.run(["replay", "--trace", "--verify", log.path])
      #expect(trace.status == 0, "\(trace.stderr)")
      #expect(!leaks(trace.stdout + trace.stderr))
    }
    #expect(server.requests.allSatisfy { $0.query["key"] == Self.key })
  }
}
