import Foundation

/// The ranges the app's values keep to. The REPL, the time and weather clients and the action
/// log's reader check what comes in from outside against them, each with a one-line message, and
/// the reducers never store a value outside them; so every state the app can reach is within
/// them, and so is every state a log may hold (see ``AppState/rangeProblem``).
///
/// ```swift
/// ValueRanges.problem(instant: Date(timeIntervalSince1970: 1e300))   // "is after the year 9999"
/// ValueRanges.problem(instant: .now)                                 // nil
/// ```
public enum ValueRanges {
  /// The years an instant may fall in, as ISO 8601 writes them with four digits: 0001…9999.
  public static let years = 1...9999

  /// 0001-01-01T00:00:00Z, the earliest instant the app accepts.
  public static let earliestInstant = Date(timeIntervalSince1970: -62_135_596_800)
  /// 10000-01-01T00:00:00Z: every instant the app accepts comes before it.
  public static let beyondLatestInstant = Date(timeIntervalSince1970: 253_402_300_800)

  /// The years a stored day (a birthday) may fall in. Typed days are 0001…9999; the example
  /// dog is born about two years before a launch that may be in the year 1, so stored days may
  /// be older, and are allowed four digits either side of the year 0.
  public static let storedDayYears = -9999...9999

  /// Latitudes, in degrees.
  public static let latitudes = -90.0...90.0
  /// Longitudes, in degrees.
  public static let longitudes = -180.0...180.0

  /// Why `instant` is not one the app accepts — not finite, or outside the years 0001…9999 —
  /// worded to follow the value's name: `the time API's unixtime 1e+300 is after the year 9999`.
  ///
  /// ```swift
  /// ValueRanges.problem(instant: Date(timeIntervalSinceReferenceDate: .nan))   // "is not a finite time"
  /// ```
  public static func problem(instant: Date) -> String? {
    let seconds = instant.timeIntervalSinceReferenceDate
    if !seconds.isFinite { return "is not a finite time" }
    if instant < earliestInstant { return "is before the year 0001" }
    if instant >= beyondLatestInstant { return "is after the year 9999" }
    return nil
  }

  /// Why `day` cannot be stored (a birthday): nil when its year is within ``storedDayYears``.
  ///
  /// ```swift
  /// ValueRanges.problem(storedDay: CalendarDay(year: -20_000, month: 1, day: 1)!)
  /// // "is in the year -20000, outside the years -9999…9999"
  /// ```
  public static func problem(storedDay day: CalendarDay) -> String? {
    guard !storedDayYears.contains(day.year) else { return nil }
    return "is in the year \(day.year), outside the years -9999…9999"
  }

  /// Why `value` is not a number within `range`, or nil.
  ///
  /// ```swift
  /// ValueRanges.problem(Double.nan, within: ValueRanges.latitudes)   // "is nan, not within -90…90"
  /// ```
  public static func problem(_ value: Double, within range: ClosedRange<Double>) -> String? {
    guard !range.contains(value) else { return nil }
    return "is \(value), not within \(shortest(range.lowerBound))…\(shortest(range.upperBound))"
  }

  /// `90.0` as `90`, other values as Swift writes them.
  static func shortest(_ value: Double) -> String {
    value == value.rounded() && value.magnitude < 1e15 ? String(Int(value)) : "\(value)"
  }
}

/// A value of a state that lies outside ``ValueRanges``: where it is and why.
///
/// ```swift
/// var state = AppState(timeZone: .gmt)
/// state.clock.dayOffset = Int.max
/// state.rangeProblem?.description
/// // "clock.dayOffset is 9223372036854775807, more than 365250 days from the loaded time"
/// ```
public struct RangeProblem: Error, Equatable, Sendable, CustomStringConvertible {
  /// The field, e.g. `clock.anchor` or `dog.dogs[1].name`.
  public var path: String
  /// Why it is out of range, e.g. `is after the year 9999`.
  public var reason: String

  /// A problem with the field at `path`.
  ///
  /// ```swift
  /// RangeProblem(path: "anchor", reason: "is not a finite time")
  /// ```
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `path reason`: `clock.anchor is after the year 9999`.
  public var description: String { path.isEmpty ? reason : "\(path) \(reason)" }

  /// The same problem one level down: `anchor` within `clock` is `clock.anchor`.
  func within(_ parent: String) -> RangeProblem {
    RangeProblem(path: path.isEmpty ? parent : "\(parent).\(path)", reason: reason)
  }
}
