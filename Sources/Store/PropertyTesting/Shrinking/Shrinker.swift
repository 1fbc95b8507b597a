import Store

/// Shrinks a failing choice sequence to a simpler one that still fails, the way Hypothesis does:
/// by editing the recorded choices and running the generator and the property again on each edit.
///
/// The passes, one concern each (in the files `Shrinker+…`):
/// - deleting: what the generator suggests (a reducer run's no-op actions and loops), discarded
///   tries, every span and every short run of choices;
/// - descending: replacing a node (of a recursive generator, a tuple, a composite) by a node of
///   the same kind inside it;
/// - lowering: each choice alone (its few simplest values one by one, then a binary search), the
///   simpler encodings a generator proposes (a float's integer part), pairs shifted together
///   (either sign) and pairs whose sum is kept;
/// - duplicates: equal values lowered together (all copies, down to zero), the values that kept
///   changing lowered by a common offset, and the same element deleted from parallel collections;
/// - reordering: siblings sorted, and equal-shaped parts traded across parents;
/// - adjusting: deleting one part while raising a number nearby to make up for it;
/// - optionals: present optional values made nil, their value's choices cut;
/// - mirroring: values of one kind swapped or sorted into their canonical order;
/// - together: a group of numbers lowered by one amount, and a pair traded (one halved, the
///   other raised) for products;
/// - blocks: two or three neighbouring elements or steps deleted at once, a repeated block
///   collapsed, a step replaced by a simpler kind of action;
/// - pairs: two steps a few apart deleted at once, and a part deleted while the values of one
///   kind in its neighbour are swapped;
/// - negating: negative numbers made positive together, and pairs reflected through zero;
/// - relabeling: two values of one kind swapped wherever they occur;
/// - moving: numbers around one lowered while it is raised, and an element moved to the next
///   collection of its kind.
///
/// An edit is kept only when the property still fails and the sequence is simpler by
/// ``SimplicityKey`` (a lower rank, fewer choices, then smaller indices), so shrinking always
/// ends; every sequence tried is remembered, so none runs twice.
///
/// ```swift
/// let shrinker = Shrinker(failing: trial, isExhausted: { engine.propertyRuns > 5000 }) { prefix in
///   engine.trial(prefix, size: size).0
/// }
/// shrinker.shrink()
/// shrinker.best   // the simplest failing trial found
/// ```
final class Shrinker {
  private(set) var best: Trial
  private let run: ([UInt64]) -> Trial
  let isExhausted: () -> Bool
  /// Every sequence run (and every sequence a run consumed), with how its run ended.
  private var seen: [[UInt64]: Trial.Status] = [:]
  /// How the last sequence given to ``consider(_:)`` ended; nil when it was not run.
  private(set) var lastStatus: Trial.Status?
  /// The last trial ``consider(_:)`` ran; nil when its last sequence had run before.
  private(set) var lastTrial: Trial?
  /// The positions whose index changed while the sequence kept its length, since the last
  /// ``lowerCommonOffset()``.
  var changed: Set<Int> = []
  /// The kinds of reducer step (the index of the rule taken) seen reading choices of their own:
  /// ``simplifySteps()`` does not try them in place of a step to save choices.
  var stepKindsReading: Set<UInt64> = []

  init(failing: Trial, isExhausted: @escaping () -> Bool, run: @escaping ([UInt64]) -> Trial) {
    self.best = failing
    self.run = run
    self.isExhausted = isExhausted
  }

  /// Applies the passes until a whole round of them changes nothing, or the budget runs out. The
  /// costlier passes run only in a round where the cheap ones found nothing.
  func shrink() {
    var first = true
    while !isExhausted() {
      let before = best.key
      deleteHinted()
      // Then the simplest sequence of all: when everything fails, one run finds it.
      if first, best.indices.contains(where: { $0 > 0 }) { consider([]) }
      first = false
      deleteDiscarded()
      zeroSpans()
      deleteSpans()
      nilOptionals()
      replaceWithDescendants()
      deleteChunks(length: 2)
      tryRewrites()
      lowerDuplicates()
      deleteInParallel()
      minimizeChoices()
      lowerCommonOffset()
      reorderSiblings()
      shiftPairs()
      redistributePairs()
      if best.key == before {
        deleteChunks(length: 2)
        reorderAcrossParents()
      }
      if best.key == before {
        swapMirrored()
        lowerGroupsTogether()
        negateTogether()
        reflectPairs()
        deleteBlocks()
      }
      if best.key == before {
        tryRewrites(late: true)
        deleteWhileAdjusting()
        deleteWhileSwapping()
        deleteStepPairs()
      }
      if best.key == before {
        simplifySteps()
        tradePairs()
        relabel()
      }
      if best.key == before {
        lowerAroundRaisingOne()
        moveToNextCollection()
      }
      if best.key == before { return }
    }
  }

  /// Runs `attempt` unless it ran before, and keeps it if it fails and is simpler than the best.
  @discardableResult
  func consider(_ attempt: [UInt64]) -> Bool {
    var attempt = attempt
    while attempt.last == 0 { attempt.removeLast() }  // past the end, every choice is 0 anyway
    lastTrial = nil
    if let status = seen[attempt] {
      lastStatus = status
      return false
    }
    lastStatus = nil
    guard !isExhausted() else { return false }
    let trial = run(attempt)
    lastStatus = trial.status
    lastTrial = trial
    seen[attempt] = trial.status
    var consumed = trial.indices
    while consumed.last == 0 { consumed.removeLast() }
    seen[consumed] = trial.status
    guard trial.failed, trial.key < best.key else { return false }
    if trial.indices.count == best.indices.count {
      for position in trial.indices.indices where trial.indices[position] != best.indices[position]
      {
        changed.insert(position)
      }
    } else {
      changed = []
    }
    best = trial
    return true
  }

  // MARK: - Helpers for the passes

  /// The best sequence without the choices in `range`.
  func removing(_ range: Range<Int>) -> [UInt64] {
    var attempt = best.indices
    attempt.removeSubrange(range.clamped(to: 0..<attempt.count))
    return attempt
  }

  /// The best sequence without the choices in any of `ranges` (which must not overlap).
  func removing(all ranges: [Range<Int>]) -> [UInt64] {
    var attempt = best.indices
    for range in ranges.sorted(by: { $0.lowerBound > $1.lowerBound }) {
      attempt.removeSubrange(range.clamped(to: 0..<attempt.count))
    }
    return attempt
  }

  func setting(_ position: Int, to index: UInt64) -> Bool {
    guard position < best.indices.count else { return false }
    var attempt = best.indices
    attempt[position] = index
    return consider(attempt)
  }

  func settingOffset(_ position: Int, to offset: Offset, ifBoundsOf choice: Choice) -> Bool {
    guard position < best.choices.count else { return false }
    let current = best.choices[position]
    guard current.up == choice.up, current.down == choice.down,
      offset.fits(up: choice.up, down: choice.down)
    else { return false }
    return setting(position, to: choice.with(offset).index)
  }

  /// Whether the last sequence run was discarded by the property or rejected by the generator.
  var lastWasRejected: Bool {
    switch lastStatus {
    case .discarded?, .rejected?, .overrun?: true
    default: false
    }
  }

  /// Finds the smallest value in `1..<known` for which `fails` holds, given that `known` fails
  /// and assuming that larger values fail when smaller ones do.
  func bisect(below known: UInt64, _ fails: (UInt64) -> Bool) {
    var low: UInt64 = 0
    var high = known
    while high - low > 1, !isExhausted() {
      let middle = low + (high - low) / 2
      if fails(middle) { high = middle } else { low = middle }
    }
  }

  /// Finds the largest value in `1...most` for which `fails` holds, trying `most` first, then 1
  /// (when even 1 does not fail, nothing will), and assuming that smaller values fail when larger
  /// ones do.
  func bisect(above most: UInt64, _ fails: (UInt64) -> Bool) {
    guard most > 0, !fails(most), most > 1, fails(1) else { return }
    var low: UInt64 = 1
    var high = most
    while high - low > 1, !isExhausted() {
      let middle = low + (high - low) / 2
      if fails(middle) { low = middle } else { high = middle }
    }
  }
}
