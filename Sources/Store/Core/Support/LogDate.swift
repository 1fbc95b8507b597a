import Foundation

/// The instants of an action log: ISO 8601 in UTC, `2026-11-29T03:45:12Z`, with exactly as many
/// fraction digits as it takes to give back the same `Date`, bit for bit.
///
/// ```swift
/// var bytes: [UInt8] = []
/// LogDate.append(date, to: &bytes)                      // 2026-11-29T03:45:12.345678Z
/// bytes.withUnsafeBytes { LogDate.parse($0) } == date   // true
/// ```
///
/// Written and read with integer arithmetic (days from the civil date, as in Howard Hinnant's
/// `days_from_civil`), never with `Calendar` or `DateFormatter`, which cost microseconds a call.
///
/// A `Date` is a `Double` of seconds since 2001-01-01T00:00:00Z. It is split into whole seconds
/// and a fraction in [0, 1); the fraction is written with Swift's shortest round-trip digits, so
/// reading adds the same two doubles back and gets the same value. (Within the one second before
/// 2001-01-01T00:00:00Z the subtraction itself can round, so the last bit may differ there.)
/// Instants outside the years 0001…9999 are not ISO dates; the log writes them as numbers of
/// seconds since 2001-01-01T00:00:00Z instead (see ``LogLineWriter/date(_:_:)``).
package enum LogDate {
  /// Seconds from 1970-01-01 to 2001-01-01, the reference date of `Date`.
  static let referenceToUnix: Int64 = 978_307_200
  /// 0001-01-01T00:00:00Z and 10000-01-01T00:00:00Z in seconds since 2001.
  static let earliest = Double(daysFromCivil(year: 1, month: 1, day: 1) * 86_400 - referenceToUnix)
  static let beyondLatest = Double(
    daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400 - referenceToUnix)

  /// Appends `date` as `"YYYY-MM-DDTHH:MM:SS[.f…]Z"` (no quotes), or returns false, appending
  /// nothing, when it is not within the years 0001…9999.
  @discardableResult
  package static func append(_ date: Date, to bytes: inout [UInt8]) -> Bool {
    let reference = date.timeIntervalSinceReferenceDate
    guard reference.isFinite, reference >= earliest, reference < beyondLatest else {
      return false
    }
    var whole = reference.rounded(.down)
    var fraction = reference - whole
    if fraction >= 1 {  // only within the second before 2001: see the type's note
      whole += 1
      fraction = 0
    }
    let unix = Int64(whole) + referenceToUnix
    let days = floorDivide(unix, 86_400)
    let secondOfDay = unix - days * 86_400
    let (year, month, day) = civil(fromDays: days)
    appendDigits(year, width: 4, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(month, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "-"))
    appendDigits(day, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: "T"))
    appendDigits(secondOfDay / 3600, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay / 60 % 60, width: 2, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    appendDigits(secondOfDay % 60, width: 2, to: &bytes)
    if fraction > 0 {
      bytes.append(UInt8(ascii: "."))
      bytes.append(contentsOf: fractionDigits(fraction).utf8)
    }
    bytes.append(UInt8(ascii: "Z"))
    return true
  }

  /// `date` as `YYYY-MM-DDTHH:MM:SS[.f…]Z`, or nil outside the years 0001…9999.
  package static func string(_ date: Date) -> String? {
    var bytes: [UInt8] = []
    guard append(date, to: &bytes) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads `YYYY-MM-DDTHH:MM:SS[.f…]Z`; nil when `text` is anything else or not a real date.
  package static func parse(_ text: String) -> Date? {
    var copy = text
    return copy.withUTF8 { parse(UnsafeRawBufferPointer($0)) }
  }

  /// Reads `YYYY-MM-DDTHH:MM:SS[.f…]Z` from raw UTF-8 bytes.
  package static func parse(_ bytes: UnsafeRawBufferPointer) -> Date? {
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"), bytes[bytes.count - 1] == UInt8(ascii: "Z")
    else { return nil }
    // The fourteen digits, each 0…9 or the text is not a date: a byte under '0' wraps to 246
    // and up, so one comparison of the largest catches every stray byte.
    func digit(_ index: Int) -> UInt8 { bytes[index] &- 0x30 }
    let y0 = digit(0), y1 = digit(1), y2 = digit(2), y3 = digit(3)
    let m0 = digit(5), m1 = digit(6), d0 = digit(8), d1 = digit(9)
    let h0 = digit(11), h1 = digit(12), n0 = digit(14), n1 = digit(15), s0 = digit(17)
    let s1 = digit(18)
    let largest = max(
      max(max(y0, y1), max(y2, y3)), max(max(m0, m1), max(d0, d1)),
      max(max(h0, h1), max(n0, n1)), max(s0, s1))
    guard largest < 10 else { return nil }
    func number(_ high: UInt8, _ low: UInt8) -> Int64 { Int64(high) * 10 + Int64(low) }
    let year = number(y0, y1) * 100 + number(y2, y3)
    let month = number(m0, m1)
    let day = number(d0, d1)
    let hour = number(h0, h1)
    let minute = number(n0, n1)
    let second = number(s0, s1)
    guard year >= 1, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var fraction = 0.0
    if bytes.count > 20 {
      // `.` then at least one digit, then the `Z` already checked.
      guard bytes[19] == UInt8(ascii: "."), bytes.count > 21 else { return nil }
      let fractionBytes = UnsafeRawBufferPointer(rebasing: bytes[20..<(bytes.count - 1)])
      guard let value = fractionValue(fractionBytes) else { return nil }
      fraction = value
    } else if bytes[19] != UInt8(ascii: "Z") {
      return nil
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let unix = days * 86_400 + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSinceReferenceDate: Double(unix - referenceToUnix) + fraction)
  }

  /// `0.` followed by `digits` (all decimal digits, at least one) as `Double(String)` reads it;
  /// nil if any is not a digit. Up to 15 digits (a whole number under 2^53 over a power of ten
  /// that is exact as a double) it is one correctly rounded division, which is what `strtod`
  /// gives (Clinger's fast path); more go to `Double(String)`.
  static func fractionValue(_ digits: UnsafeRawBufferPointer) -> Double? {
    var whole: Int64 = 0
    for byte in digits {
      guard byte >= 0x30, byte <= 0x39 else { return nil }
      if digits.count <= 15 { whole = whole * 10 + Int64(byte - 0x30) }
    }
    guard digits.count <= 15 else {
      return Double("0." + String(decoding: digits, as: UTF8.self))
    }
    return Double(whole) / powersOfTen[digits.count]
  }

  /// 10^0 … 10^15, each exactly a double.
  private static let powersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
  ]

  /// The digits after `0.` of `fraction` (0 < fraction < 1), shortest that read back exactly.
  static func fractionDigits(_ fraction: Double) -> String {
    let text = fraction.description  // "0.345678", or "1.2345e-05" for small values
    guard let e = text.firstIndex(of: "e") else { return String(text.dropFirst(2)) }
    let mantissa = text[..<e].filter { $0 != "." }
    let exponent = Int(text[text.index(after: e)...]) ?? 0  // negative: fraction < 1
    return String(repeating: "0", count: max(0, -exponent - 1)) + mantissa
  }

  package static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Year, month and day of the proleptic Gregorian calendar for a count of days since
  /// 1970-01-01 (Howard Hinnant's `civil_from_days`).
  package static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// Whether `year` has a 29 February.
  package static func isLeapYear(_ year: Int64) -> Bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
  }

  /// How many days `month` (1 to 12) of `year` has.
  package static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
  }

  private static func appendDigits(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
    var divisor: Int64 = 1
    for _ in 1..<width { divisor *= 10 }
    var rest = value
    while divisor > 0 {
      bytes.append(UInt8(0x30 + rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
