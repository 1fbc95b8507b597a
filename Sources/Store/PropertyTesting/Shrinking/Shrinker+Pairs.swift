import Store

/// The passes that delete one part and change a second one at the same time, for ``Shrinker``:
/// two steps that only go together, and a step deleted while the next one's values are swapped.
extension Shrinker {
  /// How far apart (in steps) two steps may be for ``deleteStepPairs()`` to delete them at once.
  static let pairWindow = 4

  /// Deletes two steps of one run at once when they are not neighbours (neighbours are
  /// ``deleteBlocks()``'s) and at most ``pairWindow`` steps apart: a request and the answer to
  /// it, which neither alone can leave — deleting the request shifts which call the answer
  /// picks, deleting the answer leaves the request waiting. `[search("a"), search("a"),
  /// search("b"), answer 0, answer 1, answer 0]` loses its first search and first answer.
  ///
  /// Cost: at most ``pairWindow`` − 1 runs per step, plus one per pair deleted, per round (runs of
  /// up to 256 steps); finding the pairs takes O(n · ``pairWindow``) after each deletion.
  func deleteStepPairs() {
    var next = 0
    while !isExhausted() {
      let steps = siblingFamilies().filter { $0.first?.label == .step }.flatMap { $0.prefix(256) }
      var pairs: [(Span, Span)] = []
      for (i, first) in steps.enumerated() {
        for j in stride(from: i + 2, to: Swift.min(steps.count, i + Self.pairWindow + 1), by: 1)
        where steps[j].parent == first.parent {
          pairs.append((first, steps[j]))
        }
      }
      guard next < pairs.count else { return }
      let (first, second) = pairs[next]
      if !consider(removing(all: [first.range, second.range])) { next += 1 }
    }
  }

  /// Deletes each list element or run step while swapping two values of one kind (as
  /// ``swapMirrored()`` pairs them) in the sibling after it, for the parts whose
  /// plain deletion made the property pass: `[open(0), open(1), deposit(0, 1), transfer(0, 1),
  /// transfer(0, 1)]` becomes `[open(0), open(1), deposit(0, 1), transfer(1, 0)]`, where the
  /// first transfer was the one that moved the money the second needed.
  ///
  /// Cost: per element or step, at most ``mirrorWindow`` runs per choice of the sibling after
  /// it, per round.
  func deleteWhileSwapping() {
    forEachPart(swapAfterDeleting)
  }

  private func swapAfterDeleting(_ span: Span) -> Bool {
    let base = removing(span.range)
    let siblings = best.spans.filter {
      $0.label == span.label && $0.parent == span.parent && !$0.isEmpty
    }
    // The sibling after it: the one that read what the deleted part left behind.
    if let neighbour = siblings.first(where: { $0.start == span.end }) {
      let shift = span.range.count
      for first in neighbour.range {
        let last = Swift.min(neighbour.end - 1, first + Self.mirrorWindow)
        guard first < last else { continue }
        for second in (first + 1)...last where !isExhausted() {
          guard sameKind(first, second), best.indices[first] != best.indices[second] else {
            continue
          }
          var attempt = base
          attempt.swapAt(first - shift, second - shift)
          if consider(attempt) { return true }
        }
      }
    }
    return false
  }
}
