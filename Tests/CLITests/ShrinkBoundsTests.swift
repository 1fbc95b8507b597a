import ActionLog
import AppLog
import Features
import Foundation
import TestSupport
import Testing

@testable import Bench
@testable import Console
@testable import UniflowConsole

/// `uniflow shrink` on logs that make it work hard: every action needed, a replay or time limit,
/// Ctrl-C.
@MainActor
@Suite("Shrink's bounds")
struct ShrinkBoundsTests {
  /// A log of the launch and `count` tomorrows: the symptom (the last day) needs every one.
  private static func tomorrows(_ count: Int, to log: TemporaryFile) throws -> String {
    let actions =
      [AppAction.launched(at: fixtureNow)]
      + Array(repeating: AppAction.clock(.moveDay(1)), count: count)
    try ShrinkWorkload.write(actions, to: log.path)
    let reducer = AppReducer()
    var state = AppState(timeZone: ShrinkWorkload.zone)
    for action in actions { _ = reducer.reduce(into: &state, action: action) }
    return AppView(state: state).screens[0].rendered
  }

  private func shrink(
    _ arguments: [String], elapsed: (() -> Double)? = nil
  ) throws -> (Int32, RecordingConsole, String) {
    let request = try UniflowArguments.shrink(arguments)
    let console = RecordingConsole()
    let status = ConsoleShrink(UniflowApp()).run(request, console: console, elapsed: elapsed)
    return (status, console, request.output)
  }

  /// Shrinks a log of 300 tomorrows (the symptom needs them all) with `options` added.
  private func shrinkTomorrows(_ options: [String], elapsed: (() -> Double)? = nil) throws -> (
    Int32, RecordingConsole, String
  ) {
    let log = TemporaryFile()
    let small = TemporaryFile()
    defer {
      log.remove()
      small.remove()
    }
    let line = try Self.tomorrows(300, to: log)
    let result = try shrink(
      [log.path, "--until", String(line.dropFirst(7)), "--output", small.path, "--force"]
        + options, elapsed: elapsed)
    #expect(FileManager.default.fileExists(atPath: small.path))
    return result
  }

  private static func replays(_ console: RecordingConsole) -> Int? {
    console.outputs.first?.split(separator: " ").compactMap { Int($0) }.last
  }

  @Test("when every action is needed, 10 and 100 times more actions take about 3 replays each")
  func everyActionNeeded() throws {
    for count in [40, 400] {
      let log = TemporaryFile()
      let small = TemporaryFile()
      defer {
        log.remove()
        small.remove()
      }
      let line = try Self.tomorrows(count, to: log)
      let (status, console, _) = try shrink([
        log.path, "--until", String(line.dropFirst(7)), "--output", small.path, "--force",
      ])
      #expect(status == 0)
      #expect(console.errors.isEmpty)
      let replays = try #require(Self.replays(console))
      #expect(replays <= 3 * (count + 1) + 2, "\(count) tomorrows: \(replays) replays")
    }
  }

  @Test("--max-replays stops early, writes the smallest log so far and says why")
  func maxReplays() throws {
    let (status, console, output) = try shrinkTomorrows(["--max-replays", "5"])
    #expect(status == 0)
    #expect(Self.replays(console) == 6)  // 5 in the search and the one that checks the log
    #expect(
      console.errors == [
        "uniflow: warning: the search stopped early, after 5 replays (--max-replays 5): "
          + "\(output) is the smallest log found so far and may not be 1-minimal; shrink it "
          + "again to go on"
      ])
  }

  @Test("--timeout stops at the deadline of the clock it is given")
  func timeout() throws {
    var seconds = 0.0
    let (status, console, _) = try shrinkTomorrows(["--timeout", "10"]) {
      seconds += 1
      return seconds
    }
    #expect(status == 0)
    #expect(Self.replays(console) == 10)  // asked 10 times: 9 runs, the 10th is at the deadline
    #expect(console.errors.first?.contains("after 10 s (--timeout 10)") == true)
  }

  @Test("a search that takes a while says how far it has got, and clears that before its result")
  func progress() throws {
    var seconds = 0.0
    let (status, console, _) = try shrinkTomorrows([]) {
      seconds += 1
      return seconds
    }
    #expect(status == 0)
    let shown = console.statuses.compactMap { $0 }
    #expect(shown.count > 10)
    #expect(shown.first == "uniflow: shrinking: 2 replays, 301 actions → 301 actions so far")
    #expect(console.statuses.last == .some(nil))
    #expect(console.outputs.first?.hasPrefix("301 actions → 301 actions in ") == true)
  }

  @Test("Ctrl-C during the search stops it, keeps the best so far, and ends the catching")
  func interrupt() throws {
    var asked = 0
    let (status, console, _) = try shrinkTomorrows([]) {
      asked += 1
      if asked == 3 { Interruption.request() }
      return 0
    }
    #expect(status == 0)
    #expect(console.errors.first?.contains("stopped early, at Ctrl-C") == true)
    #expect(!Interruption.requested)
  }

  @Test("while catching, SIGINT sets the request instead of ending the process; afterwards not")
  func signalHandler() {
    let caught = Interruption.catching { () -> Bool in
      // This thread may block SIGINT (test runners do): unblock it so raise delivers here.
      var set = sigset_t()
      var old = sigset_t()
      sigemptyset(&set)
      sigaddset(&set, SIGINT)
      pthread_sigmask(SIG_UNBLOCK, &set, &old)
      raise(SIGINT)
      pthread_sigmask(SIG_SETMASK, &old, nil)
      return Interruption.requested
    }
    #expect(caught)
    #expect(!Interruption.requested)
  }

  @Test("--max-replays and --timeout take whole numbers from 1")
  func badLimits() {
    #expect(
      throws: ArgumentError("--max-replays takes a whole number from 1 to 1000000000, not '0'")
    ) {
      try UniflowArguments.shrink(["s.log", "--until", "x", "--output", "o", "--max-replays", "0"])
    }
    #expect(
      throws: ArgumentError("--timeout takes a whole number from 1 to 1000000000, not 'soon'")
    ) { try UniflowArguments.shrink(["s.log", "--until", "x", "--output", "o", "--timeout=soon"]) }
  }
}
