import AppLog
import Features
import Foundation
import Store
import StoreTesting
import TestSupport
import Testing

/// Live run → log → replay gives the state the live run ended with, for generated sessions.
@MainActor
@Suite("Action log property: replay reproduces the live run")
struct ActionLogPropertyTests {
  let zones = ["Asia/Seoul", "America/New_York", "UTC", "Australia/Lord_Howe", "Pacific/Chatham"]

  @Test("for 40 seeded sessions of 150 generated actions, the replay ends on the live state")
  func replayEqualsLiveRun() async throws {
    for seed in UInt64(1)...40 {
      try await check(seed: seed, count: 150)
    }
  }

  func check(seed: UInt64, count: Int) async throws {
    let log = TemporaryFile()
    defer { log.remove() }
    // The time source answers in turn: a time, a failure, a time with a fraction of a second.
    let calls = Locked(0)
    let time = TimeClient {
      let call = calls.withLock {
        $0 += 1; return $0
      }
      switch call % 3 {
      case 0: return Date(timeIntervalSince1970: 1_795_923_912 + Double(call) * 86_399)
      case 1: throw FetchFailure(message: "timed out after 5 s (call \(call))")
      default: return Date(timeIntervalSince1970: 1_795_923_912.123456 + Double(call))
      }
    }
    let zone = TimeZone(identifier: zones[Int(seed) % zones.count])!
    let store = Store(initialState: AppState(timeZone: zone), reducer: AppReducer()) {
      $0.time = time
    }
    let recorder = try ActionLogRecorder<AppState, AppAction>(
      path: log.path, settings: [LogSetting("timeZone", zone.identifier)], state: store.state,
      snapshotEvery: 7)
    let recording = recorder.attach(to: store) { Issue.record("recording failed: \($0)") }
    store.send(.launched(at: fixtureNow))
    for action in AppActionSamples(seed: seed).prefix(count) {
      store.send(action)
      await store.settle()  // effects answer before the next action: the run is deterministic
    }
    recording.cancel()
    try recorder.finish(state: store.state)
    #expect(log.lines().contains { $0.contains(#""src":"effect""#) }, "seed \(seed): no effects")

    // Replay with dependencies that count calls: effects are off, so it must stay at zero.
    let replayCalls = Locked(0)
    let counting = TimeClient {
      replayCalls.withLock { $0 += 1 }
      return .distantPast
    }
    let replayer = try ActionLogReplayer<AppState, AppAction>(path: log.path)
    let result = try withDependencies {
      $0.time = counting
    } operation: {
      try replayer.run(verify: true, reduce: AppReducer().reduce(into:action:))
    }
    #expect(result.state == store.state, "seed \(seed)")
    #expect(result.actions == recorder.seq, "seed \(seed)")
    guard case .agreed(let checkpoint?, let snapshots, let fingerprints) = result.verification
    else {
      Issue.record("seed \(seed): \(String(describing: result.verification))")
      return
    }
    #expect(checkpoint == recorder.seq)
    #expect(snapshots == recorder.seq / 7)
    #expect(fingerprints == recorder.seq)
    #expect(replayCalls.value == 0)
  }
}
