import Foundation
import Store

/// A time zone's offsets from UTC as a table of transitions, built from Foundation's own answers
/// (`nextDaylightSavingTimeTransition(after:)` and `secondsFromGMT(for:)`), so that the clock
/// asks Foundation nothing per action and still gets exactly its answers.
///
/// The table is kept in 28 spans of 25 years from 1800 to 2500 (the first reaching back to any
/// earlier transition), each asked of Foundation the first time an instant in it is looked up:
/// a launch in 2026 pays for the transitions of 2000…2025, not for the zone's whole history.
/// Zone rules are annual and the Gregorian calendar repeats every 400 years to the weekday, so an
/// instant after 2500 is looked up 400 years (a whole number of times) earlier, in 2100…2500,
/// where the rules in force today go on; before the first transition the zone's first offset
/// (its local mean time) holds.
///
/// Bounds: a span costs one Foundation call per transition in it, ≤ about 60; a look-up is one
/// lock and a binary search within a span, O(log 60).
///
/// ```swift
/// let seoul = ZoneTable.of(TimeZone(identifier: "Asia/Seoul")!)
/// seoul.offset(atUnix: 1_795_923_912)   // 32400
/// ```
final class ZoneTable: Sendable {
  /// The zone, to build spans from.
  private let zone: TimeZone
  /// Where the registry keeps this table's spans (``Registry/spans``), for a table it made.
  private let slot: Int
  /// A test's table's spans, given whole (then it is not in the registry).
  private let fixed: [Segment]?

  /// 2100-01-01T00:00:00Z: from here on the zone's rules repeat every ``period``.
  static let periodStart: Int64 = 4_102_444_800
  /// 400 Gregorian years, in seconds: the calendar repeats, weekdays included.
  static let period: Int64 = 146_097 * 86_400
  /// 2500-01-01T00:00:00Z, where the table ends.
  static let periodEnd = periodStart + period
  /// 25 Gregorian years, in seconds: the length of a span.
  private static let spanLength = period / 16
  /// 1800-01-01T00:00:00Z, where the second span starts.
  private static let spansStart = periodStart - 12 * spanLength
  /// How many spans there are: 1800…2500.
  private static let spanCount = 28

  /// Where the first span starts asking Foundation: long before any zone's first transition.
  private static let searchStart = Date(timeIntervalSince1970: -1e12)

  /// The table of `zone`, its spans kept by the registry at `slot` and asked of Foundation when
  /// first needed.
  fileprivate init(zone: TimeZone, slot: Int) {
    self.zone = zone
    self.slot = slot
    fixed = nil
  }

  /// A table of the given transitions (ascending, before 2100) and offsets (one more than
  /// transitions), the last offset holding for ever: for tests of the look-ups.
  init(transitions: [Int64], offsets: [Int32]) {
    precondition(offsets.count == transitions.count + 1, "one offset more than transitions")
    precondition(transitions.last.map { $0 < ZoneTable.periodStart } ?? true, "before 2100")
    zone = .gmt
    slot = -1
    let all = Segment(transitions: transitions, offsets: offsets, following: nil)
    fixed = Array(repeating: all, count: ZoneTable.spanCount)
  }

  /// Every transition before 2100, ascending, in whole Unix seconds (all spans built).
  var transitions: [Int64] {
    var all: [Int64] = []
    for index in 0..<ZoneTable.spanCount {
      for transition in span(index).transitions
      where transition < ZoneTable.periodStart && all.last.map({ $0 < transition }) ?? true {
        all.append(transition)
      }
    }
    return all
  }

  /// The offset, in seconds east of UTC, at `unix` seconds since 1970 (the zone's
  /// `secondsFromGMT(for:)`).
  func offset(atUnix unix: Int64) -> Int {
    var lookup = ZoneLookup(self)
    return lookup.offset(atUnix: unix)
  }

  /// The first transition strictly after `unix` (as Foundation's
  /// `nextDaylightSavingTimeTransition(after:)` answers), or nil when the offset never changes
  /// again.
  func transition(after unix: Int64) -> Int64? {
    var lookup = ZoneLookup(self)
    return lookup.transition(after: unix)
  }

  /// Span `index`, asked of Foundation the first time; remembered as the span to start the
  /// next look-up in this zone with. One lock, the registry's, for both.
  fileprivate func span(_ index: Int) -> Segment {
    if let fixed { return fixed[index] }
    return registry.withLock { state in
      let span: Segment
      if let known = state.spans[slot][index] {
        span = known
      } else {
        let start = ZoneTable.spansStart + Int64(index) * ZoneTable.spanLength
        span = Segment(
          zone,
          from: index == 0
            ? ZoneTable.searchStart : Date(timeIntervalSince1970: Double(start - 1)),
          to: start + ZoneTable.spanLength)
        state.spans[slot][index] = span
      }
      if state.lastTable === self { state.hint = (index, span) }
      return span
    }
  }

  /// The span holding `seconds` (from 2500 on, moved back into the table first).
  fileprivate static func spanIndex(_ seconds: Int64) -> Int {
    guard seconds >= spansStart else { return 0 }
    return Int(min((seconds - spansStart) / spanLength, Int64(spanCount - 1)))
  }

  /// `unix` moved back by whole periods to before 2500, and how many periods that was.
  fileprivate static func withinTable(_ unix: Int64) -> (seconds: Int64, periods: Int64) {
    guard unix >= periodEnd else { return (unix, 0) }
    let periods = (unix - periodStart) / period
    return (unix - periods * period, periods)
  }

  /// The table of `zone`: made the first time a zone is asked for, then kept (a session uses
  /// one or two zones; a test of every known zone keeps about 450 small tables).
  static func of(_ zone: TimeZone) -> ZoneTable {
    lookUp(zone).table
  }

  /// The table of `zone` and the span its last look-up ended in (index -1 when none), under
  /// one lock: a clock action's look-ups usually need no other.
  fileprivate static func lookUp(_ zone: TimeZone) -> (
    table: ZoneTable, index: Int, span: Segment
  ) {
    let identifier = zone.identifier
    return registry.withLock { state in
      if let table = state.lastTable, state.lastIdentifier == identifier {
        return (table, state.hint.index, state.hint.span)
      }
      let table: ZoneTable
      if let known = state.tables[identifier] {
        table = known
      } else {
        table = ZoneTable(zone: zone, slot: state.spans.count)
        state.spans.append(Array(repeating: nil, count: ZoneTable.spanCount))
        state.tables[identifier] = table
      }
      state.lastIdentifier = identifier
      state.lastTable = table
      state.hint = (-1, .empty)
      return (table, -1, .empty)
    }
  }
}

/// Every zone's table and its spans, and the one asked for last with the span its last look-up
/// used: one lock for all of them, so that a clock action's look-ups take it once.
private let registry = Locked(Registry())

/// What ``registry`` holds.
private struct Registry: Sendable {
  var tables: [String: ZoneTable] = [:]
  /// Each table's spans asked of Foundation so far, by index: the table's `slot`, then the
  /// span's.
  var spans: [[Segment?]] = []
  /// The zone asked for last and its table, checked before the dictionary: a session keeps to
  /// one zone.
  var lastIdentifier = ""
  var lastTable: ZoneTable?
  /// The span the last look-up in that zone used (index -1: none yet).
  var hint: (index: Int, span: Segment) = (-1, .empty)
}

/// Look-ups in one ``ZoneTable`` that keep the span they last used, so that the few look-ups of
/// one clock action (all within days of each other) take a lock once, not each time.
///
/// ```swift
/// var lookup = ZoneLookup(ZoneTable.of(.gmt))
/// lookup.offset(atUnix: 0)   // 0
/// ```
struct ZoneLookup {
  let table: ZoneTable
  private var index = -1
  private var segment = Segment.empty

  init(_ table: ZoneTable) {
    self.table = table
  }

  /// Look-ups in the table of `zone`, starting from the span the last look-up in it used:
  /// one lock for the table and that span together.
  init(_ zone: TimeZone) {
    (table, index, segment) = ZoneTable.lookUp(zone)
  }

  /// The offset, in seconds east of UTC, at `unix` seconds since 1970.
  mutating func offset(atUnix unix: Int64) -> Int {
    let (seconds, _) = ZoneTable.withinTable(unix)
    return span(ZoneTable.spanIndex(seconds)).offset(at: seconds)
  }

  /// The first transition strictly after `unix`, or nil when the offset never changes again.
  mutating func transition(after unix: Int64) -> Int64? {
    let (seconds, periods) = ZoneTable.withinTable(unix)
    let span = span(ZoneTable.spanIndex(seconds))
    guard let next = span.transition(after: seconds) ?? span.following else { return nil }
    return next + periods * ZoneTable.period
  }

  private mutating func span(_ wanted: Int) -> Segment {
    if wanted != index {
      segment = table.span(wanted)
      index = wanted
    }
    return segment
  }
}

/// Offsets over a span of time: the transitions in it, the offset before each and after the
/// last, and the first transition after the span.
/// A class, not a struct: a look-up copies the span it uses, and a class copies with one retain
/// where two arrays took two.
fileprivate final class Segment: Sendable {
  /// The instants, in whole Unix seconds, at which the offset changes; ascending.
  let transitions: [Int64]
  /// `offsets[i]` is the offset in seconds east of UTC from `transitions[i - 1]` (inclusive) up
  /// to `transitions[i]`; `offsets[0]` holds before the first transition.
  let offsets: [Int32]
  /// The first transition after the span, or nil when there is none.
  let following: Int64?

  /// No transitions, offset 0: what a look-up holds before it has asked for a span.
  static let empty = Segment(transitions: [], offsets: [0], following: nil)

  init(transitions: [Int64], offsets: [Int32], following: Int64?) {
    self.transitions = transitions
    self.offsets = offsets
    self.following = following
  }

  /// The transitions of `zone` after `start` and before `end` (Unix seconds), as Foundation
  /// answers them.
  init(_ zone: TimeZone, from start: Date, to end: Int64) {
    var transitions: [Int64] = []
    var offsets: [Int32] = [Int32(zone.secondsFromGMT(for: start))]
    var cursor = start
    var following: Int64?
    while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next > cursor {
      let seconds = Int64(next.timeIntervalSince1970.rounded(.down))
      guard seconds < end else {
        following = seconds
        break
      }
      transitions.append(seconds)
      offsets.append(Int32(zone.secondsFromGMT(for: next)))
      cursor = next
    }
    self.transitions = transitions
    self.offsets = offsets
    self.following = following
  }

  func offset(at seconds: Int64) -> Int {
    Int(offsets[transitionsUpTo(seconds)])
  }

  /// The first transition within the span strictly after `seconds`, or nil.
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
