import Foundation

/// The clock screen as text: `Loading..` while loading, else the date as
/// `yyyy년 MM월 dd일 HH시 mm분` in the clock's zone, with the reason if the last reload failed.
///
/// ```swift
/// ClockViewModel(state: clock).text   // "2026년 11월 29일 12시 45분"
/// ```
public struct ClockViewModel: Equatable, Sendable {
  /// The line the screen shows.
  public let text: String

  /// Derives the display from `state`.
  public init(state: ClockState) {
    if state.isLoading {
      text = "Loading.."
      return
    }
    let table = ZoneTable.of(state.timeZone)
    let shown = KoreanDateFormat.string(from: state.date(in: table), in: state.timeZone, table)
    if let failure = state.failure {
      text = "\(shown) · unavailable: \(failure)"
    } else {
      text = shown
    }
  }
}

/// `yyyy년 MM월 dd일 HH시 mm분`, written straight from the wall-clock fields (``WallClock``)
/// rather than with a `DateFormatter` or `Calendar`, which cost microseconds per call.
///
/// Years are astronomical, as ISO 8601 numbers them, padded to four digits after any sign:
/// `0001년` is 1 AD, `0000년` is 1 BC, `-0999년` is 1000 BC, and a clock moved past the year
/// 9999 shows `10500년`. (`yyyy` in a `DateFormatter` writes the year of the era, so 1 BC would
/// read `0001년`, the same as 1 AD.)
enum KoreanDateFormat {
  static func string(from date: Date, in timeZone: TimeZone, _ table: ZoneTable) -> String {
    guard let shown = WallClock.fields(of: date, in: table) else {
      // Not finite, or hundreds of millennia away: no state within the app's ranges.
      let parts = Calendar.gregorian(in: timeZone).dateComponents(
        [.year, .month, .day, .hour, .minute], from: date)
      return format(
        year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0,
        hour: parts.hour ?? 0, minute: parts.minute ?? 0)
    }
    return format(
      year: shown.year, month: shown.month, day: shown.day, hour: shown.hour,
      minute: shown.minute)
  }

  /// The text of the fields, built in one buffer: one allocation.
  static func format(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
    // Each of 년 월 일 시 분 is three bytes of UTF-8, each number at most 19 digits and a sign.
    String(unsafeUninitializedCapacity: 128) { buffer in
      var end = 0
      func append(_ byte: UInt8) {
        buffer[end] = byte
        end += 1
      }
      func append(_ value: Int, width: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        let magnitude = value.magnitude
        var divisor: UInt = 1
        var count = 1
        while divisor <= magnitude / 10 {
          divisor *= 10
          count += 1
        }
        for _ in 0..<Swift.max(0, width - count) { append(UInt8(ascii: "0")) }
        var rest = magnitude
        while divisor > 0 {
          append(UInt8(truncatingIfNeeded: 0x30 + rest / divisor))
          rest %= divisor
          divisor /= 10
        }
      }
      func append(_ unit: StaticString) {
        unit.withUTF8Buffer { for byte in $0 { append(byte) } }
      }
      append(year, width: 4)
      append("년 ")
      append(month, width: 2)
      append("월 ")
      append(day, width: 2)
      append("일 ")
      append(hour, width: 2)
      append("시 ")
      append(minute, width: 2)
      append("분")
      return end
    }
  }
}
