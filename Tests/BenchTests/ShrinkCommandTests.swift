import ActionLog
import AppLog
import Features
import Foundation
import PropertyTesting
import TestSupport
import Testing

@testable import Bench
@testable import Console
@testable import UniflowConsole

/// `uniflow shrink`: logs with a planted symptom among thousands of other actions.
@MainActor
@Suite("Shrinking a recorded session")
struct ShrinkCommandTests {
  private static let seoul = ShrinkWorkload.zone

  private static func write(_ actions: [AppAction], to log: TemporaryFile) throws {
    try ShrinkWorkload.write(actions, to: log.path)
  }

  private static func actions(in path: String) throws -> [AppAction] {
    var actions: [AppAction] = []
    let reader = try ActionLogReader<AppAction>(path: path)
    while let entry = try reader.next() {
      if case .action(_, _, let action) = entry { actions.append(action) }
    }
    return actions
  }

  private func shrink(_ arguments: [String]) throws -> (Int32, RecordingConsole) {
    let request = try ConsoleMain.shrinkRequest(
      arguments, app: UniflowApp(), screens: AppView.screenNames)
    let console = RecordingConsole()
    return (ConsoleShrink(UniflowApp()).run(request, console: console), console)
  }

  @Test("three planted actions among 3,000 are found exactly; the log written replays to them")
  func plantedAmongThousands() async throws {
    for seed in 0..<4 {
      await Task.yield()  // let the main actor go between seeds: other tests' effects need it
      let actions = ShrinkWorkload.actions(count: 3_000, seed: UInt64(seed))
      let planted = ShrinkWorkload.planted
      let log = TemporaryFile()
      let small = TemporaryFile()
      defer {
        log.remove()
        small.remove()
      }
      try Self.write(actions, to: log)
      let (status, console) = try shrink([
        log.path, "--until", "Busan .* Overcast", "--screen", "weather", "--output", small.path,
        "--force",
      ])
      #expect(status == 0, "seed \(seed): \(console.errors)")
      #expect(try Self.actions(in: small.path) == planted, "seed \(seed)")
      #expect(console.outputs.first?.hasPrefix("3004 actions → 3 actions in ") == true)
      #expect(console.outputs.last == "weather: Busan · Sunday, Nov 29 · Overcast - 41℉")
      let replay = try ActionLogReplayer<AppState, AppAction>(path: small.path).run(
        verify: true, reduce: AppReducer().reduce(into:action:))
      guard case .agreed(_?, _, _) = replay.verification else {
        Issue.record("the shrunk log does not verify: \(String(describing: replay.verification))")
        return
      }
    }
  }

  @Test("whatever the log, the result still shows the line and loses it without any one action")
  func oneMinimal() async throws {
    // The clock's final year as the symptom: every move counts, and many subsets reach it.
    let reducer = AppReducer()
    func finalClock(_ actions: [AppAction]) -> String {
      var state = AppState(timeZone: Self.seoul)
      for action in actions { _ = reducer.reduce(into: &state, action: action) }
      return AppView(state: state).screens[0].rendered
    }
    for seed in 0..<6 {
      await Task.yield()
      var random = SplitMix64(seed: UInt64(100 + seed))
      let actions =
        [AppAction.launched(at: fixtureNow)]
        + (0..<400).map { _ in AppAction.clock(.moveDay(Int.random(in: -40...60, using: &random))) }
      let year = String(finalClock(actions).prefix(12))  // "clock: 2037년"
      let log = TemporaryFile()
      let small = TemporaryFile()
      defer {
        log.remove()
        small.remove()
      }
      try Self.write(actions, to: log)
      let (status, _) = try shrink([log.path, "--until", year, "--output", small.path, "--force"])
      #expect(status == 0)
      let core = try Self.actions(in: small.path)
      #expect(finalClock(core).hasPrefix(year), "seed \(100 + seed)")
      #expect(core.count < actions.count)
      for index in core.indices {
        var without = core
        without.remove(at: index)
        #expect(
          !finalClock(without).hasPrefix(year),
          "seed \(100 + seed): action \(index + 1) of \(core.count)")
      }
    }
  }

  @Test("shrink's options take their value after = as well; --help prints shrink's own usage")
  func optionForms() async throws {
    let parsed = try ConsoleMain.shrinkRequest(
      ["s.log", "--until=rex · not born", "--output=small.log", "--screen=dog"], app: UniflowApp(),
      screens: AppView.screenNames)
    #expect(
      parsed
        == ShrinkRequest(
          path: "s.log", pattern: "rex · not born", screen: "dog", output: "small.log"))
    let help = try await UniflowBinary.run(["shrink", "--help"], input: "")
    #expect(help.status == 0)
    #expect(help.stdout.hasPrefix("Usage: uniflow shrink LOG --until REGEX"))
  }

  @Test("a log that does not show the line, a bad pattern or an existing output is refused")
  func refusals() throws {
    let log = TemporaryFile()
    let existing = TemporaryFile()
    defer {
      log.remove()
      existing.remove()
    }
    try Self.write([.launched(at: fixtureNow)], to: log)
    try existing.write("keep me\n")
    let (missing, noLine) = try shrink([log.path, "--until", "Busan", "--output", "/tmp/x.log"])
    #expect(missing == 1)
    #expect(
      noLine.errors == [
        "uniflow: \(log.path): no screen the log's replay ends on matches 'Busan', so there is "
          + "nothing to shrink (uniflow replay \(log.path) prints those screens)"
      ])
    let (bad, pattern) = try shrink([log.path, "--until", "(", "--output", "/tmp/x.log"])
    #expect(bad == 2)
    #expect(
      pattern.errors.first?.hasPrefix("uniflow: --until '(' is not a regular expression") == true)
    let (kept, output) = try shrink([log.path, "--until", "clock", "--output", existing.path])
    #expect(kept == 2)
    #expect(
      output.errors == [
        "uniflow: \(existing.path): already exists; choose another --output or add --force to "
          + "overwrite it"
      ])
    #expect(existing.lines() == ["keep me"])
    #expect(throws: ArgumentError("--screen takes one of clock, dog, weather, not 'cat'")) {
      try ConsoleMain.shrinkRequest(
        [log.path, "--until", "x", "--screen", "cat", "--output", "o"], app: UniflowApp(),
        screens: AppView.screenNames)
    }
    #expect(
      throws: ArgumentError(
        "shrink needs the symptom, a screen line to look for: uniflow shrink LOG --until REGEX "
          + "[--screen NAME] --output OUT")
    ) {
      try ConsoleMain.shrinkRequest(
        [log.path, "--output", "o"], app: UniflowApp(), screens: AppView.screenNames)
    }
  }
}
