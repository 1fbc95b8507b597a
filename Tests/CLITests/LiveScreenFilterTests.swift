import Foundation
import TestSupport
import Testing

@testable import Console

/// `--only` and `--hide` on the REPL's command line choose after which actions the screens'
/// changes are printed; what is handled, kept and listed stays the same.
@Suite("The live screens' filter")
struct LiveScreenFilterTests {
  let arguments = ["--offline", "--no-default-location"]
  let input = "tomorrow\ndog poodle\nreload\n:history\n"
  let environment = ["UNIFLOW_FIXED_NOW": "2026-11-29T03:45:12Z", "TZ": "Asia/Seoul"]
  let launchScreens = [
    "clock: 2026년 11월 29일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
    "weather: no location (changeLocation CITY)",
  ]
  let history = [
    "  1  launch  -         .launched(at: 2026-11-29T03:45:12Z)",
    "  2  typed   line 1    .clock(.moveDay(1))",
    "  3  typed   line 2    .dog(.show(\"poodle\"))",
    "  4  typed   line 3    .clock(.reload)",
    "> 5  effect  of 4      .clock(.timeResponse(request: 1, .success(2026-11-29T03:45:12Z)))",
  ]

  @Test("--hide clock prints no clock change after launch, an effect's answer included")
  func hideClock() async throws {
    let result = try await UniflowBinary.run(
      arguments + ["--hide", "clock"], input: input, environment: environment)
    #expect(result.status == 0)
    #expect(
      result.lines
        == launchScreens + ["dog: poodle · 2 살 · 20000원 · pomeranian.jpeg"] + history)
  }

  @Test("--only clock.moveDay --only dog prints the changes of those actions alone")
  func onlyPatterns() async throws {
    let result = try await UniflowBinary.run(
      arguments + ["--only", "clock.moveDay", "--only", "dog"], input: input,
      environment: environment)
    #expect(result.status == 0)
    #expect(
      result.lines
        == launchScreens + [
          "clock: 2026년 11월 30일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        ] + history)
  }

  @Test("with no filter every change is printed, as before")
  func noFilter() async throws {
    let result = try await UniflowBinary.run(arguments, input: input, environment: environment)
    #expect(
      result.lines
        == launchScreens + [
          "clock: 2026년 11월 30일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
          "clock: Loading..", "clock: 2026년 11월 29일 12시 45분",
        ] + history)
  }

  @Test("any console's REPL takes --only and --hide, repeated; an empty pattern is refused")
  func replOptions() throws {
    let options = try REPLOptions.parse(["--only", "a.*", "--hide=b", "--only", "c"])
    #expect(options.screens == ActionFilter(only: ["a.*", "c"], hide: ["b"]))
    #expect(throws: ArgumentError.self) { try REPLOptions.parse(["--hide", ""]) }
    do {
      _ = try REPLOptions.parse(["--only", ""])
    } catch {
      #expect(error.message == "--only needs a pattern of action names, e.g. --only 'clock.*'")
    }
  }
}
