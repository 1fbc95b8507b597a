import Store

/// The pass that renames values throughout the input, for ``Shrinker``.
extension Shrinker {
  /// How many of the distinct values of one kind ``relabel()`` pairs up (the simplest ones).
  static let relabelLimit = 12
  /// The most values a range may hold for ``relabel()`` to rename them: values that name things
  /// (nodes, ids, keys) come from small sets; in a wide range a value is mostly a quantity, and
  /// renaming it rarely keeps a failure.
  static let relabelRange: UInt64 = 32

  /// Swaps two values of one kind (the same range of fewer than ``relabelRange`` values, both
  /// numbers or both alternatives) wherever they occur, when the larger occurs first: values that only name things — the nodes of a
  /// graph, the ids of accounts — can then take the simplest names in order of appearance.
  /// `[Edge(0, 2), Edge(1, 0), Edge(2, 1)]`, a cycle the other way round, becomes
  /// `[Edge(0, 1), Edge(2, 0), Edge(1, 2)]`, which sorting the list (``reorderSiblings()``)
  /// turns into the ideal `[Edge(0, 1), Edge(1, 2), Edge(2, 0)]`. No pass that changes values
  /// one or two at a time can do this: every intermediate input names a different graph.
  ///
  /// Cost: per kind of choice with at least two positions, at most k(k − 1)/2 runs for its k
  /// distinct values (k at most ``relabelLimit``), only for pairs whose larger value occurs
  /// first; O(n) to build each attempt, for n choices.
  func relabel() {
    var kinds: [[UInt64]: [Int]] = [:]
    for position in best.choices.indices {
      let choice = best.choices[position]
      guard choice.max >= 2, choice.max < Self.relabelRange, !choice.isForced, !choice.isLength
      else { continue }
      kinds[[choice.up, choice.down, choice.isAlternative ? 1 : 0], default: []].append(position)
    }
    for positions in kinds.values.sorted(by: { $0[0] < $1[0] }) where positions.count >= 2 {
      relabel(positions)
    }
  }

  private func relabel(_ positions: [Int]) {
    var tried: Set<[UInt64]> = []
    var changed = true
    while changed, !isExhausted() {
      changed = false
      guard positions.allSatisfy({ $0 < best.indices.count }) else { return }
      // The distinct values in order of first appearance.
      var order: [UInt64] = []
      for position in positions where !order.contains(best.indices[position]) {
        order.append(best.indices[position])
      }
      let values = Set(order.sorted().prefix(Self.relabelLimit))
      let appearing = order.filter(values.contains)
      search: for (i, larger) in appearing.enumerated() {
        for smaller in appearing[(i + 1)...] where smaller < larger {
          guard tried.insert([larger, smaller]).inserted, !isExhausted() else { continue }
          var attempt = best.indices
          for position in positions {
            if attempt[position] == larger {
              attempt[position] = smaller
            } else if attempt[position] == smaller {
              attempt[position] = larger
            }
          }
          if consider(attempt) {
            changed = true
            break search
          }
        }
      }
    }
  }
}
