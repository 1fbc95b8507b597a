import Foundation
import Store

/// The date and time an instant shows on a wall clock in a zone — proleptic Gregorian,
/// astronomical years (0 is 1 BC) — and moving an instant by calendar days keeping that time,
/// with integer arithmetic on a ``ZoneTable`` instead of Foundation's `Calendar`.
///
/// Both give exactly `Calendar(identifier: .gregorian)`'s answers, bit for bit, except that
/// `Calendar` switches to the Julian calendar before 1582-10-15; this stays Gregorian, as ISO 8601,
/// the action log and ``CalendarDay`` do. Instants further than about 300,000 years from 1970 and
/// moves of more than 100,000,000 days are left to `Calendar` (``fields(of:in:)`` returns nil):
/// no state within ``ValueRanges`` comes near them.
///
/// Bounds: O(log T) for a zone of T transitions (see ``ZoneTable``); no allocation.
///
/// ```swift
/// let table = ZoneTable.of(TimeZone(identifier: "Asia/Seoul")!)
/// WallClock.fields(of: Date(timeIntervalSince1970: 1_795_923_912), in: table)?.hour   // 12
/// ```
struct WallClock: Equatable {
  /// Astronomical year: 1 is 1 AD, 0 is 1 BC, -1 is 2 BC.
  var year: Int
  /// 1 to 12.
  var month: Int
  /// 1 to 31.
  var day: Int
  /// 0 to 23.
  var hour: Int
  /// 0 to 59.
  var minute: Int
  /// 0 to 59.
  var second: Int

  /// Seconds from 1970 to 2001, the reference date of `Date`.
  private static let referenceToUnix = 978_307_200.0
  /// The instants handled here, in seconds since 2001: about ±300,000 years.
  private static let handled = -1e13...1e13
  /// The largest move in days handled here.
  private static let maxDays = 100_000_000

  /// The wall-clock fields of `date` in the zone of `table`, or nil when `date` is not finite or
  /// further from 1970 than this type handles.
  static func fields(of date: Date, in table: ZoneTable) -> WallClock? {
    var lookup = ZoneLookup(table)
    return fields(of: date, in: &lookup)
  }

  /// The wall-clock fields of `date`, looking up in `table` (keeping the span it used).
  static func fields(of date: Date, in table: inout ZoneLookup) -> WallClock? {
    let reference = date.timeIntervalSinceReferenceDate
    guard handled.contains(reference) else { return nil }
    // As `Calendar` does: add the offset to the instant, then round down to the second.
    let local =
      Int64((reference + Double(table.offset(atUnix: unix(reference)))).rounded(.down))
      + Int64(referenceToUnix)
    let days = floorDivide(local, 86_400)
    let secondOfDay = Int(local - days * 86_400)
    let civil = LogDate.civil(fromDays: days)
    return WallClock(
      year: Int(civil.year), month: Int(civil.month), day: Int(civil.day),
      hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60, second: secondOfDay % 60)
  }

  /// `date` moved by `days` calendar days in the zone of `table`, keeping the wall-clock time:
  /// `Calendar.date(byAdding: .day, value: days, to: date)`, step for step. A time a
  /// daylight-saving change skips comes out as the instant that much later (02:30 on a
  /// spring-forward day is 03:30); a time that happens twice comes out as its first occurrence
  /// when moving forward. Nil when `date` or the move is more than this type handles.
  static func date(_ date: Date, movedBy days: Int, in table: inout ZoneLookup) -> Date? {
    guard days != 0 else { return date }
    let reference = date.timeIntervalSinceReferenceDate
    guard handled.contains(reference), days.magnitude <= maxDays.magnitude else { return nil }
    // The whole seconds rounded down and the fraction past them: both exact, and the same as
    // `truncatingRemainder` corrected by one for negative instants, without its `fmod` call.
    let whole = reference.rounded(.down)
    let fraction = reference - whole
    let unadjusted = whole + Double(days) * 86_400
    var moved = unadjusted
    let wallTime = timeOfDay(reference, &table)
    if wallTime != timeOfDay(moved, &table) {
      let newOffset = table.offset(atUnix: unix(moved))
      let oldOffset = table.offset(atUnix: unix(reference))
      if newOffset != oldOffset {
        moved += Double(oldOffset - newOffset)
        if timeOfDay(moved, &table) != wallTime, oldOffset < newOffset {
          moved = unadjusted
        }
      }
    }
    // A time that happens twice (a fall-back hour) is rewound to its first occurrence.
    if days > 0, let repeated = repeatedSeconds(at: moved, &table) {
      moved -= repeated
    }
    return Date(timeIntervalSinceReferenceDate: moved + fraction)
  }

  /// The seconds since local midnight `reference` (seconds since 2001) shows.
  private static func timeOfDay(_ reference: Double, _ table: inout ZoneLookup) -> Int64 {
    let local = Int64((reference + Double(table.offset(atUnix: unix(reference)))).rounded(.down))
    return (local % 86_400 + 86_400) % 86_400
  }

  /// When `reference` lies within the hour (or so) a backward transition repeats, its length in
  /// seconds: as `Calendar` decides it, from the first transition after 48 hours earlier, and
  /// never before 1900.
  private static func repeatedSeconds(at reference: Double, _ table: inout ZoneLookup)
    -> Double?
  {
    guard reference >= -3_187_299_600 else { return nil }
    let start = unix(reference - 48 * 3600)
    guard let transition = table.transition(after: start) else { return nil }
    let at = Double(transition) - referenceToUnix
    guard at <= reference else { return nil }
    let repeated = table.offset(atUnix: transition - 1) - table.offset(atUnix: transition + 1)
    guard repeated > 0, reference < at + Double(repeated) else { return nil }
    return Double(repeated)
  }

  /// Whole Unix seconds (rounded down) of `reference` seconds since 2001.
  private static func unix(_ reference: Double) -> Int64 {
    Int64(reference.rounded(.down)) + Int64(referenceToUnix)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
  }
}
