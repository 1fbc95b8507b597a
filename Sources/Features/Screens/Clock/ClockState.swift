import Foundation
import Store

/// What the clock screen knows: the last time loaded, how many days it has been moved since, and
/// whether a reload is in flight or failed.
///
/// The shown date is derived, not stored: `anchor` moved by `dayOffset` calendar days in
/// `timeZone`. Moving by days therefore keeps the wall-clock time across daylight-saving changes,
/// and `moveDay(n)` followed by `moveDay(-n)` returns to exactly the same instant.
///
/// ```swift
/// var clock = ClockState(timeZone: TimeZone(identifier: "Asia/Seoul")!, anchor: now)
/// clock.dayOffset = -1
/// clock.date  // yesterday at the same wall-clock time
/// ```
public struct ClockState: Equatable, Sendable, Codable {
  /// The zone the clock shows and moves dates in.
  public var timeZone: TimeZone
  /// The instant last loaded (at launch or by `reload`).
  public var anchor: Date
  /// Calendar days moved since `anchor` was loaded.
  public var dayOffset: Int
  /// Whether a `reload` is waiting for its answer.
  public var isLoading: Bool
  /// Why the last `reload` failed, if it did.
  public var failure: String?
  /// The number of the latest `reload`; answers to older ones are stale and ignored.
  public var request: Int

  /// The furthest the clock may be moved from the loaded time: 1000 years of days.
  public static let maxDayOffset = 365_250

  /// A clock showing `anchor` in `timeZone`.
  public init(
    timeZone: TimeZone, anchor: Date = Date(timeIntervalSince1970: 0), dayOffset: Int = 0,
    isLoading: Bool = false, failure: String? = nil, request: Int = 0
  ) {
    self.timeZone = timeZone
    self.anchor = anchor
    self.dayOffset = dayOffset
    self.isLoading = isLoading
    self.failure = failure
    self.request = request
  }

  /// The instant the screen shows: `anchor` moved by `dayOffset` days in `timeZone`.
  ///
  /// Computed from the zone's table of transitions and integer arithmetic, with `Calendar`'s
  /// answer for every instant the app can reach: a few table look-ups, not a calendar.
  public var date: Date {
    var lookup = ZoneLookup(timeZone)
    return date(in: &lookup)
  }

  /// ``date``, looking up in the table of `timeZone`.
  func date(in lookup: inout ZoneLookup) -> Date {
    guard dayOffset != 0 else { return anchor }
    return WallClock.date(anchor, movedBy: dayOffset, in: &lookup)
      ?? Calendar.gregorian(in: timeZone).date(byAdding: .day, value: dayOffset, to: anchor)
      ?? anchor
  }

  /// The day the screen shows, in `timeZone`: "today" as the app knows it.
  public var today: CalendarDay {
    var lookup = ZoneLookup(timeZone)
    return CalendarDay(of: date(in: &lookup), in: timeZone, lookup: &lookup)
  }
}

extension Calendar {
  /// The Gregorian calendar in `timeZone`, with a fixed locale so results never depend on the
  /// machine's settings.
  ///
  /// The last one made is kept: building a calendar (identifier, zone, locale) costs about as
  /// much as the day arithmetic it is wanted for, and a session keeps to one zone.
  public static func gregorian(in timeZone: TimeZone) -> Calendar {
    lastGregorian.withLock { last in
      if let calendar = last, calendar.timeZone == timeZone { return calendar }
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      calendar.locale = Locale(identifier: "en_US_POSIX")
      last = calendar
      return calendar
    }
  }

  private static let lastGregorian = Locked<Calendar?>(nil)
}
