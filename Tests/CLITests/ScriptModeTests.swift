import Foundation
import TestSupport
import Testing

@testable import Console
@testable import UniflowConsole

/// End-to-end: the built `uniflow` binary, driven through pipes (script mode).
@Suite("uniflow in script mode")
struct ScriptModeTests {
  @Test("moveDay -1 in Seoul prints the launch time, then yesterday at the same time")
  func yesterdayInSeoul() async throws {
    let result = try await UniflowBinary.run(
      ["--offline"], input: "moveDay -1\n",
      environment: fixedNowInSeoul)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock") == ["clock: 2026년 11월 29일 12시 45분", "clock: 2026년 11월 28일 12시 45분"])
    #expect(result.stderr.isEmpty)
  }

  @Test("with the real system clock, moveDay -1 shows yesterday at the current time")
  func yesterdayNow() async throws {
    let before = Date()
    let result = try await UniflowBinary.run(
      ["--offline"], input: "moveDay -1\n", environment: ["TZ": "Asia/Seoul"])
    #expect(result.status == 0)
    let clock = result.lines(of: "clock")
    #expect(clock.count == 2)
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = seoul
    let candidates = [before, Date()].flatMap { now in
      [0, -1].map { days in calendar.date(byAdding: .day, value: days, to: now)! }
    }
    let formatted = candidates.map { date -> String in
      let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      return String(
        format: "clock: %04d년 %02d월 %02d일 %02d시 %02d분", c.year!, c.month!, c.day!, c.hour!,
        c.minute!)
    }
    #expect(formatted.contains(clock[0]))
    #expect(formatted.contains(clock[1]))
    #expect(clock[0] != clock[1])
  }

  @Test("the clock moves in --time-zone, keeping the wall-clock time over daylight saving")
  func timeZoneOption() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--time-zone", "America/New_York"], input: "moveDay -129\nmoveDay 1\n",
      environment: ["UNIFLOW_FIXED_NOW": "2026-11-29T17:00:00Z"])
    #expect(
      result.lines(of: "clock") == [
        "clock: 2026년 11월 29일 12시 00분", "clock: 2026년 07월 23일 12시 00분",
        "clock: 2026년 07월 24일 12시 00분",
      ])
  }

  @Test("bad lines go to stderr with their line number, the rest still runs, and the exit is 1")
  func errorsAndExitStatus() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--time-zone", "UTC"], input: "reloda\ntomorrow\nmoveDay x\n",
      environment: fixedNow)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "line 1: unknown command 'reloda' (column 1) — did you mean 'reload'?",
        "line 3: 'x' is not a whole number of days (column 9) — e.g. moveDay -1",
      ])
    #expect(
      result.lines(of: "clock") == ["clock: 2026년 11월 29일 03시 45분", "clock: 2026년 11월 30일 03시 45분"])
  }

  @Test("reload shows Loading.. then the time, and :quit stops reading")
  func reloadAndQuit() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--time-zone", "UTC"], input: "tomorrow\nnow\n:quit\ntomorrow\n",
      environment: fixedNow)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock") == [
        "clock: 2026년 11월 29일 03시 45분", "clock: 2026년 11월 30일 03시 45분", "clock: Loading..",
        "clock: 2026년 11월 29일 03시 45분",
      ])
  }

  @Test(":state prints the whole state as JSON")
  func stateCommand() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--time-zone", "UTC"], input: "tomorrow\n:state\n", environment: fixedNow)
    let json = result.stdout.split(separator: "\n").drop { $0 != "{" }.joined(separator: "\n")
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let clock = object?["clock"] as? [String: Any]
    #expect(clock?["dayOffset"] as? Int == 1)
    #expect(clock?["anchor"] as? String == "2026-11-29T03:45:12Z")
  }

  @Test("--time-url fetches the time from the API: worldclockapi's body, served on loopback")
  func timeURL() async throws {
    let server = try LoopbackServer { _ in .json(Fixtures.data("worldclockapi_utc_now.json")) }
    defer { server.stop() }
    let result = try await UniflowBinary.run(
      [
        "--time-zone", "Asia/Seoul", "--time-url", server.url("/api/json/utc/now").absoluteString,
        "--no-default-location", "--http-timeout", "600",
      ],
      input: "reload\n", environment: fixedNowBeforeFixtures)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock") == [
        "clock: 2020년 01월 01일 09시 00분", "clock: Loading..", "clock: 2026년 11월 29일 12시 45분",
      ])
  }

  @Test("a time API that cannot be reached is one line on the clock, and the next command works")
  func timeURLRefused() async throws {
    let port = try LoopbackServer.unusedPort()
    let result = try await UniflowBinary.run(
      [
        "--time-zone", "UTC", "--time-url", "http://127.0.0.1:\(port)/now", "--no-default-location",
      ],
      input: "reload\ntomorrow\n", environment: fixedNow)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock") == [
        "clock: 2026년 11월 29일 03시 45분", "clock: Loading..",
        "clock: 2026년 11월 29일 03시 45분 · unavailable: connection refused by 127.0.0.1:\(port)",
        "clock: 2026년 11월 30일 03시 45분 · unavailable: connection refused by 127.0.0.1:\(port)",
      ])
  }

  @Test("--http-timeout sets how long a request may take: a silent API fails after it")
  func httpTimeout() async throws {
    let server = try LoopbackServer { _ in .silent }
    defer { server.stop() }
    let result = try await UniflowBinary.run(
      [
        "--time-zone", "UTC", "--time-url", server.url("/now").absoluteString,
        "--http-timeout", "0.2", "--no-default-location",
      ],
      input: "reload\n", environment: fixedNow)
    #expect(result.status == 0)
    #expect(
      result.lines(of: "clock").last
        == "clock: 2026년 11월 29일 03시 45분 · unavailable: timed out after 0.2 s")
  }

  @Test("--help and --version print and exit 0; a bad option exits 2 with a pointer to --help")
  func helpVersionAndUsageErrors() async throws {
    let help = try await UniflowBinary.run(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("uniflow [options]"))
    #expect(help.stdout.contains("--time-zone ID"))
    let version = try await UniflowBinary.run(["--version"])
    #expect(version.stdout == "uniflow \(UniflowApp().version)\n")
    let bad = try await UniflowBinary.run(["--time-zone", "Nowhere"])
    #expect(bad.status == 2)
    #expect(
      bad.stderr
        == "uniflow: unknown time zone 'Nowhere'; use an IANA name such as Asia/Seoul or UTC\n"
        + "Run 'uniflow --help' for usage.\n")
    #expect(bad.stdout.isEmpty)
  }
}
