import Features
import Foundation

/// Parses the ISO 8601 date-times time APIs send, in every variant seen:
/// `2026-11-29T03:45Z`, `2026-11-29T03:45:12.345678+00:00`, `2026-11-29T12:45:12.3456780`
/// (no offset: local time in `defaultZone`).
///
/// ```swift
/// ISO8601Text.date(from: "2026-11-29T03:45Z")   // 2026-11-29 03:45:00 UTC
/// try ISO8601Text.parse("2026-02-30T00:00:00Z")
/// // throws .notReal("February 2026 has 28 days")
/// ```
///
/// Only real instants are accepted: a real calendar day (no 30 February), a real time of day
/// (a second of 60, a leap second, counts as the next minute's first), an offset of at most 18
/// hours, and an instant within the years 0001…9999 (``ValueRanges``).
public enum ISO8601Text {
  /// The instant `text` names, or nil when it names none (see ``parse(_:defaultZone:)`` for why).
  ///
  /// ```swift
  /// ISO8601Text.date(from: "2026-11-29T12:45:12", defaultZone: seoul)   // 03:45:12 UTC
  /// ```
  public static func date(from text: String, defaultZone: TimeZone = .gmt) -> Date? {
    try? parse(text, defaultZone: defaultZone)
  }

  /// The instant `text` names, or why it names none.
  ///
  /// ```swift
  /// do { _ = try ISO8601Text.parse("2026-13-01T00:00Z") } catch {
  ///   print(error)   // is not a real date: there is no month 13
  /// }
  /// ```
  public static func parse(_ text: String, defaultZone: TimeZone = .gmt) throws(ISO8601TextError)
    -> Date
  {
    var scanner = Substring(text)
    guard let year = number(&scanner, digits: 4), skip("-", &scanner),
      let month = number(&scanner, digits: 2), skip("-", &scanner),
      let day = number(&scanner, digits: 2), skip("T", &scanner) || skip(" ", &scanner),
      let hour = number(&scanner, digits: 2), skip(":", &scanner),
      let minute = number(&scanner, digits: 2)
    else { throw .notInTheForm }
    var second = 0
    var fraction = 0.0
    if skip(":", &scanner) {
      guard let value = number(&scanner, digits: 2) else { throw .notInTheForm }
      second = value
      if skip(".", &scanner) || skip(",", &scanner) {
        let digits = scanner.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { throw .notInTheForm }
        fraction = Double("0." + digits) ?? 0
        scanner = scanner.dropFirst(digits.count)
      }
    }
    var zone = defaultZone
    if skip("Z", &scanner) || skip("z", &scanner) {
      zone = .gmt
    } else if let sign = scanner.first, sign == "+" || sign == "-" {
      scanner = scanner.dropFirst()
      guard let hours = number(&scanner, digits: 2) else { throw .notInTheForm }
      _ = skip(":", &scanner)
      let minutes = number(&scanner, digits: 2) ?? 0
      let offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
      guard minutes < 60, let fixed = TimeZone(secondsFromGMT: offset) else {
        throw .notReal("there is no offset of \(sign)\(pad(hours)):\(pad(minutes))")
      }
      zone = fixed
    }
    guard scanner.isEmpty else { throw .notInTheForm }
    if year == 0 { throw .outOfRange("is before the year 0001") }
    if let problem = CalendarDay.problem(year: year, month: month, day: day) {
      throw .notReal(problem)
    }
    guard hour < 24, minute < 60, second <= 60 else {
      throw .notReal(
        "there is no time \(pad(hour)):\(pad(minute)):\(pad(second))")
    }
    let parts = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let whole = Calendar.gregorian(in: zone).date(from: parts) else {
      throw .notReal("the calendar has no such instant")
    }
    let date = whole.addingTimeInterval(fraction)
    if let problem = ValueRanges.problem(instant: date) { throw .outOfRange(problem) }
    return date
  }

  private static func number(_ scanner: inout Substring, digits: Int) -> Int? {
    let prefix = scanner.prefix(digits)
    guard prefix.count == digits, prefix.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    scanner = scanner.dropFirst(digits)
    return Int(prefix)
  }

  /// Two digits at least: `7` as `07`.
  private static func pad(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }

  private static func skip(_ character: Character, _ scanner: inout Substring) -> Bool {
    guard scanner.first == character else { return false }
    scanner = scanner.dropFirst()
    return true
  }
}

/// Why a text names no instant, worded to follow the text: `'2026-02-30T00:00:00Z' is not a
/// real date: February 2026 has 28 days`.
///
/// ```swift
/// ISO8601TextError.notReal("there is no month 13").description
/// // "is not a real date: there is no month 13"
/// ```
public enum ISO8601TextError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Not `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH[:MM]]`.
  case notInTheForm
  /// The form, but no such day, time or offset; the reason, e.g. `February 2026 has 28 days`.
  case notReal(String)
  /// A real instant outside the years 0001…9999; the reason, e.g. `is before the year 0001`.
  case outOfRange(String)

  public var description: String {
    switch self {
    case .notInTheForm: "is not an ISO 8601 date-time such as 2026-11-29T03:45:12Z"
    case .notReal(let reason): "is not a real date: \(reason)"
    case .outOfRange(let reason): reason
    }
  }
}
