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

/// The date reader against a plain one written for the test: every byte of a date replaced by
/// every value reads as the reference reads it (a date, the same one, or nothing).
@Suite("Log dates: the reader against a reference")
struct LogDateReferenceTests {
  /// `YYYY-MM-DDTHH:MM:SS[.f…]Z` read digit by digit, its day counted the schoolbook way: whole
  /// Gregorian years since 0001 (a leap year every 4, not every 100, every 400), then months.
  static func reference(_ text: [UInt8]) -> Date? {
    guard text.count >= 20, text.last == UInt8(ascii: "Z") else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard (0x30...0x39).contains(text[index]) else { return nil }
        value = value * 10 + Int(text[index] - 0x30)
      }
      return value
    }
    let separators = [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":")]
    guard separators.allSatisfy({ text[$0.0] == UInt8(ascii: Unicode.Scalar($0.1)!) }),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      year >= 1, (1...12).contains(month), hour < 24, minute < 60, second < 60
    else { return nil }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    guard (1...lengths[month - 1]).contains(day) else { return nil }
    let before = year - 1
    let daysSinceYearOne =
      before * 365 + before / 4 - before / 100 + before / 400 + lengths[..<(month - 1)].reduce(0, +)
      + day - 1
    // 0001-01-01 is 730,485 days before 2001-01-01 (the reference date).
    let midnight = Date(timeIntervalSinceReferenceDate: Double(daysSinceYearOne - 730_485) * 86_400)
    var fraction = 0.0
    if text.count > 20 {
      guard text[19] == UInt8(ascii: "."), text.count > 21,
        let value = Double("0." + String(decoding: text[20..<(text.count - 1)], as: UTF8.self)),
        text[20..<(text.count - 1)].allSatisfy({ (0x30...0x39).contains($0) })
      else { return nil }
      fraction = value
    } else if text[19] != UInt8(ascii: "Z") {
      return nil
    }
    let whole =
      midnight.timeIntervalSinceReferenceDate.rounded()
      + Double(hour * 3600 + minute * 60 + second)
    return Date(timeIntervalSinceReferenceDate: whole + fraction)
  }

  @Test("every byte of a date, replaced by each of its 256 values, reads as the reference reads it")
  func everyByteEveryValue() {
    let samples = [
      "2026-11-29T03:45:12Z", "2024-02-29T23:59:59Z", "1900-02-28T00:00:00Z",
      "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.123456789Z",
      "2025-01-10T16:21:07.880634069442749Z",
    ]
    var disagreements: [String] = []
    var read = 0
    for sample in samples {
      let bytes = Array(sample.utf8)
      for index in bytes.indices {
        for value in 0...255 {
          var text = bytes
          text[index] = UInt8(value)
          let parsed = text.withUnsafeBytes { LogDate.parse($0) }
          if parsed != nil { read += 1 }
          if parsed != Self.reference(text) {
            disagreements.append(String(decoding: text, as: UTF8.self))
          }
        }
      }
    }
    #expect(disagreements.prefix(5) == [])
    #expect(read > 400)
  }
}
