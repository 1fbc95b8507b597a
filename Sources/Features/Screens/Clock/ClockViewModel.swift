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
    var lookup = ZoneLookup(state.timeZone)
    let shown = KoreanDateFormat.string(
      from: state.date(in: &lookup), in: state.timeZone, &lookup)
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
  static func string(from date: Date, in timeZone: TimeZone, _ lookup: inout ZoneLookup)
    -> String
  {
    guard let shown = WallClock.fields(of: date, in: &lookup) else {
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

  /// The text of the fields, written to a buffer on the stack and copied into the string as it
  /// is: one allocation, and no pass over the bytes to check them, since they are ASCII digits and
  /// signs and the syllables' own UTF-8 (checked in debug builds); release builds skip the
  /// check, which would be a large part of the clock view model's cost.
  static func format(year: Int, month: Int, day: Int, hour: Int, minute: Int) -> String {
    // Each of 년 월 일 시 분 is three bytes of UTF-8, each number at most 19 digits and a sign.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
      guard let base = buffer.baseAddress else { return "" }
      var text = ByteWriter(base: base)
      text.number(year, width: 4)
      text.syllable(0xEB, 0x85, 0x84)  // "년 "
      text.number(month, width: 2)
      text.syllable(0xEC, 0x9B, 0x94)  // "월 "
      text.number(day, width: 2)
      text.syllable(0xEC, 0x9D, 0xBC)  // "일 "
      text.number(hour, width: 2)
      text.syllable(0xEC, 0x8B, 0x9C)  // "시 "
      text.number(minute, width: 2)
      text.syllable(0xEB, 0xB6, 0x84, last: true)  // "분"
      let written = UnsafeBufferPointer(start: base, count: text.count)
      assert(String(validating: written, as: UTF8.self) != nil, "the clock's text is UTF-8")
      guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) else {
        return String(decoding: written, as: UTF8.self)  // where UTF8Span is not (checked)
      }
      return String(copying: UTF8Span(unchecked: written.span))
    }
  }
}

/// Writes bytes to memory the caller has made room for (at most 128 here).
private struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  var count = 0

  /// A Hangul syllable's three bytes of UTF-8, then a space unless `last`.
  @inline(__always) mutating func syllable(_ a: UInt8, _ b: UInt8, _ c: UInt8, last: Bool = false) {
    append(a)
    append(b)
    append(c)
    if !last { append(0x20) }
  }

  @inline(__always) mutating func append(_ byte: UInt8) {
    base[count] = byte
    count += 1
  }

  /// `value` in decimal, zero-padded to `width` digits after any minus sign.
  @inline(__always) mutating func number(_ value: Int, width: Int) {
    if value >= 0, value < 100, width == 2 {  // the usual case: two digits
      append(0x30 + UInt8(truncatingIfNeeded: value / 10))
      append(0x30 + UInt8(truncatingIfNeeded: value % 10))
    } else if value >= 1000, value < 10_000, width == 4 {  // the usual year
      let high = value / 100
      let low = value % 100
      append(0x30 + UInt8(truncatingIfNeeded: high / 10))
      append(0x30 + UInt8(truncatingIfNeeded: high % 10))
      append(0x30 + UInt8(truncatingIfNeeded: low / 10))
      append(0x30 + UInt8(truncatingIfNeeded: low % 10))
    } else {
      anyNumber(value, width: width)
    }
  }

  /// `value` in decimal, zero-padded to `width` digits after any minus sign: any value.
  private mutating func anyNumber(_ value: Int, width: Int) {
    if value < 0 { append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt = 1
    var digits = 1
    while divisor <= magnitude / 10 {
      divisor *= 10
      digits += 1
    }
    for _ in 0..<Swift.max(0, width - digits) { append(UInt8(ascii: "0")) }
    var rest = magnitude
    while divisor > 0 {
      append(0x30 + UInt8(truncatingIfNeeded: rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
