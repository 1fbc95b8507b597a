import Foundation
import Store

extension Gen where Value == Date {
  /// Dates in `range`, to the millisecond, spread uniformly over the range while searching (so a
  /// bug on one weekday or one hour is found as often as any other), with one draw in four moved
  /// to a time of day worth trying (midnight, the last millisecond of the day, a whole hour, the
  /// last hour) and one in eight to the same time on the last day of its month (UTC), so that
  /// rare dates — a leap day, a Saturday night — come up more often. Shrinks toward the date in
  /// the range nearest to 1970-01-01 (the range's start when it lies after it), and tries the
  /// nearest dates there that keep the time of day, the weekday, the day of the month or of the
  /// year.
  ///
  /// ```swift
  /// let start = Date(timeIntervalSince1970: 0)
  /// Gen.date(in: start...start.addingTimeInterval(86_400 * 365))
  /// ```
  public static func date(in range: ClosedRange<Date>) -> Gen<Date> {
    let low = Int64((range.lowerBound.timeIntervalSince1970 * 1000).rounded(.up))
    let high = Int64((range.upperBound.timeIntervalSince1970 * 1000).rounded(.down))
    precondition(low <= high, "Gen.date(in:) needs a range that holds a whole millisecond")
    let pivot = low > 0 ? low : (high < 0 ? high : 0)
    let up = UInt64(bitPattern: high &- pivot)
    let down = UInt64(bitPattern: pivot &- low)
    return Gen { draws in
      let start = draws.choices.count
      let offset = try draws.drawUniform(up: up, down: down) { position, random in
        let drawn = low &+ Int64(bitPattern: position)
        let moved = InterestingInstants.move(drawn, &random)
        return moved < low || moved > high ? position : UInt64(bitPattern: moved &- low)
      }
      let milliseconds =
        offset.negative
        ? pivot &- Int64(bitPattern: offset.magnitude)
        : pivot &+ Int64(bitPattern: offset.magnitude)
      for candidate in DateRewrites.candidates(
        of: milliseconds, pivot: pivot, low: low, high: high)
      {
        let simpler = Offset(candidate - pivot).index(up: up, down: down)
        draws.suggest([simpler], for: start..<draws.choices.count)
      }
      return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
  }
}

/// Instants worth trying more often than a uniform draw would: the edges of a day and of a month
/// (UTC, proleptic Gregorian), in milliseconds since 1970.
enum InterestingInstants {
  static let day: Int64 = 86_400_000
  static let hour: Int64 = 3_600_000

  /// `milliseconds`, or, one time in four, the same day at an interesting time, and one time in
  /// eight the same time of day on the last day of its month. O(1).
  static func move(_ milliseconds: Int64, _ random: inout SplitMix64) -> Int64 {
    guard milliseconds > Int64.min / 2, milliseconds < Int64.max / 2 else { return milliseconds }
    var days = floorDivide(milliseconds, day)
    var time = milliseconds - days * day
    if random.below(4) == 0 {
      switch random.below(4) {
      case 0: time = 0
      case 1: time = day - 1
      case 2: time = Int64(random.below(24)) * hour
      default: time = 23 * hour + Int64(random.below(UInt64(hour)))
      }
    }
    if random.below(8) == 0 { days = lastDayOfMonth(days) }
    return days * day + time
  }

  /// The day number (since 1970-01-01) of the last day of the month holding day `days`.
  static func lastDayOfMonth(_ days: Int64) -> Int64 {
    let (year, month, day) = civil(days)
    let lengths: [Int64] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let length = month == 2 && isLeap ? 29 : lengths[Int(month - 1)]
    return days + (length - day)
  }

  /// Year, month (1…12) and day (1…31) of day `days` since 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`).
  static func civil(_ days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shifted = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shifted + 2) / 5 + 1
    let month = shifted < 10 ? shifted + 3 : shifted - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
