import Foundation

/// How fast the gazetteer answers, for `uniflow-bench`: the first lookup of a fresh gazetteer
/// (which loads it) and the median of the lookups after it.
///
/// ```swift
/// let timings = try GazetteerTimings.measure()
/// print(timings.firstLookup, timings.medianLookup)   // e.g. 0.04 seconds, 3.1e-06 seconds
/// ```
package struct GazetteerTimings: Sendable, Equatable {
  /// The first lookup, loading included.
  package var firstLookup: Duration
  /// The median of the later lookups.
  package var medianLookup: Duration
  /// The slowest later lookup.
  package var slowestLookup: Duration
  /// How many later lookups were timed.
  package var lookups: Int

  /// The names looked up: every matching rule, and a miss.
  package static let queries = [
    "Seoul", "서울", "SEOUL", "Séoul", "ＳＥＯＵＬ", "Anchorage, AK", "Paris, France", "Paris, TX",
    "São Paulo", "Qqqzzx",
  ]

  /// Times a fresh bundled gazetteer: the first of `queries`, then `rounds` rounds of them all.
  package static func measure(queries: [String] = queries, rounds: Int = 100) throws
    -> GazetteerTimings
  {
    try measure(Gazetteer(), queries: queries, rounds: rounds)
  }

  static func measure(_ gazetteer: Gazetteer, queries: [String], rounds: Int) throws
    -> GazetteerTimings
  {
    let clock = ContinuousClock()
    let first = try clock.measure { _ = try gazetteer.search(queries.first ?? "Seoul") }
    var later: [Duration] = []
    later.reserveCapacity(rounds * queries.count)
    for _ in 0..<rounds {
      for query in queries {
        later.append(try clock.measure { _ = try gazetteer.search(query) })
      }
    }
    later.sort()
    return GazetteerTimings(
      firstLookup: first, medianLookup: later.isEmpty ? .zero : later[later.count / 2],
      slowestLookup: later.last ?? .zero, lookups: later.count)
  }
}
