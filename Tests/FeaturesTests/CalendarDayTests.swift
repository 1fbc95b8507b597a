import Features
import Foundation
import Testing

@Suite("Calendar days")
struct CalendarDayTests {
  private func day(_ text: String) -> CalendarDay {
    (try? CalendarDay(parsing: text)) ?? CalendarDay(year: 1, month: 1, day: 1)!
  }

  @Test("a 29 February birthday ages on 1 March in common years and on 29 February in leap years")
  func leapDayBirthday() {
    let born = day("2024-02-29")
    #expect(born.wholeYears(until: day("2025-02-28")) == 0)
    #expect(born.wholeYears(until: day("2025-03-01")) == 1)
    #expect(born.wholeYears(until: day("2027-02-28")) == 2)
    #expect(born.wholeYears(until: day("2027-03-01")) == 3)
    #expect(born.wholeYears(until: day("2028-02-28")) == 3)
    #expect(born.wholeYears(until: day("2028-02-29")) == 4)
    #expect(born.wholeYears(until: day("2100-02-28")) == 75)  // 2100 is not a leap year
    #expect(born.wholeYears(until: day("2100-03-01")) == 76)
  }

  @Test("ages are whole years: one more on the birthday itself, none the day before")
  func wholeYears() {
    let born = day("2024-10-29")
    #expect(born.wholeYears(until: born) == 0)
    #expect(born.wholeYears(until: day("2026-10-28")) == 1)
    #expect(born.wholeYears(until: day("2026-10-29")) == 2)
    #expect(born.wholeYears(until: day("2026-12-31")) == 2)
    #expect(born.wholeYears(until: day("2024-10-28")) == -1)
  }

  @Test(
    "impossible dates are refused with the reason",
    arguments: [
      ("2026-02-30", CalendarDayError.notReal("February 2026 has 28 days")),
      ("2026-13-01", .notReal("there is no month 13")),
      ("2026-00-10", .notReal("there is no month 0")),
      ("2026-04-31", .notReal("April 2026 has 30 days")),
      ("2026-01-00", .notReal("there is no day 0")),
      ("2100-02-29", .notReal("February 2100 has 28 days")),
      ("0000-01-01", .notReal("years run from 0001 to 9999")),
      ("2026/02/03", .notInTheForm), ("2026-2-3", .notInTheForm), ("26-02-03", .notInTheForm),
      ("２０２６-01-01", .notInTheForm), ("2026-01-01x", .notInTheForm), ("", .notInTheForm),
      ("+026-01-01", .notInTheForm),
    ])
  func impossibleDates(text: String, error: CalendarDayError) {
    #expect(throws: error) { try CalendarDay(parsing: text) }
  }

  @Test("real dates parse, leap days included, and print back the same")
  func realDates() throws {
    for text in ["2024-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2026-11-29"] {
      #expect(try CalendarDay(parsing: text).description == text)
    }
    #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
    #expect(CalendarDay(year: 2024, month: 2, day: 29)?.description == "2024-02-29")
  }

  @Test("a day is encoded as its YYYY-MM-DD text, and an impossible one is not decoded")
  func codable() throws {
    let data = try JSONEncoder().encode([day("2024-02-29")])
    #expect(String(decoding: data, as: UTF8.self) == #"["2024-02-29"]"#)
    #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == [day("2024-02-29")])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([CalendarDay].self, from: Data(#"["2026-02-30"]"#.utf8))
    }
  }

  @Test("the day of an instant depends on the zone it is seen in")
  func dayOfAnInstant() {
    let instant = Date(timeIntervalSince1970: 1_795_923_912)  // 2026-11-29T03:45:12Z
    #expect(CalendarDay(of: instant, in: seoul) == day("2026-11-29"))
    #expect(CalendarDay(of: instant, in: newYork) == day("2026-11-28"))
    let beforeChrist = Date.distantPast.addingTimeInterval(-100 * 86_400)
    #expect(CalendarDay(of: beforeChrist, in: .gmt).year == 0)  // 1 BC, counted astronomically
  }
}

@Suite("The day an instant falls on")
struct CalendarDayOfInstantTests {
  @Test("arithmetic and the calendar agree on the day, in every zone, from 1583 to 9999")
  func fastPathAgreesWithCalendar() {
    let zones = ["UTC", "Asia/Seoul", "America/New_York", "Pacific/Kiritimati", "Pacific/Niue"]
      .compactMap(TimeZone.init(identifier:))
    var seconds = -12_212_553_600.0 + 1
    while seconds < 253_402_300_000 {
      let date = Date(timeIntervalSince1970: seconds)
      for zone in zones {
        let parts = Calendar.gregorian(in: zone).dateComponents([.year, .month, .day], from: date)
        let day = CalendarDay(of: date, in: zone)
        #expect(
          [day.year, day.month, day.day] == [parts.year, parts.month, parts.day],
          "\(date) in \(zone.identifier)")
      }
      seconds += 86_400 * 997.37  // a stride that visits every month and time of day
    }
  }
}
