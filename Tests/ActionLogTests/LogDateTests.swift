import Foundation
import Store
import StoreTesting
import Testing

@Suite("Log dates")
struct LogDateTests {
  @Test("a whole second is written as ISO 8601 in UTC, and read back")
  func wholeSeconds() {
    let date = Date(timeIntervalSince1970: 1_795_923_912)
    #expect(LogDate.string(date) == "2026-11-29T03:45:12Z")
    #expect(LogDate.parse("2026-11-29T03:45:12Z") == date)
    #expect(LogDate.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
    #expect(LogDate.string(Date(timeIntervalSinceReferenceDate: 0)) == "2001-01-01T00:00:00Z")
    #expect(LogDate.string(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
    #expect(LogDate.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
  }

  @Test("fractions keep exactly the digits needed, even tiny ones")
  func fractions() {
    let base = 1_795_923_912.0
    #expect(LogDate.string(Date(timeIntervalSince1970: base + 0.5)) == "2026-11-29T03:45:12.5Z")
    let tiny = Date(timeIntervalSinceReferenceDate: 100 + 1e-5)
    let text = LogDate.string(tiny)!
    #expect(text.hasPrefix("2001-01-01T00:01:40.0000"))
    #expect(LogDate.parse(text) == tiny)
  }

  @Test("every instant from year 1 to 9999 reads back bit for bit (10,000 seeded samples)")
  func exactRoundTrip() {
    var random = SplitMix64(seed: 7)
    for _ in 0..<10_000 {
      let seconds = Double.random(in: -63_113_904_000..<252_423_993_600, using: &random)
      let candidates = [
        Date(timeIntervalSinceReferenceDate: seconds),
        Date(timeIntervalSinceReferenceDate: seconds.rounded(.down)),
        Date(
          timeIntervalSinceReferenceDate: Double(
            bitPattern: random.next() >> 12 | 0x41A0_0000_0000_0000)),
      ]
      for date in candidates {
        guard let text = LogDate.string(date) else {
          Issue.record("no text for \(date.timeIntervalSinceReferenceDate)")
          continue
        }
        #expect(
          LogDate.parse(text)?.timeIntervalSinceReferenceDate.bitPattern
            == date.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
      }
    }
  }

  @Test("outside the years 0001…9999 there is no ISO text; the writer falls back to a number")
  func outsideISOYears() {
    #expect(LogDate.string(Date(timeIntervalSinceReferenceDate: -63_113_904_001)) == nil)
    #expect(LogDate.string(Date(timeIntervalSinceReferenceDate: .infinity)) == nil)
    #expect(LogDate.string(Date.distantFuture) == "4001-01-01T00:00:00Z")
    // Foundation's distantPast is 0001-01-01 in the Julian calendar: 0000-12-30 in ISO's.
    #expect(LogDate.string(Date.distantPast) == nil)
    #expect(
      LogDate.string(Date(timeIntervalSinceReferenceDate: -63_113_904_000))
        == "0001-01-01T00:00:00Z")
  }

  @Test(
    "text that is not a real UTC instant is refused",
    arguments: [
      "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-31T00:00:00Z",
      "2026-11-29T24:00:00Z", "2026-11-29T03:60:00Z", "2026-11-29T03:45:60Z",
      "2026-11-29T03:45:12", "2026-11-29T03:45:12+00:00", "2026-11-29 03:45:12Z",
      "2026-11-29T03:45:12.Z", "2026-11-29T03:45:12.5xZ", "0000-01-01T00:00:00Z",
      "+2026-11-29T03:45:12Z", "", "2026-11-29T03:45Z",
    ])
  func refused(_ text: String) {
    #expect(LogDate.parse(text) == nil)
  }
}
