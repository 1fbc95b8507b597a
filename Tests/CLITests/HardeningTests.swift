import Foundation
import StoreTesting
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// The defects an outside attack found (issue 12), each through the built `uniflow` where the
/// path exists: a one-line message and a clean exit where there was a trap, a hang or a wrong
/// value.
@Suite("Hardening: what the attack found")
struct HardeningTests {
  static let header =
    #"{"format":"uniflow-action-log","version":1,"timeZone":"UTC","state":{"clock":{"#
    + #""anchor":"1970-01-01T00:00:00Z","dayOffset":0,"isLoading":false,"request":REQUEST,"#
    + #""timeZone":{"identifier":"UTC"}},"dog":{"dogs":DOGS},"weather":{"request":LOOKUPS,"#
    + #""status":{"idle":{}}}}}"#
  static let launched = #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}"#

  func header(request: String = "0", lookups: String = "0", dogs: String = "[]") -> String {
    Self.header.replacingOccurrences(of: "REQUEST", with: request)
      .replacingOccurrences(of: "LOOKUPS", with: lookups).replacingOccurrences(
        of: "DOGS", with: dogs)
  }

  /// Replays a log of `lines` with `options`.
  func replay(_ lines: [String], _ options: [String] = []) async throws -> (
    UniflowBinary.Result, String
  ) {
    let log = TemporaryFile()
    defer { log.remove() }
    try log.write(lines.map { $0 + "\n" }.joined())
    return (try await UniflowBinary.run(["replay"] + options + [log.path]), log.path)
  }

  @Test("moveDay -9223372036854775808 is one error line, not a trap")
  func moveDayIntMin() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location", "--time-zone", "Asia/Seoul"],
      input: "moveDay -9223372036854775808\nmoveDay 9223372036854775808\ntomorrow\n",
      environment: fixedNow)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "line 1: moveDay -9223372036854775808 is more than 100 years (column 9) — use a number "
          + "from -36525 to 36525",
        "line 2: '9223372036854775808' is out of range (column 9) — e.g. moveDay -1",
      ])
    #expect(result.lines(of: "clock").last == "clock: 2026년 11월 30일 12시 45분")
  }

  @Test("moveDay with any integer, however large, parses to a move or to an error, never a trap")
  func moveDayAnyInteger() {
    let digits = Gen.element(of: Array("0123456789")).array(count: 1...25).map { String($0) }
    let numbers = Gen.oneOf(
      Gen.int.map(String.init), digits, digits.map { "-" + $0 }, digits.map { "+" + $0 },
      Gen.element(of: ["-9223372036854775808", "9223372036854775807", "-9223372036854775809"]))
    forAll(numbers, .examples(1_000)) { number in
      switch Result(catching: { () throws(CommandError) in
        try UniflowApp().command("moveDay \(number)")
      }) {
      case .success(.action(.clock(.moveDay(let days)))): return days.magnitude <= 36_525
      case .success: return false
      case .failure(let error): return error.column == 9
      }
    }
  }

  @Test("request counters at Int.max in a log's state, then a reload: replayed, not a trap")
  func countersAtIntMax() async throws {
    let max = String(Int.max)
    for options in [[], ["--verify"], ["--trace"], ["--until", "3"]] {
      let (result, _) = try await replay(
        [
          header(request: max, lookups: max), Self.launched,
          #"{"seq":2,"src":"sent","action":"clock.reload"}"#,
          #"{"seq":3,"src":"sent","action":"weather.changeLocation","name":"Seoul"}"#,
        ], options)
      #expect(result.status == (options == ["--verify"] ? 1 : 0), "\(options): \(result.stderr)")
      #expect(result.lines(of: "clock").last == "clock: Loading..")
      #expect(result.lines(of: "weather").last == "weather: Loading...")
    }
  }

  @Test("a dog born in the year -9223372036854775807 in a log is refused with one line")
  func ancientDog() async throws {
    let dog =
      #"[{"birthday":"-9223372036854775807-01-01","breed":"pug","imageName":"pug.jpeg","name":"x"}]"#
    for options in [[], ["--verify"], ["--trace"]] {
      let (result, path) = try await replay([header(dogs: dog), Self.launched], options)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(
        result.stderr
          == "uniflow: \(path):1: the header's state is invalid: dog.dogs[0].birthday is in the "
          + "year -9223372036854775807, outside the years -9999…9999\n")
    }
  }

  @Test(
    "instants that are not real or out of range in a log are refused, in every mode",
    arguments: [
      (
        #"{"seq":1,"src":"sent","action":"launched","at":1e999}"#,
        #":2:48: "at" is out of range for a number: 1e999"#
      ),
      (
        #"{"seq":1,"src":"sent","action":"launched","at":1e300}"#,
        #":2:48: "at" is after the year 9999"#
      ),
      (
        #"{"seq":1,"src":"effect","action":"clock.timeResponse","request":0,"ok":-1e300}"#,
        #":2:72: "ok" is before the year 0001"#
      ),
      (
        #"{"seq":1,"src":"sent","action":"launched","at":"2026-02-30T00:00:00Z"}"#,
        #":2:48: "at" should be a date such as "2026-11-29T03:45:12Z", not a string ("2026-02-30T00:00:00Z")"#
      ),
    ])
  func instantsOutOfRange(line: String, message: String) async throws {
    for options in [[], ["--verify"], ["--trace"]] {
      let (result, path) = try await replay([header(), line], options)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == "uniflow: \(path)\(message)\n")
    }
  }

  @Test("plain replay refuses a malformed fingerprint or snapshot, as --verify does")
  func plainReplayChecks() async throws {
    let badFingerprint =
      #"{"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z","fp":"xyz"}"#
    let badSnapshot = #"{"snapshot":1,"state":{"clock":{}}}"#
    for options in [[], ["--verify"], ["--until", "1"]] {
      let (first, path) = try await replay([header(), badFingerprint], options)
      #expect(first.status == 2)
      #expect(
        first.stderr
          == #"uniflow: \#(path):2:77: "fp" should be a state's fingerprint, 16 lowercase "#
          + #"hexadecimal digits, not "xyz"\#n"#)
      let (second, _) = try await replay([header(), Self.launched, badSnapshot], options)
      #expect(second.status == 2, "\(options)")
      #expect(second.stderr.contains(":3: the snapshot's state does not fit"), "\(second.stderr)")
    }
  }

  @Test("UNIFLOW_FIXED_NOW must name a real instant within the years 0001…9999")
  func fixedNowIsChecked() async throws {
    let cases = [
      (
        "2026-02-30T00:00:00Z",
        "UNIFLOW_FIXED_NOW='2026-02-30T00:00:00Z' is not a real date: February 2026 has 28 days"
      ),
      ("0000-06-01T00:00:00Z", "UNIFLOW_FIXED_NOW='0000-06-01T00:00:00Z' is before the year 0001"),
      (
        "2026-11-29T25:00:00Z",
        "UNIFLOW_FIXED_NOW='2026-11-29T25:00:00Z' is not a real date: there is no time 25:00:00"
      ),
    ]
    for (value, message) in cases {
      #expect(throws: ConsoleOptionError(message)) {
        try Options.fixedNow(["UNIFLOW_FIXED_NOW": value])
      }
    }
    let result = try await UniflowBinary.run(
      ["--offline"], environment: ["UNIFLOW_FIXED_NOW": "2026-02-30T00:00:00Z"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "uniflow: UNIFLOW_FIXED_NOW='2026-02-30T00:00:00Z' is not a real date: February 2026 "
        + "has 28 days\nRun 'uniflow --help' for usage.\n")
  }

  @Test("a time API's unixtime 1e300 and a geocoder's population above Int64 are one-line failures")
  func valuesFromServers() async throws {
    let time = try LoopbackServer { _ in .json(Data(#"{"unixtime": 1e300}"#.utf8)) }
    let geocoder = try LoopbackServer { _ in
      .json(
        Data(
          #"{"results":[{"name":"Seoul","latitude":37.5,"longitude":127,"population":1e20}]}"#.utf8)
      )
    }
    defer {
      time.stop()
      geocoder.stop()
    }
    let result = try await UniflowBinary.run(
      [
        "--no-default-location", "--time-zone", "UTC", "--time-url",
        time.url("/now").absoluteString,
        "--geocoder-url", geocoder.url("/v1/search").absoluteString, "--http-timeout", "600",
      ],
      input: "reload\nmoveDay 1\nchangeLocation Seoul\n", environment: fixedNow)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock")
        == [
          "clock: 2026년 11월 29일 03시 45분", "clock: Loading..",
          "clock: 2026년 11월 29일 03시 45분 · unavailable: malformed response: the time API's "
            + "unixtime 1e+300 is after the year 9999",
          "clock: 2026년 11월 30일 03시 45분 · unavailable: malformed response: the time API's "
            + "unixtime 1e+300 is after the year 9999",
        ])
    #expect(
      result.lines(of: "weather").last
        == "weather: Seoul · unavailable: malformed response: the geocoding answer's "
        + "results[0].population 1e+20 does not fit in a whole number")
  }
}
