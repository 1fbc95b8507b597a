import Features
import Foundation

/// Parses the ISO 8601 date-times time APIs send, in every variant seen:
/// `2026-11-29T03:45Z`, `2026-11-29T03:45:12.345678+00:00`, `2026-11-29T12:45:12.3456780`
/// (no offset: local time in `defaultZone`).
///
/// ```swift
/// ISO8601Text.date(from: "2026-11-29T03:45Z")   // 2026-11-29 03:45:00 UTC
/// ```
public enum ISO8601Text {
  public static func date(from text: String, defaultZone: TimeZone = .gmt) -> Date? {
    var scanner = Substring(text)
    guard let year = number(&scanner, digits: 4), skip("-", &scanner),
      let month = number(&scanner, digits: 2), skip("-", &scanner),
      let day = number(&scanner, digits: 2), skip("T", &scanner) || skip(" ", &scanner),
      let hour = number(&scanner, digits: 2), skip(":", &scanner),
      let minute = number(&scanner, digits: 2)
    else { return nil }
    var second = 0
    var fraction = 0.0
    if skip(":", &scanner) {
      guard let value = number(&scanner, digits: 2) else { return nil }
      second = value
      if skip(".", &scanner) || skip(",", &scanner) {
        let digits = scanner.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return nil }
        fraction = Double("0." + digits) ?? 0
        scanner = scanner.dropFirst(digits.count)
      }
    }
    var zone = defaultZone
    if skip("Z", &scanner) || skip("z", &scanner) {
      zone = .gmt
    } else if let sign = scanner.first, sign == "+" || sign == "-" {
      scanner = scanner.dropFirst()
      guard let hours = number(&scanner, digits: 2) else { return nil }
      _ = skip(":", &scanner)
      let minutes = number(&scanner, digits: 2) ?? 0
      let offset = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
      guard let fixed = TimeZone(secondsFromGMT: offset) else { return nil }
      zone = fixed
    }
    guard scanner.isEmpty, (1...12).contains(month), (1...31).contains(day), hour < 24,
      minute < 60, second < 61
    else { return nil }
    let parts = DateComponents(
      year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let whole = Calendar.gregorian(in: zone).date(from: parts) else { return nil }
    return whole.addingTimeInterval(fraction)
  }

  private static func number(_ scanner: inout Substring, digits: Int) -> Int? {
    let prefix = scanner.prefix(digits)
    guard prefix.count == digits, prefix.allSatisfy({ $0.isASCII && $0.isNumber }) else {
      return nil
    }
    scanner = scanner.dropFirst(digits)
    return Int(prefix)
  }

  private static func skip(_ character: Character, _ scanner: inout Substring) -> Bool {
    guard scanner.first == character else { return false }
    scanner = scanner.dropFirst()
    return true
  }
}
