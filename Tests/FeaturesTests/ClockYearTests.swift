import Features
import Foundation
import Testing

@Suite("Years the clock shows: before 1 AD and after 9999")
struct ClockYearTests {
  /// The clock's text for `anchor` moved by `days`, in `zone`.
  private func shown(_ anchor: Date, days: Int = 0, in zone: TimeZone = .gmt) -> String {
    ClockViewModel(state: ClockState(timeZone: zone, anchor: anchor, dayOffset: days)).text
  }

  @Test("years are astronomical, as ISO 8601 numbers them: 1 AD is 0001, 1 BC 0000, 2 BC -0001")
  func yearsAroundZero() {
    let first = ValueRanges.earliestInstant  // 0001-01-01T00:00:00Z
    #expect(shown(first) == "0001년 01월 01일 00시 00분")
    #expect(shown(first, days: -1) == "0000년 12월 31일 00시 00분")
    #expect(shown(first, days: -366) == "0000년 01월 01일 00시 00분")  // the year 0 is a leap year
    #expect(shown(first, days: -367) == "-0001년 12월 31일 00시 00분")
    #expect(
      CalendarDay(of: first.addingTimeInterval(-367 * 86_400), in: .gmt).description
        == "-0001-12-31")
  }

  @Test("the year -1000 (1001 BC) reads -1000년, never 1000년")
  func yearMinusOneThousand() {
    // 1000 Gregorian years before 0001-01-01 are 365,243 days.
    let first = ValueRanges.earliestInstant
    #expect(shown(first, days: -365_243) == "-0999년 01월 01일 00시 00분")
    #expect(shown(first, days: -365_244) == "-1000년 12월 31일 00시 00분")
  }

  @Test("the ends of the range: 1000 years of days before 0001 and after 9999, in -12 and +14")
  func rangeEnds() throws {
    let west = try #require(TimeZone(identifier: "Etc/GMT+12"))
    let east = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
    let first = ValueRanges.earliestInstant
    let last = ValueRanges.beyondLatestInstant.addingTimeInterval(-60)
    let far = ClockState.maxDayOffset
    #expect(shown(first, days: -far) == "-1000년 12월 25일 00시 00분")
    #expect(shown(first, days: -far, in: west) == "-1000년 12월 24일 12시 00분")
    #expect(shown(last, days: far) == "11000년 01월 07일 23시 59분")
    #expect(shown(last, days: far, in: east) == "11000년 01월 08일 13시 59분")
    #expect(shown(last, in: east) == "10000년 01월 01일 13시 59분")
  }

  @Test("a dog born before 1 AD ages across the year 0 like any other year")
  func agesAcrossYearZero() throws {
    let born = try #require(CalendarDay(year: -1, month: 6, day: 1))
    #expect(born.wholeYears(until: try #require(CalendarDay(year: 1, month: 5, day: 31))) == 1)
    #expect(born.wholeYears(until: try #require(CalendarDay(year: 1, month: 6, day: 1))) == 2)
  }
}
