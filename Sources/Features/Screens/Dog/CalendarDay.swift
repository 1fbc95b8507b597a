import Foundation
import Store

/// A day of the Gregorian calendar, with no time of day and no zone: a birthday, or "today" as
/// the clock screen shows it.
///
/// Every value is a real day: the initialisers check the month and the day against the calendar,
/// leap years included. It is encoded as its `YYYY-MM-DD` text.
///
/// ```swift
/// let birthday = CalendarDay(year: 2024, month: 2, day: 29)!    // a leap day
/// CalendarDay(year: 2026, month: 2, day: 30)                    // nil
/// try CalendarDay(parsing: "2024-10-29").description            // "2024-10-29"
/// birthday.wholeYears(until: CalendarDay(year: 2025, month: 3, day: 1)!)   // 1
/// ```
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
  /// The astronomical year: 1 is 1 AD, 0 is 1 BC.
  public let year: Int
  /// 1 (January) to 12.
  public let month: Int
  /// 1 to the length of the month.
  public let day: Int

  /// English month names, January first.
  public static let monthNames = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]

  /// The years typed dates may name: four digits, 0001 to 9999.
  public static let typedYears = 1...9999

  /// The day, or nil when there is no such day (month 13, 30 February, 29 February 2026, …).
  public init?(year: Int, month: Int, day: Int) {
    guard CalendarDay.problem(year: year, month: month, day: day) == nil else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `date` falls on in `timeZone`, in the proleptic Gregorian calendar (also before
  /// 1582, where Foundation's `Calendar` turns Julian).
  public init(of date: Date, in timeZone: TimeZone) {
    var lookup = ZoneLookup(timeZone)
    self.init(of: date, in: timeZone, lookup: &lookup)
  }

  /// The day `date` falls on, looking up in the table of `timeZone`.
  init(of date: Date, in timeZone: TimeZone, lookup: inout ZoneLookup) {
    if let shown = WallClock.fields(of: date, in: &lookup) {
      (year, month, day) = (shown.year, shown.month, shown.day)
      return
    }
    // Not finite, or hundreds of millennia away: no state within the app's ranges.
    let parts = Calendar.gregorian(in: timeZone).dateComponents(
      [.era, .year, .month, .day], from: date)
    let yearOfEra = parts.year ?? 1970
    year = parts.era == 0 ? 1 - yearOfEra : yearOfEra
    month = parts.month ?? 1
    day = parts.day ?? 1
  }

  /// Reads `YYYY-MM-DD` (ASCII digits, years 0001 to 9999).
  ///
  /// ```swift
  /// try CalendarDay(parsing: "2026-02-30")   // throws .notReal("February 2026 has 28 days")
  /// ```
  public init(parsing text: String) throws(CalendarDayError) {
    let scalars = Array(text.unicodeScalars)
    let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
    guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-",
      scalars.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }),
      let year = Int(String(text.prefix(4))),
      let month = Int(String(text.dropFirst(5).prefix(2))),
      let day = Int(String(text.suffix(2)))
    else { throw .notInTheForm }
    if !CalendarDay.typedYears.contains(year) { throw .notReal("years run from 0001 to 9999") }
    if let problem = CalendarDay.problem(year: year, month: month, day: day) {
      throw .notReal(problem)
    }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Why there is no such day, or nil when there is.
  public static func problem(year: Int, month: Int, day: Int) -> String? {
    guard (1...12).contains(month) else { return "there is no month \(month)" }
    let length = daysIn(month: month, year: year)
    guard (1...length).contains(day) else {
      return day < 1
        ? "there is no day \(day)" : "\(monthNames[month - 1]) \(year) has \(length) days"
    }
    return nil
  }

  /// Whether `year` has a 29 February.
  public static func isLeapYear(_ year: Int) -> Bool {
    LogDate.isLeapYear(Int64(year))
  }

  /// How many days `month` (1 to 12) of `year` has.
  public static func daysIn(month: Int, year: Int) -> Int {
    Int(LogDate.daysIn(month: Int64(month), year: Int64(year)))
  }

  /// Whole years from the start of this day to the start of `later`, as ages are counted: one
  /// more on each anniversary. A 29 February birthday's anniversary is 1 March in common years.
  /// Negative when `later` comes first.
  /// Saturates at `Int.min` and `Int.max` for days further apart than an `Int` counts.
  public func wholeYears(until later: CalendarDay) -> Int {
    let (years, overflow) = later.year.subtractingReportingOverflow(year)
    if overflow { return later.year > year ? .max : .min }
    guard (later.month, later.day) < (month, day) else { return years }
    return years == .min ? .min : years - 1
  }

  public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
    (a.year, a.month, a.day) < (b.year, b.month, b.day)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2)
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let value = CalendarDay(stored: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a day in the form YYYY-MM-DD")
    }
    self = value
  }

  /// The day `text` stores, as `Codable` writes it (`2024-10-29`, `-0005-01-01`); nil when it
  /// is not one. The action log's own state reader reads days with it too.
  package init?(stored text: String) {
    // Stored days may lie outside the years people type (a launch instant far in the past
    // gives the example dog such a birthday), so any year is read back, sign included.
    let negative = text.hasPrefix("-")
    let parts = (negative ? text.dropFirst() : Substring(text)).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      let value = CalendarDay(year: negative ? -year : year, month: month, day: day)
    else { return nil }
    self = value
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}

/// Why a text is not a ``CalendarDay``.
///
/// ```swift
/// do { _ = try CalendarDay(parsing: "2026-13-01") } catch {
///   print(error)   // not a real date: there is no month 13
/// }
/// ```
public enum CalendarDayError: Error, Equatable, Sendable, CustomStringConvertible {
  /// It is not `YYYY-MM-DD` in ASCII digits.
  case notInTheForm
  /// It has the form, but names no real day; the reason, e.g. `February 2026 has 28 days`.
  case notReal(String)

  public var description: String {
    switch self {
    case .notInTheForm: "not in the form YYYY-MM-DD"
    case .notReal(let reason): "not a real date: \(reason)"
    }
  }
}

extension Int {
  /// In decimal, zero-padded to `width` digits after any minus sign: `7.zeroPadded(2)` is `07`,
  /// `(-42).zeroPadded(4)` is `-0042`.
  func zeroPadded(_ width: Int) -> String {
    let digits = String(magnitude)
    let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    return self < 0 ? "-" + padded : padded
  }
}
