import Store

/// Simpler dates that keep what calendar bugs depend on, for `Gen.date(in:)` to propose to the
/// shrinker: the same time of day, the same weekday and time, the same day of the month and the
/// same day of the year, each on the day nearest to the range's simplest date. A binary search
/// on the milliseconds cannot find them, as almost every date between fails to keep the trait:
/// a Saturday afternoon in August becomes the first Saturday afternoon of the range.
enum DateRewrites {
  static let week: Int64 = 7 * InterestingInstants.day

  /// The dates, in milliseconds since 1970, nearer to `pivot` than `milliseconds` and on its
  /// side, within `low...high`, that share its time of day, its weekday and time, its day of the
  /// month and time, or its month, day and time. O(1): at most 12 months and 8 years are tried.
  static func candidates(of milliseconds: Int64, pivot: Int64, low: Int64, high: Int64)
    -> [Int64]
  {
    guard milliseconds != pivot, milliseconds > Int64.min / 4, milliseconds < Int64.max / 4,
      pivot > Int64.min / 4, pivot < Int64.max / 4
    else { return [] }
    let upward = milliseconds > pivot
    var result: [Int64] = []
    // The time of day, and the weekday with it: residues of a day and of a week.
    for period in [InterestingInstants.day, week] {
      let residue = modulo(milliseconds, period)
      var candidate = pivot - modulo(pivot, period) + residue
      if upward, candidate < pivot { candidate += period }
      if !upward, candidate > pivot { candidate -= period }
      result.append(candidate)
    }
    let day = InterestingInstants.day
    let days = floorDivide(milliseconds, day)
    let time = milliseconds - days * day
    let (_, month, dayOfMonth) = InterestingInstants.civil(days)
    let (pivotYear, pivotMonth, _) = InterestingInstants.civil(floorDivide(pivot, day))
    let step: Int64 = upward ? 1 : -1
    // The day of the month, in the first month from the pivot's that has it.
    var (y, m) = (pivotYear, pivotMonth)
    for _ in 0..<12 {
      if let date = civilDays(y, m, dayOfMonth) { result.append(date * day + time) }
      m += step
      if m == 13 { (y, m) = (y + 1, 1) }
      if m == 0 { (y, m) = (y - 1, 12) }
    }
    // The month and day (a leap day too), in the first year from the pivot's that has it.
    for offset in 0..<8 {
      if let date = civilDays(pivotYear + step * Int64(offset), month, dayOfMonth) {
        result.append(date * day + time)
      }
    }
    return result.filter { candidate in
      candidate >= low && candidate <= high
        && (upward
          ? candidate >= pivot && candidate < milliseconds
          : candidate <= pivot && candidate > milliseconds)
    }
  }

  /// The day number (since 1970-01-01) of a date, nil when the month has no such day.
  static func civilDays(_ year: Int64, _ month: Int64, _ day: Int64) -> Int64? {
    let lengths: [Int64] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    guard (1...12).contains(month), day >= 1,
      day <= (month == 2 && isLeap ? 29 : lengths[Int(month - 1)])
    else { return nil }
    return LogDate.daysFromCivil(year: year, month: month, day: day)
  }

  private static func modulo(_ a: Int64, _ b: Int64) -> Int64 {
    let remainder = a % b
    return remainder < 0 ? remainder + b : remainder
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    a >= 0 ? a / b : -((-a + b - 1) / b)
  }
}
