import Foundation
import StoreTesting
import Testing

@testable import Features

/// The clock's own date arithmetic (``ZoneTable``, ``WallClock``) against Foundation's
/// `Calendar` and `TimeZone`, in every zone the system knows and in POSIX-named and fixed-offset
/// zones, over the whole range of instants the clock can show.
enum WallClockGen {
  /// Every known zone, the POSIX-named ones (`EST5EDT`) and fixed offsets from −12 to +14 hours.
  static let zones =
    ClockGen.zones
    + ["EST5EDT", "CST6CDT", "MST7MDT", "PST8PDT", "Etc/GMT+12", "Etc/GMT-14"]
    .compactMap(TimeZone.init(identifier:))
    + [-43_200, -34_200, -3_600, 0, 19_800, 20_700, 45_900, 50_400]
    .compactMap(TimeZone.init(secondsFromGMT:))

  /// Unix seconds of the first and last instants the clock can show: the anchor's range moved
  /// by ``ClockState/maxDayOffset`` days either way.
  static let earliest = -62_135_596_800 - 86_400 * ClockState.maxDayOffset
  static let latest = 253_402_300_800 + 86_400 * ClockState.maxDayOffset

  /// Instants over the whole range, a third of them with a fraction of a second.
  static let instant = Gen.zip(Gen.int(in: earliest...latest), Gen.int(in: -2...999)).map {
    whole, milli in
    Date(timeIntervalSince1970: Double(whole) + (milli < 0 ? 0 : 0.001 * Double(milli)))
  }

  /// 1582-10-15T00:00:00Z: Foundation's Gregorian calendar is Julian before it.
  static let gregorianStart = Date(timeIntervalSince1970: -12_219_292_800)

  /// Foundation's wall-clock fields of `date` in `zone`, with astronomical years.
  static func foundationFields(_ date: Date, _ zone: TimeZone) -> WallClock {
    let parts = Calendar.gregorian(in: zone).dateComponents(
      [.era, .year, .month, .day, .hour, .minute, .second], from: date)
    let yearOfEra = parts.year ?? 0
    return WallClock(
      year: parts.era == 0 ? 1 - yearOfEra : yearOfEra, month: parts.month ?? 0,
      day: parts.day ?? 0, hour: parts.hour ?? 0, minute: parts.minute ?? 0,
      second: parts.second ?? 0)
  }

  /// Foundation's proleptic Gregorian fields of `date` in UTC: before 1582-10-15, read 400
  /// years (a whole number of times) later, where Foundation is Gregorian, and counted back.
  static func gregorianFieldsInUTC(_ date: Date) -> WallClock {
    var periods = 0
    var shifted = date
    while shifted < gregorianStart.addingTimeInterval(86_400) {
      shifted = shifted.addingTimeInterval(Double(ZoneTable.period))
      periods += 1
    }
    var fields = foundationFields(shifted, .gmt)
    fields.year -= 400 * periods
    return fields
  }

  /// Why `date` in `zone` is shown otherwise than Foundation shows it, or nil.
  static func mismatch(_ date: Date, _ zone: TimeZone) -> String? {
    let table = ZoneTable.of(zone)
    let unix = Int64(date.timeIntervalSince1970.rounded(.down))
    let offset = zone.secondsFromGMT(for: date)
    if table.offset(atUnix: unix) != offset {
      return "offset \(table.offset(atUnix: unix)), Foundation \(offset)"
    }
    let next = zone.nextDaylightSavingTimeTransition(after: date).map {
      Int64($0.timeIntervalSince1970)
    }
    if table.transition(after: unix) != next {
      return "next transition \(table.transition(after: unix) as Any), Foundation \(next as Any)"
    }
    let ours = WallClock.fields(of: date, in: table)
    let local = date.addingTimeInterval(Double(offset))
    let theirs =
      local >= gregorianStart.addingTimeInterval(86_400)
      ? foundationFields(date, zone) : gregorianFieldsInUTC(local)
    return ours == theirs ? nil : "fields \(ours as Any), Foundation \(theirs)"
  }

  /// Why moving `anchor` by `days` in `zone` gives another instant than `Calendar`, or nil.
  static func moveMismatch(_ anchor: Date, _ days: Int, _ zone: TimeZone) -> String? {
    let ours = ClockState(timeZone: zone, anchor: anchor, dayOffset: days).date
    let theirs = Calendar.gregorian(in: zone).date(byAdding: .day, value: days, to: anchor)
    guard ours != theirs else { return nil }
    return "\(days) days from \(anchor.timeIntervalSince1970): "
      + "\(ours.timeIntervalSince1970), Calendar \(theirs?.timeIntervalSince1970 as Any)"
  }
}

struct WallClockMismatch: Error, CustomStringConvertible {
  let zone: TimeZone
  let problem: String
  var description: String { "in \(zone.identifier): \(problem)" }

  /// Throws the first zone of ``WallClockGen/zones`` where `problem` finds one; true otherwise.
  static func inNoZone(_ problem: (TimeZone) -> String?) throws -> Bool {
    for zone in WallClockGen.zones {
      if let found = problem(zone) { throw WallClockMismatch(zone: zone, problem: found) }
    }
    return true
  }
}

@Suite("The clock's date arithmetic against Foundation's Calendar")
struct WallClockPropertyTests {
  @Test("offsets, next transitions and wall-clock fields match Foundation in every zone, all years")
  func fieldsMatchFoundation() {
    #expect(WallClockGen.zones.count > 300)
    forAll(WallClockGen.instant, .examples(25)) { date in
      try WallClockMismatch.inNoZone { zone in
        WallClockGen.mismatch(date, zone).map { "at \(date.timeIntervalSince1970), \($0)" }
      }
    }
  }

  @Test("moving by days gives Calendar's instant in every zone, from any anchor the app accepts")
  func movesMatchCalendar() {
    let anchors = Gen.int(in: -62_135_596_800...253_402_300_799).map {
      Date(timeIntervalSince1970: Double($0))
    }
    let days = Gen.frequency(
      (4, Gen.int(in: -400...400)),
      (2, Gen.int(in: -ClockState.maxDayOffset...ClockState.maxDayOffset)))
    forAll(Gen.zip(anchors, days), .examples(20)) { anchor, days in
      try WallClockMismatch.inNoZone { WallClockGen.moveMismatch(anchor, days, $0) }
    }
  }

  @Test("moves onto and across daylight-saving changes, gaps and overlaps, match Calendar")
  func movesAroundTransitionsMatchCalendar() {
    let zoneIndex = Gen.int(in: 0...(WallClockGen.zones.count - 1))
    let around = Gen.zip(
      zoneIndex, Gen.int(in: 0...1_000_000),
      Gen.element(of: [-5_400, -3_601, -3_600, -1_800, -1, 0, 1, 900, 1_800, 3_599, 3_600, 5_400]),
      Gen.element(of: [1, -1, 2, -2, 7, -7, 365, -365, 3_653]))
    forAll(around, .examples(3_000)) { index, pick, delta, days in
      let zone = WallClockGen.zones[index]
      // A transition from 1900 on (Calendar looks for overlaps only after 1900), or none.
      let table = ZoneTable.of(zone)
      let recent = table.transitions.filter { $0 > -2_208_988_800 }
      guard !recent.isEmpty else { return true }
      let transition = recent[pick % recent.count]
      let target = Date(timeIntervalSince1970: Double(transition + Int64(delta)))
      if let problem = WallClockGen.mismatch(target, zone) {
        throw WallClockMismatch(zone: zone, problem: problem)
      }
      let anchor = target.addingTimeInterval(-86_400 * Double(days))
      if let problem = WallClockGen.moveMismatch(anchor, days, zone) {
        throw WallClockMismatch(zone: zone, problem: problem)
      }
      return true
    }
  }

  @Test("the day of an instant matches Foundation's, Gregorian in every year the clock shows")
  func calendarDayMatchesFoundation() {
    let zones = ["UTC", "Asia/Seoul", "America/New_York", "Pacific/Kiritimati", "Etc/GMT+12"]
      .compactMap(TimeZone.init(identifier:))
    forAll(WallClockGen.instant, .examples(300)) { date in
      for zone in zones {
        let day = CalendarDay(of: date, in: zone)
        let fields = WallClock.fields(of: date, in: ZoneTable.of(zone))
        guard [day.year, day.month, day.day] == [fields?.year, fields?.month, fields?.day],
          WallClockGen.mismatch(date, zone) == nil
        else { throw WallClockMismatch(zone: zone, problem: "day \(day) of \(date)") }
      }
      return true
    }
  }

  @Test("a table 100 times a real zone's length answers every look-up as a linear scan does")
  func hundredfoldTable() throws {
    let newYork = ZoneTable.of(try #require(TimeZone(identifier: "America/New_York")))
    let count = newYork.transitions.count * 100
    let transitions = (0..<Int64(count)).map { $0 * 3_600 * 13 - 4_000_000_000 }
    let offsets = (0...count).map { Int32($0 % 7 * 900 - 3_600) }
    let table = ZoneTable(transitions: transitions, offsets: offsets)
    var agreeing = 0
    var samples = 0
    var passed = 0  // transitions at or before the sample: a running count, not a search
    for step in stride(from: -4_100_000_000, to: transitions.last! + 100_000, by: 7_919_993) {
      samples += 1
      let instant = Int64(step)
      while passed < transitions.count, transitions[passed] <= instant { passed += 1 }
      let next = passed < transitions.count ? transitions[passed] : nil
      if table.offset(atUnix: instant) == Int(offsets[passed]),
        table.transition(after: instant) == next
      {
        agreeing += 1
      }
    }
    #expect(count > 30_000)
    #expect(samples > 200)
    #expect(agreeing == samples)
  }
}
