import Foundation
import Store

/// A time zone's offsets from UTC as a table of transitions, built once per zone from
/// Foundation's own answers (`nextDaylightSavingTimeTransition(after:)` and
/// `secondsFromGMT(for:)`), so that the clock asks Foundation nothing per action and still gets
/// exactly its answers.
///
/// The table runs from the zone's first transition to 2500-01-01. Zone rules are annual and the
/// Gregorian calendar repeats every 400 years to the weekday, so an instant after 2500 is looked
/// up 400 years (a whole number of times) earlier, in 2100…2500, when the rules in force today
/// go on; before the first transition the zone's first offset (its local mean time) holds.
///
/// Bounds: building costs one Foundation call per transition — T ≤ about 2 × 600 + the zone's
/// history, ~1,300 at most; an offset or the next transition is a binary search, O(log T).
///
/// ```swift
/// let seoul = ZoneTable.of(TimeZone(identifier: "Asia/Seoul")!)
/// seoul.offset(atUnix: 1_795_923_912)   // 32400
/// ```
final class ZoneTable: Sendable {
  /// The instants, in whole Unix seconds, at which the offset changes; ascending.
  let transitions: [Int64]
  /// `offsets[i]` is the offset in seconds east of UTC from `transitions[i - 1]` (inclusive) up
  /// to `transitions[i]`; `offsets[0]` holds before the first transition.
  let offsets: [Int32]

  /// 2100-01-01T00:00:00Z: from here on the zone's rules repeat every ``period``.
  static let periodStart: Int64 = 4_102_444_800
  /// 400 Gregorian years, in seconds: the calendar repeats, weekdays included.
  static let period: Int64 = 146_097 * 86_400
  /// 2500-01-01T00:00:00Z, where the table ends.
  static let periodEnd = periodStart + period

  /// Where the table starts asking Foundation: long before any zone's first transition.
  private static let searchStart = Date(timeIntervalSince1970: -1e12)

  /// The table of `zone`, built from Foundation's answers.
  init(zone: TimeZone) {
    var transitions: [Int64] = []
    var offsets: [Int32] = [Int32(zone.secondsFromGMT(for: ZoneTable.searchStart))]
    var cursor = ZoneTable.searchStart
    let end = Double(ZoneTable.periodEnd)
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor,
      next.timeIntervalSince1970 < end
    {
      transitions.append(Int64(next.timeIntervalSince1970.rounded(.down)))
      offsets.append(Int32(zone.secondsFromGMT(for: next)))
      cursor = next
    }
    self.transitions = transitions
    self.offsets = offsets
  }

  /// A table of the given transitions (ascending) and offsets (one more than transitions).
  init(transitions: [Int64], offsets: [Int32]) {
    precondition(offsets.count == transitions.count + 1, "one offset more than transitions")
    self.transitions = transitions
    self.offsets = offsets
  }

  /// The offset, in seconds east of UTC, at `unix` seconds since 1970 (the zone's
  /// `secondsFromGMT(for:)`).
  func offset(atUnix unix: Int64) -> Int {
    Int(offsets[transitionsUpTo(ZoneTable.withinTable(unix).seconds)])
  }

  /// The first transition strictly after `unix` (as Foundation's
  /// `nextDaylightSavingTimeTransition(after:)` answers), or nil when the offset never changes
  /// again.
  func transition(after unix: Int64) -> Int64? {
    let (seconds, periods) = ZoneTable.withinTable(unix)
    let index = transitionsUpTo(seconds)
    if index < transitions.count { return transitions[index] + periods * ZoneTable.period }
    // Past the table's end: the first transition of the next period, if the rules go on.
    let firstOfPeriod = transitionsUpTo(ZoneTable.periodStart - 1)
    guard firstOfPeriod < transitions.count else { return nil }
    return transitions[firstOfPeriod] + (periods + 1) * ZoneTable.period
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

  /// `unix` moved back by whole periods into the table, and how many periods that was.
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
