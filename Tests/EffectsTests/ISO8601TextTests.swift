import Effects
import Foundation
import Testing

@Suite("ISO 8601 date-times from time APIs")
struct ISO8601TextTests {
  @Test(
    "every variant the time APIs send parses to the right instant",
    arguments: [
      ("2026-11-29T03:45Z", 1_795_923_900.0),
      ("2026-11-29T03:45:12Z", 1_795_923_912.0),
      ("2026-11-29T03:45:12.5+00:00", 1_795_923_912.5),
      ("2026-11-29T12:45:12+09:00", 1_795_923_912.0),
      ("2026-11-28T22:45:12-05:00", 1_795_923_912.0),
      ("2026-11-29 03:45:12Z", 1_795_923_912.0),
    ])
  func parses(text: String, seconds: Double) {
    #expect(ISO8601Text.date(from: text) == Date(timeIntervalSince1970: seconds))
  }

  @Test("a date-time without an offset is read in the given zone")
  func localTime() {
    let seoul = TimeZone(identifier: "Asia/Seoul")!
    let date = ISO8601Text.date(from: "2026-11-29T12:45:12.3456780", defaultZone: seoul)
    #expect(abs((date?.timeIntervalSince1970 ?? 0) - 1_795_923_912.345678) < 0.000_01)
  }

  @Test(
    "anything else is refused",
    arguments: [
      "", "yesterday", "2026-13-01T00:00Z", "2026-11-29", "2026-11-29T03:45Zjunk",
      "2026-11-29T25:00Z",
    ])
  func refuses(text: String) {
    #expect(ISO8601Text.date(from: text) == nil)
  }
}
