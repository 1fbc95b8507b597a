import Foundation
import TestSupport
import Testing

/// End-to-end: `uniflow replay` on logs that are wrong. Each is one line on stderr naming the
/// file and line, exit status 2, and nothing on stdout.
@Suite("Replay of bad logs")
struct BadLogReplayTests {
  let header =
    #"{"format":"uniflow-action-log","version":1,"app":"uniflow 0.1.0","timeZone":"UTC","#
    + #""locale":"en_001","state":{"clock":{"anchor":"1970-01-01T00:00:00Z","dayOffset":0,"#
    + #""isLoading":false,"request":0,"timeZone":{"identifier":"UTC"}},"dog":{"dogs":[]},"#
    + #""weather":{"request":0,"status":{"idle":{}}}}}"#
  let launched = #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}"#
  let tomorrow = #"{"seq":2,"src":"sent","action":"clock.moveDay","days":1}"#

  /// Replays, with `options` such as `--trace`, a log made of `lines` (each ended by a newline
  /// unless `tail` says otherwise).
  func replay(_ lines: [String], tail: String = "", options: [String] = []) async throws -> (
    UniflowBinary.Result, String
  ) {
    let log = TemporaryFile()
    defer { log.remove() }
    try log.write(lines.map { $0 + "\n" }.joined() + tail)
    let result = try await UniflowBinary.run(["replay"] + options + [log.path])
    return (result, log.path)
  }

  @Test("a missing file")
  func missingFile() async throws {
    let result = try await UniflowBinary.run(["replay", "/nonexistent/session.log"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr
        == "uniflow: /nonexistent/session.log: no such file; give the path of a log written by "
        + "--record or :record\n")
  }

  @Test(
    "each bad log is one line naming the file and line, exit 2, nothing on stdout",
    arguments: [
      (
        ["hello, world"],
        #":1: not a uniflow action log: its first line should be a header such as "#
          + #"{"format":"uniflow-action-log","version":1,…}"#
      ),
      (
        [#"{"format":"uniflow-action-log","version":9,"state":{}}"#],
        ":1: log format version 9 is not supported; this uniflow reads versions 1 and 2"
      ),
      (
        ["HEADER", #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z""#],
        ":2:70: the line ends inside the object: expected ',' or '}'"
      ),
      (
        ["HEADER", #"{"seq":1,"src":"sent","action":"clock.frobnicate"}"#],
        #":2:32: unknown action "clock.frobnicate"; this uniflow knows launched, "#
          + "clock.reload, clock.moveDay, clock.timeResponse, clock.cancel, dog.show, dog.adopt, "
          + "weather.changeLocation, weather.geocodeResponse, weather.weatherResponse, "
          + "weather.cancel, restored"
      ),
      (
        ["HEADER", #"{"seq":1,"src":"sent","action":"clock.moveDay","days":"one"}"#],
        #":2:55: "days" should be a whole number, not a string ("one")"#
      ),
      (
        ["HEADER", "LAUNCHED", #"{"seq":4,"src":"sent","action":"clock.reload"}"#],
        ":3:8: seq 4 follows seq 1: seq 2 to 3 are missing (a gap)"
      ),
      (
        ["HEADER", "LAUNCHED", "TOMORROW", #"{"seq":2,"src":"sent","action":"clock.reload"}"#],
        ":4:8: seq 2 follows seq 2: out of order (each action's seq is one more than the last "
          + "one's)"
      ),
      (
        ["HEADER", "LAUNCHED", #"{"seq":2,"src":"sent","action":"clock.reload","extra":1}"#],
        #":3:47: unexpected field "extra" (in "clock.reload"); remove it"#
      ),
      (
        [#"{"format":"uniflow-action-log","version":1,"timeZone":"Mars/Olympus","state":{}}"#],
        ":1: the header's state does not fit this uniflow's state (clock is missing); was the "
          + "log written by another version?"
      ),
    ])
  func badLog(lines: [String], message: String) async throws {
    let expanded = lines.map {
      $0.replacingOccurrences(of: "HEADER", with: header)
        .replacingOccurrences(of: "LAUNCHED", with: launched)
        .replacingOccurrences(of: "TOMORROW", with: tomorrow)
    }
    let (result, path) = try await replay(expanded)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "uniflow: \(path)\(message)\n")
  }

  @Test("a bad line after a --trace has begun still prints nothing: the log is checked first")
  func traceChecksFirst() async throws {
    let (result, path) = try await replay(
      [header, launched, tomorrow, "{oops}"], options: ["--trace"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "uniflow: \(path):4:2: expected a field name in double quotes\n")
  }

  @Test("a torn last line: a warning, then everything before it is replayed")
  func tornLastLine() async throws {
    let (result, path) = try await replay(
      [header, launched, tomorrow], tail: #"{"seq":3,"src":"sent","action":"clock.mo"#)
    #expect(result.status == 0)
    #expect(result.lines(of: "clock") == ["clock: 2026년 11월 30일 03시 45분"])
    #expect(
      result.stderr
        == "uniflow: warning: \(path):4: the last line is cut off (the recording was "
        + "interrupted); replayed the 2 actions before it\n")
  }

  @Test("a header with an unknown time zone")
  func unknownTimeZone() async throws {
    let bad = header.replacingOccurrences(
      of: #""timeZone":"UTC""#, with: #""timeZone":"Mars/Base""#)
    let (result, path) = try await replay([bad])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "uniflow: \(path):1: the header's time zone 'Mars/Base' is unknown to this system's "
        + "time zone database\n")
  }
}
