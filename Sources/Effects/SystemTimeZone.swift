import Foundation

/// The zone the clock shows when `--time-zone` is not given: the `TZ` environment variable read
/// as the C library reads it, else the system's zone.
///
/// - `TZ` unset: the system's zone (`/etc/localtime`), Foundation's `TimeZone.current`.
/// - `TZ` empty: UTC. `TZ=:NAME` or `TZ=/…/zoneinfo/NAME`: the zone NAME.
/// - `TZ` naming a zone the system has (`Asia/Seoul`, `UTC`, `EST5EDT`): that zone.
/// - otherwise POSIX form, `std offset` (`UTC+3`, `JST-9`, `<+0530>-5:30`): a fixed offset
///   whose sign is the C library's — **west** of Greenwich is positive, so `UTC+3` is three hours
///   *behind* UTC. (Foundation reads `UTC+3` as three hours ahead, which would put the clock 6
///   hours off.)
///
/// Refused with a ``TimeZoneError`` saying why and what to use instead: the POSIX form with daylight-saving rules
/// (`CET-1CEST,M3.5.0,M10.5.0/3`, which the clock could not follow), offsets beyond ±18 hours
/// or not in whole minutes, and text that is neither a zone name nor POSIX form (the C library
/// silently shows UTC for it). Reading is linear in the length of `TZ`.
///
/// ```swift
/// try SystemTimeZone.zone(fromTZ: "UTC+3").secondsFromGMT()   // -10800
/// ```
package enum SystemTimeZone {
  /// Where the C library looks for zone files.
  package static let zoneFolder = "/usr/share/zoneinfo/"

  /// The zone `tz` (the value of `TZ`, nil when unset) names.
  package static func zone(fromTZ tz: String?) throws(TimeZoneError) -> TimeZone {
    guard let tz else { return .current }
    if tz.isEmpty { return .gmt }
    var name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
    if name.hasPrefix("/"), let range = name.range(of: "/zoneinfo/") {
      name = String(name[range.upperBound...])
    }
    if isZoneName(name), let zone = TimeZone(identifier: name) { return zone }
    if tz.hasPrefix(":") || tz.hasPrefix("/") {
      throw TimeZoneError(
        "TZ='\(tz)' names no time zone this system knows; set TZ to a zone name such as "
          + "Asia/Seoul, or pass --time-zone")
    }
    return try posixZone(tz)
  }

  /// The zone `--time-zone ID` names: a zone name (`Asia/Seoul`, `UTC`), or an ISO 8601 offset
  /// east of UTC (`+09:00`, `-0530`, `+3`). `UTC+3` and `GMT+3` are refused, saying why: the
  /// same text read as `TZ` is three hours *west* (POSIX), and Foundation reads it as three hours
  /// east, so either reading would surprise someone. Linear in the length of `id`.
  ///
  /// ```swift
  /// try SystemTimeZone.zone(fromOption: "+09:00").secondsFromGMT()   // 32400
  /// try SystemTimeZone.zone(fromOption: "UTC+3")                     // throws: ambiguous
  /// ```
  package static func zone(fromOption id: String) throws(TimeZoneError) -> TimeZone {
    if let east = isoOffset(Substring(id)) {
      guard east.magnitude <= 18 * 3600, let zone = TimeZone(secondsFromGMT: east) else {
        throw TimeZoneError(
          "--time-zone '\(id)' is more than 18 hours from UTC; use an offset within ±18:00 or a "
            + "zone name such as Asia/Seoul")
      }
      return zone
    }
    let prefix = id.prefix(3).uppercased()
    if prefix == "UTC" || prefix == "GMT", let seconds = isoOffset(id.dropFirst(3)) {
      let amount = hoursAndMinutes(abs(seconds))
      let text = offsetText(abs(seconds))
      throw TimeZoneError(
        "--time-zone '\(id)' is ambiguous: POSIX (as in TZ=\(id)) puts it \(amount) west of UTC, "
          + "Foundation \(amount) east; write the offset alone, east of UTC positive as in "
          + "ISO 8601: +\(text) (\(amount) east) or -\(text) (\(amount) west), or a zone name such "
          + "as Europe/Moscow")
    }
    guard let zone = TimeZone(identifier: id) else {
      throw TimeZoneError("unknown time zone '\(id)'; use an IANA name such as Asia/Seoul or UTC")
    }
    return zone
  }

  /// `[+-]h`, `[+-]hh`, `[+-]hh:mm` or `[+-]hhmm` (hours 0…99, minutes 0…59): seconds east of
  /// UTC, or nil.
  private static func isoOffset(_ text: Substring) -> Int? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    let body = text.dropFirst()
    let parts = body.split(separator: ":", omittingEmptySubsequences: false)
    let hours: Substring
    var minutes: Substring = "0"
    switch parts.count {
    case 1 where body.count == 4:
      (hours, minutes) = (body.prefix(2), body.suffix(2))
    case 1:
      hours = body
    case 2 where parts[1].count == 2:
      (hours, minutes) = (parts[0], parts[1])
    default:
      return nil
    }
    guard (1...2).contains(hours.count), hours.allSatisfy({ $0.isASCII && $0.isNumber }),
      minutes.allSatisfy({ $0.isASCII && $0.isNumber }), let h = Int(hours), let m = Int(minutes),
      m < 60
    else { return nil }
    return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
  }

  /// `3 hours`, `5 hours 30 minutes`, `1 hour`.
  private static func hoursAndMinutes(_ seconds: Int) -> String {
    let (h, m) = (seconds / 3600, seconds % 3600 / 60)
    let hours = "\(h) hour\(h == 1 ? "" : "s")"
    return m == 0 ? hours : "\(hours) \(m) minute\(m == 1 ? "" : "s")"
  }

  /// `03:00`, `05:30`.
  private static func offsetText(_ seconds: Int) -> String {
    let (h, m) = (seconds / 3600, seconds % 3600 / 60)
    return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
  }

  /// Whether `name` names a zone file, as the C library tries first: a file under
  /// ``zoneFolder``, or (where that folder is absent) a zone Foundation lists.
  private static func isZoneName(_ name: String) -> Bool {
    guard !name.isEmpty, !name.contains(".."), !name.hasPrefix("/") else { return false }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: zoneFolder + name, isDirectory: &isFolder) {
      return !isFolder.boolValue
    }
    return TimeZone.knownTimeZoneIdentifiers.contains(name)
  }

  /// `std offset` of POSIX: a name of three or more letters, or `<…>` of letters, digits, `+`
  /// and `-`; then `[+-]hh[:mm[:ss]]`, hours west of Greenwich.
  private static func posixZone(_ tz: String) throws(TimeZoneError) -> TimeZone {
    var rest = Substring(tz)
    let name: Substring
    if rest.hasPrefix("<") {
      guard let close = rest.firstIndex(of: ">") else { throw notPOSIX(tz) }
      name = rest[rest.index(after: rest.startIndex)..<close]
      let allowed = { (c: Character) in
        c.isASCII && (c.isLetter || c.isNumber || c == "+" || c == "-")
      }
      guard name.count >= 3, name.allSatisfy(allowed) else { throw notPOSIX(tz) }
      rest = rest[rest.index(after: close)...]
    } else {
      name = rest.prefix { $0.isASCII && $0.isLetter }
      guard name.count >= 3 else { throw notPOSIX(tz) }
      rest = rest.dropFirst(name.count)
    }
    guard let west = offsetSeconds(&rest) else { throw notPOSIX(tz) }
    guard rest.isEmpty else {
      throw TimeZoneError(
        "TZ='\(tz)' has daylight-saving rules after its offset, which uniflow does not follow; "
          + "set TZ to a zone name such as Europe/Paris, or pass --time-zone")
    }
    guard west % 60 == 0, west.magnitude <= 18 * 3600,
      let zone = TimeZone(secondsFromGMT: -west)
    else {
      throw TimeZoneError(
        "TZ='\(tz)' is \(west) seconds west of UTC; uniflow takes offsets in whole minutes "
          + "within 18 hours; pass --time-zone, e.g. --time-zone Asia/Seoul")
    }
    return zone
  }

  /// Reads `[+-]hh[:mm[:ss]]` (hours 0…24, minutes and seconds 0…59) from the front of `text`:
  /// seconds west of Greenwich, or nil.
  private static func offsetSeconds(_ text: inout Substring) -> Int? {
    var sign = 1
    if let first = text.first, first == "+" || first == "-" {
      sign = first == "-" ? -1 : 1
      text = text.dropFirst()
    }
    var total = 0
    for (index, limit) in [24, 59, 59].enumerated() {
      if index > 0 {
        guard text.first == ":" else { break }
        text = text.dropFirst()
      }
      let digits = text.prefix { $0.isASCII && $0.isNumber }
      guard (1...2).contains(digits.count), let value = Int(digits), value <= limit else {
        return nil
      }
      text = text.dropFirst(digits.count)
      total += value * [3600, 60, 1][index]
    }
    return sign * total
  }

  private static func notPOSIX(_ tz: String) -> TimeZoneError {
    TimeZoneError(
      "TZ='\(tz)' is neither a time zone name nor POSIX form such as UTC+3 (three hours west of "
        + "UTC); set TZ to a zone name such as Asia/Seoul, or pass --time-zone")
  }
}

/// A time zone setting (`TZ`, `--time-zone`) that names no zone the clock can follow: what is
/// wrong and what to use instead.
///
/// ```swift
/// TimeZoneError("unknown time zone 'Mars'").message   // "unknown time zone 'Mars'"
/// ```
package struct TimeZoneError: Error, Equatable {
  package let message: String

  package init(_ message: String) {
    self.message = message
  }
}
