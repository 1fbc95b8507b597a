import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import StoreTesting
import TestSupport
import Testing

@testable import CLI

/// REPL sessions drawn at random — commands, travel, `:record` and `:stop` at any moment, with
/// requests left in flight and answered in a random order by fake dependencies — recorded, and
/// every recording emitted as a test. The tests of a fixed sample are committed in
/// Tests/EmittedTests/SampledSessions.swift, where the EmittedTests target compiles and runs
/// them: each must pass, as every emitted test must for any log the app writes. This test
/// draws the sample again and checks the committed file is what the emitter writes for it
/// (regenerate with `UNIFLOW_WRITE_SAMPLES=1 swift test --filter SampledSessionTests`).
@MainActor
@Suite("Sampled REPL sessions emitted as tests")
struct SampledSessionTests {
  private static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EmittedTests/SampledSessions.swift")

  private static let commands = [
    "tomorrow", "yesterday", "moveDay 3", "reload", "reload", "changeLocation Seoul",
    "changeLocation Busan", "changeLocation Qqqzzx", "adopt rex 2020-02-29 pug", "dog poodle",
    ":back 1", ":back 3", ":forward 1", ":undo",
  ]

  /// One session drawn from `random`; the logs it recorded, as (name, text).
  private static func session(_ number: Int, _ random: inout SplitMix64) async throws
    -> [(String, String)]
  {
    let time = Answers<Date>(timeout: .seconds(5))
    let places = Answers<[Place]>(timeout: .seconds(5))
    let weather = Answers<WeatherReport>(timeout: .seconds(5))
    var options = Options()
    options.timeZone = TimeZone(identifier: "Asia/Seoul")!
    options.showsDefaultLocation = false
    let session = Session(
      options: options,
      dependencies: {
        $0.time = TimeClient { try await time.next() }
        $0.geocoder = GeocodingClient { _ in try await places.next() }
        $0.weather = WeatherClient { _ in try await weather.next() }
      },
      console: RecordingConsole(), isScript: false)
    await session.launch(at: fixtureNow)
    var logs: [TemporaryFile] = []
    var line = 0
    /// Waits until every request in flight has called its dependency: a call waits for each
    /// loading screen, and only for those (cancelled calls stop waiting).
    func callsMade() async {
      let state = { session.store.state }
      var turns = 0
      while turns < 100_000,
        time.waitingCalls != (state().clock.isLoading ? 1 : 0)
          || places.waitingCalls != (state().weather.status == .geocoding ? 1 : 0)
          || weather.waitingCalls
            != (state().weather.isLoading
              && state().weather.status != .geocoding ? 1 : 0)
      {
        await Task.yield()
        turns += 1
      }
      #expect(turns < 100_000, "session \(number): a request never called its dependency")
    }
    for _ in 0..<(8 + random.below(10)) {
      await callsMade()
      line += 1
      let recording = session.recording != nil
      switch random.below(10) {
      case 0 where !recording:
        let log = TemporaryFile("sample\(number)-\(logs.count + 1).log")
        logs.append(log)
        _ = await session.handle(":record \(log.path)", number: line)
      case 1 where recording:
        _ = await session.handle(":stop", number: line)
      case 2, 3, 4:
        // An answer to the oldest call of one of the dependencies waiting, if any is.
        let before = session.history.count
        let waiting = [time.waitingCalls, places.waitingCalls, weather.waitingCalls]
        let choices = waiting.indices.filter { waiting[$0] > 0 }
        guard !choices.isEmpty else { continue }
        let fails = random.below(4) == 0
        switch choices[random.below(choices.count)] {
        case 0:
          await time.answer(
            fails ? .failure(FetchFailure(message: "offline")) : .success(fixtureNow))
        case 1:
          await places.answer(
            fails
              ? .success([])
              : .success([
                Place(
                  name: "Seoul", countryCode: "KR", latitude: 37.5, longitude: 127,
                  timeZone: "Asia/Seoul")
              ]))
        default:
          await weather.answer(
            fails
              ? .failure(FetchFailure(message: "HTTP 503"))
              : .success(
                WeatherReport(
                  time: fixtureNow, temperatureF: 41.3, description: "Overcast",
                  iconName: "c04d", timeZone: "Asia/Seoul")))
        }
        // The answer reaches the store through the effect's task: wait for its action.
        var turns = 0
        while session.history.count == before, turns < 100_000 {
          await Task.yield()
          turns += 1
        }
        #expect(session.history.count > before, "session \(number): an answer was never handled")
      default:
        _ = await session.handle(
          commands[random.below(commands.count)], number: line)
      }
    }
    session.finish()
    defer { for log in logs { log.remove() } }
    return try logs.map { log in
      (URL(fileURLWithPath: log.path).lastPathComponent, try log.read())
    }
  }

  /// The emitted tests of every log, as one file.
  private static func emitted(sessions: Int, seed: UInt64) async throws -> String {
    var random = SplitMix64(seed: seed)
    var sources: [String] = []
    for number in 1...sessions {
      for (name, text) in try await session(number, &random) {
        let log = TemporaryFile("log")
        defer { log.remove() }
        try log.write(text)
        let replayer = try ActionLogReplayer<AppState, AppAction>(path: log.path)
        var steps: [ReplayVariants.Step] = []
        _ = try replayer.run(reduce: AppReducer().reduce(into:action:)) {
          steps.append(ReplayVariants.Step($0))
        }
        let shortName = String(name.split(separator: "-").suffix(2).joined(separator: "-"))
        sources.append(
          TestEmitter(name: shortName, startState: replayer.startState, steps: steps).source())
      }
    }
    return TestEmitter.batch(sources)
  }

  @Test("their emitted tests are the committed SampledSessions.swift, which must pass")
  func sampleIsCommitted() async throws {
    let source = try await Self.emitted(sessions: 40, seed: 20_261_129)
    #expect(source.components(separatedBy: "@Test(").count - 1 >= 6, "too few recordings")
    if ProcessInfo.processInfo.environment["UNIFLOW_WRITE_SAMPLES"] != nil {
      try source.write(to: Self.golden, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: Self.golden, encoding: .utf8)
    #expect(
      source == committed,
      """
      Tests/EmittedTests/SampledSessions.swift is out of date: run \
      UNIFLOW_WRITE_SAMPLES=1 swift test --filter SampledSessionTests
      """)
  }
}
