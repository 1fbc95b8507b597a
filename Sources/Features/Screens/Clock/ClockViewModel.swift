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
    let shown = KoreanDateFormat.string(from: state.date, in: state.timeZone)
    if let failure = state.failure {
      text = "\(shown) · unavailable: \(failure)"
    } else {
      text = shown
    }
  }
}

/// `yyyy년 MM월 dd일 HH시 mm분`, built from calendar fields rather than a `DateFormatter`, which
/// costs microseconds per call and depends on the machine's ICU data.
enum KoreanDateFormat {
  static func string(from date: Date, in timeZone: TimeZone) -> String {
    let parts = Calendar.gregorian(in: timeZone).dateComponents(
      [.year, .month, .day, .hour, .minute], from: date)
    return "\(pad(parts.year, 4))년 \(pad(parts.month, 2))월 \(pad(parts.day, 2))일 "
      + "\(pad(parts.hour, 2))시 \(pad(parts.minute, 2))분"
  }

  private static func pad(_ value: Int?, _ width: Int) -> String {
    (value ?? 0).zeroPadded(width)
  }
}
