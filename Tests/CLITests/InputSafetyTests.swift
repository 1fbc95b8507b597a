import Foundation
import TestSupport
import Testing

/// Any input is safe: each line gets a result or an error, never a crash or a hang.
@Suite("uniflow with hostile input")
struct InputSafetyTests {
  let arguments = ["--offline", "--no-default-location", "--time-zone", "UTC"]

  @Test("invalid UTF-8, NUL and control characters get one escaped error line each")
  func invalidBytes() async throws {
    var input = Data([0xFF, 0xFE, 0x00, 0x07]) + Data("bad\n".utf8)
    input += Data("moveDay \u{1B}[A\n".utf8) + Data([0xC3]) + Data("\ntomorrow\n".utf8)
    let result = try await UniflowBinary.run(arguments, inputBytes: input, environment: fixedNow)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "line 1: unknown command '\\u{fffd}\\u{fffd}\\u{0}\\u{7}bad' (column 1) — type :help for "
          + "the list of commands",
        "line 2: '\\u{1b}[A' is not a whole number of days (column 9) — e.g. moveDay -1",
        "line 3: unknown command '\\u{fffd}' (column 1) — type :help for the list of commands",
      ])
    #expect(result.lines(of: "clock").last == "clock: 2026년 11월 30일 03시 45분")
  }

  @Test("a 1 MiB line is refused in one short line, and the next line still runs")
  func hugeLine() async throws {
    let input =
      "changeLocation " + String(repeating: "a", count: 1 << 20) + "\n"
      + String(repeating: "b", count: 1 << 20) + "\ntomorrow\n"
    let result = try await UniflowBinary.run(arguments, input: input, environment: fixedNow)
    #expect(result.status == 1)
    #expect(result.errorLines.count == 2)
    #expect(result.errorLines.allSatisfy { $0.count < 200 })
    #expect(result.errorLines.first?.hasPrefix("line 1: a city name can be at most 100") == true)
    #expect(result.lines(of: "clock").last == "clock: 2026년 11월 30일 03시 45분")
  }

  @Test("100,000 lines each get their result or error, in order, and the session ends cleanly")
  func manyLines() async throws {
    var input = ""
    input.reserveCapacity(300_000)
    for index in 0..<100_000 { input += index % 1000 == 999 ? "tomorrow\n" : "x\n" }
    let result = try await UniflowBinary.run(
      arguments, input: input, environment: fixedNow, timeout: 300)
    #expect(result.status == 1)
    #expect(result.errorLines.count == 99_900)
    #expect(result.errorLines.last?.hasPrefix("line 99999: unknown command 'x'") == true)
    #expect(result.lines(of: "clock").count == 101)  // launch + 100 moves
    #expect(result.lines(of: "clock").last == "clock: 2027년 03월 09일 03시 45분")
  }
}
