import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import StoreTesting
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// REPL sessions drawn at random — commands, travel, `:record` and `:stop` at any moment, with
/// requests left in flight and answered in a random order by fake dependencies — recorded, and
/// every recording emitted as a test. The tests of a fixed sample are committed in
/// Tests/EmittedTests/SampledSessions1.swift, SampledSessions2.swift, … (each under
/// ``maxLines`` lines), where the EmittedTests target compiles and runs them: each must pass, as
/// every emitted test must for any log the app writes. This test draws the sample again and
/// checks the committed files are what the emitter writes for it (regenerate with
/// `UNIFLOW_WRITE_SAMPLES=1 swift test --filter SampledSessionTests`).
@MainActor
@Suite("Sampled REPL sessions emitted as tests")
struct SampledSessionTests {
  private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("EmittedTests")

  /// The most lines a committed file of the sample may have.
  static let maxLines = 390

  /// The committed file that holds the `index`th part of the sample (from 0).
  private static func golden(_ index: Int) -> URL {
    folder.appendingPathComponent("SampledSessions\(index + 1).swift")
  }

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

  /// The emitted tests of every log, as files of at most ``maxLines`` lines (a test longer than
  /// that alone gets a file of its own), each with its own preamble and helper.
  static func files(_ sources: [String]) -> [String] {
    var files: [String] = []
    var part: [String] = []
    var lines = 0
    for source in sources {
      let count = source.split(separator: "\n", omittingEmptySubsequences: false).count
      if !part.isEmpty, lines + count > maxLines {
        files.append(batch(part))
        part = []
        lines = 0
      }
      part.append(source)
      lines += count
    }
    if !part.isEmpty { files.append(batch(part)) }
    return files
  }

  /// Emitted tests as one file: the first whole, each other without the imports and helper
  /// the first has — so that many sessions compile as one file (their names differ, see
  /// `EmittedSwift.identifier`).
  static func batch(_ sources: [String]) -> String {
    guard let first = sources.first else { return "" }
    let helper = UniflowApp.testStyle.helpers.joined(separator: "\n")
    return sources.dropFirst().reduce(first) { file, source in
      var body = source
      if let start = body.range(of: "\n@MainActor\n") { body = String(body[start.lowerBound...]) }
      if body.hasSuffix(helper + "\n") {
        body = String(body.dropLast(helper.count + 2))
      }
      return file + body + "\n"
    }
  }

  /// The emitted tests of every log, one source each.
  private static func emitted(sessions: Int, seed: UInt64) async throws -> [String] {
    var random = SplitMix64(seed: seed)
    var sources: [String] = []
    for number in 1...sessions {
      for (name, text) in try await session(number, &random) {
        let log = TemporaryFile("log")
        defer { log.remove() }
        try log.write(text)
        let replayer = try ActionLogReplayer<AppState, AppAction>(path: log.path)
        var steps: [ReplayStep<AppAction>] = []
        _ = try replayer.run(reduce: AppReducer().reduce(into:action:)) {
          steps.append(ReplayStep($0))
        }
        let shortName = String(name.split(separator: "-").suffix(2).joined(separator: "-"))
        var source = ""
        let answers = try #require(UniflowApp().testAnswers)
        var work = answers.emitter(program: "uniflow").work()
        answers.write(
          for: UniflowApp(), log: shortName, start: replayer.startState, steps: steps, work: &work
        ) { source += $0 + "\n" }
        sources.append(source)
      }
    }
    return sources
  }

  @Test("their emitted tests are the committed SampledSessions files, which must pass")
  func sampleIsCommitted() async throws {
    let sources = try await Self.emitted(sessions: 40, seed: 20_261_129)
    #expect(sources.count >= 6, "too few recordings")
    let files = Self.files(sources)
    if ProcessInfo.processInfo.environment["UNIFLOW_WRITE_SAMPLES"] != nil {
      for (index, file) in files.enumerated() {
        try file.write(to: Self.golden(index), atomically: true, encoding: .utf8)
      }
      // A part the sample no longer fills would be compiled as a stale test: remove it.
      var stale = files.count
      while FileManager.default.fileExists(atPath: Self.golden(stale).path) {
        try FileManager.default.removeItem(at: Self.golden(stale))
        stale += 1
      }
    }
    for (index, file) in files.enumerated() {
      let committed = (try? String(contentsOf: Self.golden(index), encoding: .utf8)) ?? ""
      #expect(
        file == committed,
        """
        Tests/EmittedTests/\(Self.golden(index).lastPathComponent) is out of date: run \
        UNIFLOW_WRITE_SAMPLES=1 swift test --filter SampledSessionTests
        """)
    }
    #expect(
      !FileManager.default.fileExists(atPath: Self.golden(files.count).path),
      "Tests/EmittedTests/\(Self.golden(files.count).lastPathComponent) is left over: remove it")
  }
}
