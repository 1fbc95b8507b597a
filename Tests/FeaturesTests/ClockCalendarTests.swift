import Features
import Foundation
import TestSupport
import Testing

@Suite("Clock dates across time zones and daylight saving")
struct ClockCalendarTests {
  private func instant(_ text: String) -> Date {
    (try? Date(text, strategy: .iso8601)) ?? .distantPast
  }

  private func shown(_ anchor: Date, _ zone: TimeZone, _ days: Int) -> String {
    ClockViewModel(state: ClockState(timeZone: zone, anchor: anchor, dayOffset: days)).text
  }

  @Test("moving over the spring-forward day in New York keeps 12:00 on the wall clock")
  func springForward() {
    let noonBefore = instant("2026-03-07T17:00:00Z")  // 12:00 EST
    #expect(shown(noonBefore, newYork, 0) == "2026년 03월 07일 12시 00분")
    #expect(shown(noonBefore, newYork, 1) == "2026년 03월 08일 12시 00분")
    #expect(shown(noonBefore, newYork, 2) == "2026년 03월 09일 12시 00분")
    let moved = ClockState(timeZone: newYork, anchor: noonBefore, dayOffset: 1).date
    #expect(moved.timeIntervalSince(noonBefore) == 23 * 3600)  // the day was 23 hours long
  }

  @Test("moving over the fall-back day in New York keeps 12:00 on the wall clock")
  func fallBack() {
    let noonBefore = instant("2026-10-31T16:00:00Z")  // 12:00 EDT
    #expect(shown(noonBefore, newYork, 1) == "2026년 11월 01일 12시 00분")
    let moved = ClockState(timeZone: newYork, anchor: noonBefore, dayOffset: 1).date
    #expect(moved.timeIntervalSince(noonBefore) == 25 * 3600)
    #expect(shown(instant("2026-11-02T17:00:00Z"), newYork, -1) == "2026년 11월 01일 12시 00분")
  }

  @Test("a time skipped by spring-forward shows the real instant an hour later")
  func skippedWallTime() {
    let early = instant("2026-03-07T07:30:00Z")  // 02:30 EST on the 7th
    #expect(shown(early, newYork, 1) == "2026년 03월 08일 03시 30분")
  }

  /// The clock moved by `days` from `anchor`, checked against `Calendar`: its instant and text.
  private func moved(_ anchor: String, _ zone: TimeZone, _ days: Int) -> (Double, String) {
    let start = instant(anchor)
    let state = ClockState(timeZone: zone, anchor: start, dayOffset: days)
    let calendar = Calendar.gregorian(in: zone).date(byAdding: .day, value: days, to: start)
    #expect(state.date == calendar, "\(days) days from \(anchor) in \(zone.identifier)")
    return (state.date.timeIntervalSince1970, ClockViewModel(state: state).text)
  }

  @Test("moving back onto a skipped time, or onto a repeated one, lands where Calendar does")
  func newYorkBothWays() {
    // 02:30 on 8 March 2026 does not exist: moving back from 9 March shows 03:30 EDT.
    #expect(moved("2026-03-09T06:30:00Z", newYork, -1) == (1_772_955_000, "2026년 03월 08일 03시 30분"))
    // 01:30 on 1 November 2026 happens twice: forward gives the first (EDT) …
    #expect(moved("2026-10-31T05:30:00Z", newYork, 1) == (1_793_511_000, "2026년 11월 01일 01시 30분"))
    // … back from 01:30 EST on the 2nd keeps EST, the second one.
    #expect(moved("2026-11-02T06:30:00Z", newYork, -1) == (1_793_514_600, "2026년 11월 01일 01시 30분"))
    #expect(moved("2026-11-01T06:30:00Z", newYork, -1) == (1_793_424_600, "2026년 10월 31일 01시 30분"))
  }

  @Test("Lord Howe's half-hour daylight saving: a skipped 02:15 shows as 02:45")
  func lordHowe() throws {
    let lordHowe = try #require(TimeZone(identifier: "Australia/Lord_Howe"))
    #expect(moved("2026-10-02T15:45:00Z", lordHowe, 0).1 == "2026년 10월 03일 02시 15분")
    #expect(moved("2026-10-02T15:45:00Z", lordHowe, 1) == (1_791_042_300, "2026년 10월 04일 02시 45분"))
    #expect(moved("2026-10-02T15:45:00Z", lordHowe, 2) == (1_791_126_900, "2026년 10월 05일 02시 15분"))
    // 01:45 happens twice on 5 April 2026 (back from +11:00 to +10:30): the first.
    #expect(moved("2026-04-03T14:45:00Z", lordHowe, 1) == (1_775_313_900, "2026년 04월 05일 01시 45분"))
  }

  @Test("Samoa skipped 30 December 2011: a day forward from the 29th shows the 31st")
  func apiaSkippedDay() throws {
    let apia = try #require(TimeZone(identifier: "Pacific/Apia"))
    #expect(moved("2011-12-29T22:00:00Z", apia, 1) == (1_325_282_400, "2011년 12월 31일 12시 00분"))
    #expect(moved("2011-12-29T22:00:00Z", apia, 2) == (1_325_368_800, "2012년 01월 01일 12시 00분"))
    #expect(moved("2011-12-31T10:00:00Z", apia, -1) == (1_325_239_200, "2011년 12월 31일 00시 00분"))
    #expect(moved("2011-12-31T10:00:00Z", apia, -2) == (1_325_152_800, "2011년 12월 29일 00시 00분"))
  }

  @Test("29 February comes in 2000 and 2024, not in 2100, and a year from it is 28 February")
  func leapDays() {
    #expect(moved("2024-02-28T12:00:00Z", .gmt, 1).1 == "2024년 02월 29일 12시 00분")
    #expect(moved("2000-02-28T12:00:00Z", .gmt, 1).1 == "2000년 02월 29일 12시 00분")
    #expect(moved("2100-02-28T12:00:00Z", .gmt, 1).1 == "2100년 03월 01일 12시 00분")
    #expect(moved("2024-02-29T12:00:00Z", .gmt, 365).1 == "2025년 02월 28일 12시 00분")
    #expect(moved("2024-02-29T12:00:00Z", .gmt, 366).1 == "2025년 03월 01일 12시 00분")
  }

  @Test(
    "moveDay n then moveDay -n returns to the same instant, across daylight-saving changes",
    arguments: [1, 2, 7, 30, 120, 365, 366, 1461, 36_525])
  func roundTrip(days: Int) {
    let starts = [
      instant("2026-03-07T07:30:00Z"), instant("2026-03-08T06:59:59Z"),
      instant("2026-10-31T05:30:00Z"), instant("2026-11-01T05:30:00Z"), fixtureNow,
    ]
    for zone in [newYork, seoul, TimeZone(identifier: "Europe/London")!, .gmt] {
      for start in starts {
        var state = ClockState(timeZone: zone, anchor: start)
        let reducer = ClockReducer()
        _ = reducer.reduce(into: &state, action: .moveDay(days))
        _ = reducer.reduce(into: &state, action: .moveDay(-days))
        #expect(state.date == start, "zone \(zone.identifier), start \(start), days \(days)")
      }
    }
  }

  @Test("the clock shows the Korean format in the clock's own zone, and Loading.. while loading")
  func viewModel() {
    #expect(shown(fixtureNow, seoul, 0) == "2026년 11월 29일 12시 45분")
    #expect(shown(fixtureNow, .gmt, 0) == "2026년 11월 29일 03시 45분")
    #expect(shown(fixtureNow, newYork, 0) == "2026년 11월 28일 22시 45분")
    let loading = ClockState(timeZone: seoul, anchor: fixtureNow, isLoading: true)
    #expect(ClockViewModel(state: loading).text == "Loading..")
  }
}
