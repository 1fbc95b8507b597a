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

  @Test("a request that never resolves: killed while loading, the replay shows Loading..")
  func killWhileLoading() async throws {
    try await withProcessSlot {
      let server = try LoopbackServer { _ in .silent }
      defer { server.stop() }
      let log = TemporaryFile()
      defer { log.remove() }
      let running = try RunningUniflow(
        [
          "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
          "--http-timeout", "600", "--no-default-location", "--record", log.path,
        ],
        environment: fixedNow)
      running.send("tomorrow\nreload\n")
      try await waitUntil("the server got the request") { server.requests.count == 1 }
      try await waitUntil("the log holds launched, tomorrow and reload") { log.lines().count >= 4 }
      await running.kill()
      #expect(
        log.lines().last?.withoutFingerprint == #"{"seq":3,"src":"sent","action":"clock.reload"}"#)

      let replay = try await UniflowBinary.run(["replay", "--trace", log.path])
      #expect(replay.status == 0)
      #expect(replay.lines(of: "clock").last == "clock: Loading..")
      #expect(server.requests.count == 1)
    }
  }

  @Test("a location whose lookup never resolves: killed while loading, the replay shows it")
  func locationNeverResolves() async throws {
    try await withProcessSlot {
      let server = try LoopbackServer { _ in .silent }
      defer { server.stop() }
      let log = TemporaryFile()
      defer { log.remove() }
      let running = try RunningUniflow(
        [
          "--time-zone", "UTC", "--geocoder-url", server.url("/v1/search").absoluteString,
          "--http-timeout", "600", "--no-default-location", "--record", log.path,
        ],
        environment: fixedNow)
      running.send("changeLocation Atlantis\n")
      try await waitUntil("the geocoder got the request") { server.requests.count == 1 }
      try await waitUntil("the log holds launched and changeLocation") { log.lines().count >= 3 }
      await running.kill()
      #expect(
        log.lines().last?.withoutFingerprint
          == #"{"seq":2,"src":"sent","action":"weather.changeLocation","name":"Atlantis"}"#)
      let replay = try await UniflowBinary.run(["replay", log.path])
      #expect(replay.status == 0)
      #expect(replay.lines(of: "weather") == ["weather: Loading..."])
    }
  }
}
