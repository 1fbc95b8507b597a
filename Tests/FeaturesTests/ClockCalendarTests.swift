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
