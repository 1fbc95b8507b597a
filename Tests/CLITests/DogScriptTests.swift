import Foundation
import TestSupport
import Testing

/// End-to-end: the dog screen through the built `uniflow` binary. (The weather screen's
/// end-to-end tests need the bundled gazetteer and come with it.)
@Suite("uniflow in script mode: the dog screen")
struct DogScriptTests {
  @Test("dog, moveDay 366, dog shows 2 살, then 3 살, with 20000원")
  func dogAges() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"], input: "dog\nmoveDay 366\ndog\n",
      environment: fixedNowInSeoul)
    #expect(result.status == 0)
    #expect(
      result.lines == [
        "clock: 2026년 11월 29일 12시 45분", "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg",
        "weather: no location (changeLocation CITY)",
        "dog: poodle · 2 살 · 20000원 · pomeranian.jpeg", "clock: 2027년 11월 30일 12시 45분",
        "dog: poodle · 3 살 · 20000원 · pomeranian.jpeg",
        "dog: poodle · 3 살 · 20000원 · pomeranian.jpeg",
      ])
    #expect(result.stderr.isEmpty)
  }

  @Test("a refused adoption is one error line with its line number, and the exit status is 1")
  func refusedAdoption() async throws {
    let result = try await UniflowBinary.run(
      ["--offline", "--no-default-location"],
      input: "adopt bella 2027-01-01 pug\nadopt bella 2024-05-01 pug\n",
      environment: fixedNowInSeoul)
    #expect(result.status == 1)
    #expect(
      result.errorLines == [
        "line 1: the birthday 2027-01-01 is after today (2026-11-29 on the clock); "
          + "a dog cannot be born in the future"
      ])
    #expect(result.lines(of: "dog").last == "dog: bella · 2 살 · 30000원 · pug.jpeg")
  }
}
