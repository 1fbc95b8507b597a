import Foundation
import Store

/// A time zone's offsets from UTC as a table of transitions, built once per zone from
/// Foundation's own answers (`nextDaylightSavingTimeTransition(after:)` and
/// `secondsFromGMT(for:)`), so that the clock asks Foundation nothing per action and still gets
/// exactly its answers.
///
/// Two parts: the zone's history up to 2100, built with the table, and 2100…2500, built the
/// first time an instant after 2100 is asked about (a zone with daylight saving has 800
/// transitions there, a few milliseconds of Foundation calls that a launch in 2026 need not
/// pay). Zone rules are annual and the Gregorian calendar repeats every 400 years to the weekday,
/// so an instant after 2500 is looked up 400 years (a whole number of times) earlier, when the
/// rules in force today go on; before the first transition the zone's first offset (its local
/// mean time) holds.
///
/// Bounds: building costs one Foundation call per transition — T ≤ about 2 × 600 + the zone's
/// history, ~1,300 at most; an offset or the next transition is a binary search, O(log T).
///
/// ```swift
/// let seoul = ZoneTable.of(TimeZone(identifier: "Asia/Seoul")!)
/// seoul.offset(atUnix: 1_795_923_912)   // 32400
/// ```
final class ZoneTable: Sendable {
  /// The offsets before 2100.
  private let history: Segment
  /// The offsets from 2100 to 2500, once asked for.
  private let future: Locked<Segment?>
  /// The first transition from 2100 on, asked with the history so that looking past the last
  /// transition of a zone that no longer changes (most) never waits for ``future``.
  private let firstFuture: Int64?
  /// The zone, to build ``future`` from.
  private let zone: TimeZone

  /// 2100-01-01T00:00:00Z: from here on the zone's rules repeat every ``period``.
  static let periodStart: Int64 = 4_102_444_800
  /// 400 Gregorian years, in seconds: the calendar repeats, weekdays included.
  static let period: Int64 = 146_097 * 86_400
  /// 2500-01-01T00:00:00Z, where the table ends.
  static let periodEnd = periodStart + period

  /// Where the table starts asking Foundation: long before any zone's first transition.
  private static let searchStart = Date(timeIntervalSince1970: -1e12)
  /// The second before 2100, after which ``future`` starts.
  private static let futureStart = Date(timeIntervalSince1970: Double(periodStart - 1))

  /// The table of `zone`, its history built from Foundation's answers.
  init(zone: TimeZone) {
    self.zone = zone
    history = Segment(zone, from: ZoneTable.searchStart, to: ZoneTable.periodStart)
    firstFuture = zone.nextDaylightSavingTimeTransition(after: ZoneTable.futureStart).map {
      Int64($0.timeIntervalSince1970.rounded(.down))
    }
    future = Locked(nil)
  }

  /// A table of the given transitions (ascending, before 2100) and offsets (one more than
  /// transitions), the last offset holding for ever.
  init(transitions: [Int64], offsets: [Int32]) {
    precondition(offsets.count == transitions.count + 1, "one offset more than transitions")
    precondition(transitions.last.map { $0 < ZoneTable.periodStart } ?? true, "before 2100")
    zone = .gmt
    firstFuture = nil
    history = Segment(transitions: transitions, offsets: offsets)
    future = Locked(Segment(transitions: [], offsets: [offsets[offsets.count - 1]]))
  }

  /// The transitions before 2100, ascending, in whole Unix seconds.
  var transitions: [Int64] { history.transitions }

  /// The offset, in seconds east of UTC, at `unix` seconds since 1970 (the zone's
  /// `secondsFromGMT(for:)`).
  func offset(atUnix unix: Int64) -> Int {
    guard unix >= ZoneTable.periodStart else { return history.offset(at: unix) }
    return futureSegment().offset(at: ZoneTable.withinTable(unix).seconds)
  }

  /// The first transition strictly after `unix` (as Foundation's
  /// `nextDaylightSavingTimeTransition(after:)` answers), or nil when the offset never changes
  /// again.
  func transition(after unix: Int64) -> Int64? {
    if unix < ZoneTable.periodStart { return history.transition(after: unix) ?? firstFuture }
    guard let first = firstFuture else { return nil }
    let future = futureSegment()
    let (seconds, periods) = ZoneTable.withinTable(unix)
    if let next = future.transition(after: seconds) { return next + periods * ZoneTable.period }
    // Past the period's last transition: the first of the next period.
    return first + (periods + 1) * ZoneTable.period
  }

  /// The offsets from 2100 to 2500, built the first time they are needed.
  private func futureSegment() -> Segment {
    future.withLock { future in
      if let future { return future }
      let built = Segment(zone, from: ZoneTable.futureStart, to: ZoneTable.periodEnd)
      future = built
      return built
    }
  }

  /// `unix` (from 2100 on) moved back by whole periods to before 2500, and how many periods
  /// that was.
  private static func withinTable(_ unix: Int64) -> (seconds: Int64, periods: Int64) {
    guard unix >= periodEnd else { return (unix, 0) }
    let periods = (unix - periodStart) / period
    return (unix - periods * period, periods)
  }

  /// The table of `zone`: built the first time a zone is asked for, then kept (a session uses
  /// one or two zones; a test of every known zone keeps about 450 small tables).
  static func of(_ zone: TimeZone) -> ZoneTable {
    let identifier = zone.identifier
    return cache.withLock { cache in
      if let last = cache.last, last.identifier == identifier { return last.table }
      if let table = cache.tables[identifier] {
        cache.last = (identifier, table)
        return table
      }
      let table = ZoneTable(zone: zone)
      cache.tables[identifier] = table
      cache.last = (identifier, table)
      return table
    }
  }

  private struct Cache: Sendable {
    var tables: [String: ZoneTable] = [:]
    /// The zone asked for last, checked before the dictionary: a session keeps to one zone.
    var last: (identifier: String, table: ZoneTable)?
  }

  private static let cache = Locked(Cache())
}

/// Offsets over a span of time: the transitions in it, and the offset before each and after the
/// last.
private struct Segment: Sendable {
  /// The instants, in whole Unix seconds, at which the offset changes; ascending.
  let transitions: [Int64]
  /// `offsets[i]` is the offset in seconds east of UTC from `transitions[i - 1]` (inclusive) up
  /// to `transitions[i]`; `offsets[0]` holds before the first transition.
  let offsets: [Int32]

  init(transitions: [Int64], offsets: [Int32]) {
    self.transitions = transitions
    self.offsets = offsets
  }

  /// The transitions of `zone` after `start` and before `end` (Unix seconds), as Foundation
  /// answers them.
  init(_ zone: TimeZone, from start: Date, to end: Int64) {
    var transitions: [Int64] = []
    var offsets: [Int32] = [Int32(zone.secondsFromGMT(for: start))]
    var cursor = start
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor,
      next.timeIntervalSince1970 < Double(end)
    {
      transitions.append(Int64(next.timeIntervalSince1970.rounded(.down)))
      offsets.append(Int32(zone.secondsFromGMT(for: next)))
      cursor = next
    }
    self.transitions = transitions
    self.offsets = offsets
  }

  func offset(at seconds: Int64) -> Int {
    Int(offsets[transitionsUpTo(seconds)])
  }

  /// The first transition strictly after `seconds`, or nil.
  func transition(after seconds: Int64) -> Int64? {
    let index = transitionsUpTo(seconds)
    return index < transitions.count ? transitions[index] : nil
  }

  /// How many transitions come at or before `seconds`: a binary search.
  private func transitionsUpTo(_ seconds: Int64) -> Int {
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) >> 1
      if transitions[middle] <= seconds { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
