import Foundation
import TestSupport
import Testing

/// End-to-end: a recording process killed with SIGKILL, then its log replayed.
@Suite("Recording survives kill -9")
struct CrashRecordingTests {
  @Test("after kill -9 the log holds every action handled before it, and replays to that screen")
  func killMidSession() async throws {
    try await withProcessSlot {
      let log = TemporaryFile()
      defer { log.remove() }
      let running = try RunningUniflow(
        ["--offline", "--time-zone", "UTC", "--no-default-location", "--record", log.path],
        environment: fixedNow)
      running.send("tomorrow\ntomorrow\nmoveDay 5\n")
      // header + launched + three moves; the pipe stays open, so the session is still running.
      try await waitUntil("the log holds the 4 actions") { log.lines().count >= 5 }
      try await waitUntil("the session printed the last move") {
        running.stdout.contains("2026년 12월 06일")
      }
      await running.kill()
      #expect(running.terminationStatus == SIGKILL)
      #expect(log.lines().count == 5)  // no checkpoint: the session never ended

      let replay = try await UniflowBinary.run(["replay", log.path])
      #expect(replay.status == 0)
      #expect(replay.lines(of: "clock") == ["clock: 2026년 12월 06일 03시 45분"])
      #expect(replay.stderr.isEmpty)

      // Each action line's state fingerprint stands in for the missing checkpoint.
      let verify = try await UniflowBinary.run(["replay", log.path, "--verify"])
      #expect(verify.status == 0)
      #expect(
        verify.stderr
          == "uniflow: verified: the replay reproduces the state after each of the log's 4 actions "
          + "and its 0 snapshots; the log has no checkpoint (the recording did not end cleanly), so "
          + "the last action's fingerprint stood for it\n")

      // Without fingerprints (a log edited by hand, say) the final state cannot be checked.
      try log.write(log.lines().map(\.withoutFingerprint).joined(separator: "\n") + "\n")
      let unverifiable = try await UniflowBinary.run(["replay", log.path, "--verify"])
      #expect(unverifiable.status == 1)
      #expect(
        unverifiable.stderr
          == "uniflow: \(log.path): cannot verify the final state: the log has no checkpoint (the "
          + "recording did not end cleanly) and not every action carries a state fingerprint; the "
          + "log's 0 snapshots agree\n")
    }
  }

  /// Starts uniflow recording to `log`, pointed by `options` at a server that never answers,
  /// types `input`, and once the server has the request and the log has `lines` lines, kills
  /// it. Returns the server, still running, for the caller to check and stop.
  private func killWhileWaiting(
    _ options: (LoopbackServer) -> [String], input: String, lines: Int, log: TemporaryFile
  ) async throws -> LoopbackServer {
    let server = try LoopbackServer { _ in .silent }
    let running = try RunningUniflow(
      ["--time-zone", "UTC", "--http-timeout", "600", "--no-default-location"]
        + options(server) + ["--record", log.path],
      environment: fixedNow)
    running.send(input)
    try await waitUntil("the server got the request") { server.requests.count == 1 }
    try await waitUntil("the log holds \(lines) lines") { log.lines().count >= lines }
    await running.kill()
    return server
  }

  @Test("a request that never resolves: killed while loading, the replay shows Loading..")
  func killWhileLoading() async throws {
    try await withProcessSlot {
      let log = TemporaryFile()
      defer { log.remove() }
      let server = try await killWhileWaiting(
        { ["--time-url", $0.url("/now").absoluteString] }, input: "tomorrow\nreload\n",
        lines: 4, log: log)
      defer { server.stop() }
      #expect(
        log.lines().last?.withoutFingerprint
          == #"{"seq":3,"src":"sent","action":"clock.reload","cause":"line 2"}"#)

      let replay = try await UniflowBinary.run(["replay", "--trace", log.path])
      #expect(replay.status == 0)
      #expect(replay.lines(of: "clock").last == "clock: Loading..")
      #expect(server.requests.count == 1)
    }
  }

  @Test("a location whose lookup never resolves: killed while loading, the replay shows it")
  func locationNeverResolves() async throws {
    try await withProcessSlot {
      let log = TemporaryFile()
      defer { log.remove() }
      let server = try await killWhileWaiting(
        { ["--geocoder-url", $0.url("/v1/search").absoluteString] },
        input: "changeLocation Atlantis\n", lines: 3, log: log)
      defer { server.stop() }
      #expect(
        log.lines().last?.withoutFingerprint
          == #"{"seq":2,"src":"sent","action":"weather.changeLocation","name":"Atlantis","cause":"line 1"}"#
      )
      let replay = try await UniflowBinary.run(["replay", log.path])
      #expect(replay.status == 0)
      #expect(replay.lines(of: "weather") == ["weather: Loading..."])
    }
  }
}
