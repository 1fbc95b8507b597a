import Foundation
import Testing

@testable import Console
@testable import TestSupport

/// The test `--emit-test` writes for the one-line console of `Podcast` (an app that logs no
/// dependency) is Tests/EmittedTests/PodcastSession.swift, compiled and run by the EmittedTests
/// target; it is what the committed log emits today, byte for byte.
@MainActor
@Suite("A one-line console's session emitted as a test")
struct PodcastEmittedTests {
  private static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EmittedTests")
  private static let log = directory.appendingPathComponent("Logs/Podcast/podcast.log")
  private static let emitted = directory.appendingPathComponent("PodcastSession.swift")
  private let app = ReducerConsoleApp(Podcast(), name: "podcast", version: "1.0.0")

  /// The session the committed log holds, typed as Swift.
  private static let session = """
    .added(title: "Swift Talk")
    .added(title: "Point-Free")
    .episodes(.element(id: 2, action: .downloadTapped))
    .moved(from: 1, to: 0)
    .destination(.player(episode: 2, speed: .fast))
    .rated(["Swift Talk": 5])
    """

  @Test("the committed emitted test is what the committed log emits")
  func emittedTestIsCommitted() async throws {
    if ProcessInfo.processInfo.environment["UNIFLOW_WRITE_SAMPLES"] != nil {
      try? FileManager.default.removeItem(at: Self.log)
      let session = ConsoleSession(
        app, initialState: Podcast.State(), horizon: 100, dependencies: { _ in },
        console: CapturingConsole(), isScript: true)
      #expect(session.startRecording(RecordRequest(path: Self.log.path)) == nil)
      await session.launch([])
      await session.run(
        AsyncStream { continuation in
          for line in Self.session.split(separator: "\n") { continuation.yield(String(line)) }
          continuation.finish()
        })
    }
    let console = CapturingConsole()
    let status = ConsoleReplay(app).run(
      ReplayRequest(path: Self.log.path, emitTest: ""), console: console)
    #expect(status == 0, "\(console.errors)")
    let emitted = (console.outputs.joined(separator: "\n") + "\n")
      .replacingOccurrences(
        of: "podcast replay \(Self.log.path)", with: "podcast replay podcast.log")
    if ProcessInfo.processInfo.environment["UNIFLOW_WRITE_SAMPLES"] != nil {
      try emitted.write(to: Self.emitted, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.emitted, encoding: .utf8)
    #expect(
      emitted == committed,
      "Tests/EmittedTests/PodcastSession.swift is out of date: run this test with UNIFLOW_WRITE_SAMPLES=1"
    )
  }
}
