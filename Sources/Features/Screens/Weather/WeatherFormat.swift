import Foundation

/// The weather screen's display rules, built from calendar fields and integer arithmetic rather
/// than `DateFormatter` and `NumberFormatter`, so that they cost little and never depend on the
/// machine's locale or ICU data. Tests hold them to the formatters the example used.
///
/// ```swift
/// WeatherFormat.temperature(40.5)                 // "40": half to even, as NumberFormatter
/// WeatherFormat.date(now, in: seoul)              // "Sunday, Nov 29"
/// WeatherFormat.locationName(of: anchorage)       // "Anchorage, AK"
/// ```
public enum WeatherFormat {
  /// English weekday names, Sunday first (Gregorian weekday 1).
  static let weekdayNames = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// `degrees` as the example's `NumberFormatter` (style `.none`) shows it: rounded to a whole
  /// number half to even (its default rounding mode: 40.5 → `40`, 41.5 → `42`), no grouping,
  /// and a minus sign kept on a negative number that rounds to zero (-0.4 → `-0`). Values no
  /// weather has — beyond 2^53 (up to 1e40, past which its own output is garbled), infinite,
  /// NaN — are printed as it prints them too.
  public static func temperature(_ degrees: Double) -> String {
    let sign = degrees.sign == .minus ? "-" : ""
    guard degrees.isFinite else { return degrees.isNaN ? "NaN" : sign + "+∞" }
    let rounded = degrees.rounded(.toNearestOrEven).magnitude
    // Below 2^53 every whole Double is exactly an Int.
    guard rounded >= 9_007_199_254_740_992 else { return sign + String(Int(rounded)) }
    // Beyond, NumberFormatter writes the shortest digits that identify the Double, then zeros.
    let text = "\(rounded)"  // "9007199254740992.0" or "1.2345678901234568e+20"
    let parts = text.split(separator: "e")
    let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
    let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    let fraction = mantissa.count > 1 && mantissa[1] != "0" ? String(mantissa[1]) : ""
    let zeros = String(repeating: "0", count: max(0, exponent - fraction.count))
    return sign + mantissa[0] + fraction + zeros
  }

  /// `date` as `EEEE, MMM d` in English, in `timeZone`: `Sunday, Nov 29`.
  public static func date(_ date: Date, in timeZone: TimeZone) -> String {
    let parts = Calendar.gregorian(in: timeZone).dateComponents(
      [.weekday, .month, .day], from: date)
    let weekday = weekdayNames[wrapped((parts.weekday ?? 1) - 1, 7)]
    let month = CalendarDay.monthNames[wrapped((parts.month ?? 1) - 1, 12)].prefix(3)
    return "\(weekday), \(month) \(parts.day ?? 1)"
  }

  /// `index` brought into `0..<count`, whatever the calendar answered.
  private static func wrapped(_ index: Int, _ count: Int) -> Int {
    let remainder = index % count
    return remainder < 0 ? remainder + count : remainder
  }

  /// The zone a report's date is shown in: the one the weather API gave, else the place's, else
  /// UTC when neither is a zone this system knows.
  public static func zone(of place: Place, _ report: WeatherReport) -> TimeZone {
    report.timeZone.flatMap(TimeZone.init(identifier:)) ?? TimeZone(identifier: place.timeZone)
      ?? .gmt
  }

  /// The name the screen shows for `place`: its name, followed for places in the United States
  /// by the state's code, as the example's iOS geocoder wrote them (`Anchorage, AK`,
  /// `Paris, TX`); elsewhere the name alone (`Seoul`, `Paris`).
  public static func locationName(of place: Place) -> String {
    guard place.countryCode == "US", let code = place.regionCode, !code.isEmpty else {
      return place.name
    }
    return "\(place.name), \(code)"
  }
}
