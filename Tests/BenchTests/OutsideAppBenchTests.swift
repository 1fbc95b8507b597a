import ActionLog
import Foundation
import OutsideApp
import Testing

@testable import Bench
@testable import Console

/// The outside-app section at a tiny size, as CI runs it: the podcast app (public products
/// only) records, replays and takes a scripted REPL session beside the demo.
@MainActor
@Suite("uniflow-bench --only outside-app")
struct OutsideAppBenchTests {
  @Test("the section measures both apps' replay and REPL and reports them side by side")
  func tinySection() async throws {
    let figures = try await OutsideAppBench.run(actions: 2_000, commands: 200)
    for value in [
      figures.demoReplayPerSecond, figures.outsideReplayPerSecond,
      figures.demoReducerPerSecond, figures.outsideReducerPerSecond,
      figures.demoMicrosecondsPerCommand, figures.outsideMicrosecondsPerCommand,
      figures.outsideCheckMicroseconds, figures.outsideCheckMicrosecondsPerAction,
    ] {
      #expect(value.isFinite && value > 0)
    }
    #expect(figures.outsideLogBytes > 2_000 * 40)
    var report = BenchReport()
    report.addOutsideApp(figures)
    let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let section = object?["outsideApp"] as? [String: Any]
    #expect(section?["replayRatio"] as? Double != nil)
    #expect(section?["commandRatio"] as? Double != nil)
    #expect(section?["outsideReplayOverReducer"] as? Double != nil)
    // Snapshots every 64 actions (or spaced by their size), and the checkpoint.
    #expect((2_000 / 256...2_000 / 64 + 1).contains(figures.outsideStates))
    #expect(section?["outsideCheckMicrosecondsPerAction"] as? Double != nil)
    #expect(report.text().contains("podcast: its snapshot check alone, one state"))
    #expect(report.text().contains("podcast / demo (target ≥ 0.8)"))
    #expect(try BenchCommand.parse(["--only", "outside-app"]).only == ["outside-app"])
  }

  @Test("the podcast's recorded log replays and verifies to the state it recorded")
  func podcastLogVerifies() throws {
    let path = ActionLogBenchmark.temporaryPath()
    defer { unlink(path) }
    try PodcastSamples.record(5_000, to: path)
    var samples = PodcastSamples(seed: 1)
    for _ in 0..<5_000 { _ = samples.next() }
    let result = try ActionLogReplayer<Podcast.State, Podcast.Action>(path: path)
      .run(verify: true, reduce: Podcast().reduce(into:action:))
    #expect(result.state == samples.state)
    guard case .agreed(checkpointSeq: 5_000, let snapshots, _) = result.verification else {
      Issue.record("not verified: \(String(describing: result.verification))")
      return
    }
    #expect(snapshots > 50)
  }

  @Test("every command of the podcast's scripted session is one its console takes")
  func scriptedSessionIsValid() async {
    let session = ConsoleSession(
      PodcastConsoleApp(), initialState: Podcast.State(), horizon: 1_000,
      dependencies: { _ in }, console: QuietConsole(), isScript: true)
    for (number, line) in PodcastSamples.commands(2_000).enumerated() {
      _ = await session.handle(line, number: number + 1)
    }
    #expect(!session.hadErrors)
    #expect(session.store.state.episodes.count >= 8)
  }
}
