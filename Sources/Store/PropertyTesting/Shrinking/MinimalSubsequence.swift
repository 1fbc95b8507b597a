/// A small sub-sequence of a list that still has a property, found by deleting: the shrinker's
/// list-deletion passes, applied to a list you already have rather than to a generated one. It
/// cuts a long recorded session down to the few actions that still show a bug.
///
/// ```swift
/// let actions: [Int] = Array(0..<10_000)
/// let core = minimalSubsequence(of: actions) { $0.contains(17) && $0.contains(4_242) }
/// core.elements   // [17, 4242]
/// core.runs       // how many times the property ran
/// ```
///
/// Deletion goes from coarse to fine: halves, then quarters and so on down to single elements,
/// each pass from the end of the list to its start, keeping every deletion after which the
/// property still holds. Single deletions repeat until none succeeds, so the result is
/// **1-minimal**: deleting any one of its elements loses the property. A pass of single
/// deletions does not retry the elements the previous pass already tried against the same list.
/// Order is kept: the result is a sub-sequence, not a subset.
///
/// **Bounds.** For a list of N elements: memory O(N) (the kept indices and one candidate),
/// whatever the number of runs — no tried candidate is remembered. Runs: the chunk passes make
/// at most about 2N, each single-deletion pass at most N; a property that needs every element
/// runs about 3N times. `maxRuns` and `stop` (asked before each run, e.g. for a deadline or
/// Ctrl-C) end a search early with the smallest list so far.
///
/// - Parameters:
///   - elements: the list; the property must hold for all of it.
///   - maxRuns: stop after this many runs of the property, keeping the smallest list so far.
///   - stop: asked before each run; true ends the search, keeping the smallest list so far.
///   - property: whether a sub-sequence still shows what is being looked for.
public func minimalSubsequence<Element>(
  of elements: [Element], maxRuns: Int = .max, stop: () -> Bool = { false },
  where property: ([Element]) throws -> Bool
) rethrows -> MinimalSubsequence<Element> {
  var search = SubsequenceSearch(count: elements.count, maxRuns: maxRuns)
  try search.run(stop: stop) { indices in try property(indices.map { elements[$0] }) }
  return MinimalSubsequence(
    elements: search.kept.map { elements[$0] }, indices: search.kept, runs: search.runs,
    isMinimal: search.isMinimal)
}

/// What ``minimalSubsequence(of:maxRuns:stop:where:)`` found.
///
/// ```swift
/// let core = minimalSubsequence(of: [3, 1, 4, 1, 5]) { $0.reduce(0, +) >= 9 }
/// print(core.elements, core.indices, core.runs)   // [4, 5] [2, 4] …
/// ```
public struct MinimalSubsequence<Element> {
  /// The elements kept, in their original order.
  public let elements: [Element]
  /// Where each kept element was in the original list.
  public let indices: [Int]
  /// How many times the property ran.
  public let runs: Int
  /// Whether deleting any one element was tried and lost the property (false only when
  /// `maxRuns` ran out or `stop` said so first).
  public let isMinimal: Bool
}

/// The deletion search over the indices of a list.
struct SubsequenceSearch {
  private(set) var kept: [Int]
  private(set) var runs = 0
  /// Whether a pass stopped short because the runs ran out or `stop` said so.
  private var ranOut = false
  private let maxRuns: Int
  /// After a pass of single deletions: the elements of `kept` before this position were tried
  /// against `kept` as it is now, and failed.
  private var triedBefore = 0

  init(count: Int, maxRuns: Int) {
    kept = Array(0..<count)
    self.maxRuns = maxRuns
  }

  /// Whether the last pass of single deletions tried every element and kept none.
  var isMinimal: Bool { !ranOut }

  /// Runs the passes; `stop` is asked before each run of `property`.
  mutating func run(stop: () -> Bool = { false }, _ property: ([Int]) throws -> Bool) rethrows {
    var size = max(1, kept.count / 2)
    while size > 1, !ranOut {
      try deleteChunks(of: size, stop, property)
      size = min(size / 2, max(1, kept.count / 2))
    }
    triedBefore = 0
    while !ranOut, try deleteChunks(of: 1, stop, property) {}
  }

  /// One pass deleting chunks of `size` from the end to the start; whether any was deleted.
  @discardableResult
  private mutating func deleteChunks(
    of size: Int, _ stop: () -> Bool, _ property: ([Int]) throws -> Bool
  ) rethrows -> Bool {
    var deleted = false
    var end = kept.count
    var lastDeletion = 0
    var attempt: [Int] = []
    attempt.reserveCapacity(kept.count)
    while end > 0 {
      // Single deletions before the last pass's last success were tried against this list.
      if size == 1, !deleted, end <= triedBefore { break }
      if runs >= maxRuns || stop() {
        ranOut = true
        return deleted
      }
      let start = max(0, end - size)
      attempt.removeAll(keepingCapacity: true)
      attempt.append(contentsOf: kept[..<start])
      attempt.append(contentsOf: kept[end...])
      runs += 1
      if try property(attempt) {
        swap(&kept, &attempt)
        deleted = true
        lastDeletion = start
      }
      end = start
    }
    triedBefore = size == 1 && deleted ? lastDeletion : 0
    return deleted
  }
}
