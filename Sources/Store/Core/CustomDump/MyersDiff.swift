/// The shortest edit script between two line lists: Myers' O((N+M)·D) algorithm ("An O(ND)
/// Difference Algorithm and Its Variations", 1986) with the middle-snake recursion, so that it
/// needs O(N+M) memory — git's default diff.
///
/// **Bounds.** N and M are the line counts, D the number of lines removed plus added. Time is
/// O((N+M)·D) line comparisons (lines are first numbered by a hash table, so a comparison is
/// one integer test); memory O(N+M). A search whose D would exceed `maxChanges` stops once
/// it knows so, after O((N+M)·maxChanges) comparisons, and returns nil: a caller shows "more
/// than maxChanges lines changed" instead of a table. ``comparisons`` counts the line
/// comparisons made, for tests to check the bound by a count rather than by time.
package struct MyersDiff {
  private let old: [Int]
  private let new: [Int]
  private var forward: [Int] = []
  private var backward: [Int] = []
  private var kinds: [DiffEdit.Kind] = []
  /// Line comparisons made so far.
  package private(set) var comparisons = 0

  /// Lines the two lists share at their start and at their end: compared as text, never numbered.
  private let sharedStart: Int
  private let sharedEnd: Int

  /// Numbers the lines of `old` and `new` so that equal lines get equal numbers — only those
  /// between the lines the two share at their start and end, which are compared as text (for
  /// two dumps of a large state that an action changed a little, nearly every line: a string
  /// comparison of lines that share storage costs no more than one of numbers).
  package init(_ old: [String], _ new: [String]) {
    var start = 0
    while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
    var end = 0
    while end < old.count - start, end < new.count - start,
      old[old.count - 1 - end] == new[new.count - 1 - end]
    {
      end += 1
    }
    sharedStart = start
    sharedEnd = end
    comparisons = start + end + 1
    var numbers: [String: Int] = [:]
    func number(_ line: String) -> Int {
      if let known = numbers[line] { return known }
      numbers[line] = numbers.count
      return numbers.count - 1
    }
    self.old = old[start..<(old.count - end)].map(number)
    self.new = new[start..<(new.count - end)].map(number)
  }

  /// The edits turning `old` into `new` — within each run of changed lines the removals come
  /// before the additions — or nil when more than `maxChanges` lines change.
  package mutating func kindsOfEdits(maxChanges: Int) -> [DiffEdit.Kind]? {
    let size = old.count + new.count + 2
    forward = [Int](repeating: 0, count: 2 * size + 1)
    backward = forward
    kinds = []
    kinds.reserveCapacity(sharedStart + max(old.count, new.count) + sharedEnd)
    kinds.append(contentsOf: repeatElement(.same, count: sharedStart))
    guard compare(0, old.count, 0, new.count, limit: maxChanges) else { return nil }
    kinds.append(contentsOf: repeatElement(.same, count: sharedEnd))
    return Self.removalsFirst(kinds)
  }

  /// Appends the edits of `old[oldStart..<oldEnd]` → `new[newStart..<newEnd]`; false when
  /// `limit` (if any) is exceeded, having appended an unspecified part.
  private mutating func compare(
    _ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int, limit: Int?
  ) -> Bool {
    var (oldStart, newStart, oldEnd, newEnd) = (oldStart, newStart, oldEnd, newEnd)
    while oldStart < oldEnd, newStart < newEnd, same(oldStart, newStart) {
      kinds.append(.same)
      oldStart += 1
      newStart += 1
    }
    var sharedEnd = 0
    while oldStart < oldEnd, newStart < newEnd, same(oldEnd - 1, newEnd - 1) {
      sharedEnd += 1
      oldEnd -= 1
      newEnd -= 1
    }
    if oldStart == oldEnd || newStart == newEnd {
      let changed = (oldEnd - oldStart) + (newEnd - newStart)
      if let limit, changed > limit { return false }
      kinds.append(contentsOf: repeatElement(.removed, count: oldEnd - oldStart))
      kinds.append(contentsOf: repeatElement(.added, count: newEnd - newStart))
    } else {
      guard let snake = middleSnake(oldStart, oldEnd, newStart, newEnd, limit: limit) else {
        return false
      }
      _ = compare(oldStart, snake.oldStart, newStart, snake.newStart, limit: nil)
      kinds.append(contentsOf: repeatElement(.same, count: snake.oldEnd - snake.oldStart))
      _ = compare(snake.oldEnd, oldEnd, snake.newEnd, newEnd, limit: nil)
    }
    kinds.append(contentsOf: repeatElement(.same, count: sharedEnd))
    return true
  }

  private mutating func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
    comparisons += 1
    return old[oldIndex] == new[newIndex]
  }

  private struct Snake {
    var oldStart: Int
    var newStart: Int
    var oldEnd: Int
    var newEnd: Int
  }

  /// The middle snake of a shortest edit script of the two ranges, both non-empty: searched
  /// from both ends at once until the searches meet, after about D/2 rounds each. Nil when D
  /// is more than `limit`.
  private mutating func middleSnake(
    _ oldStart: Int, _ oldEnd: Int, _ newStart: Int, _ newEnd: Int, limit: Int?
  ) -> Snake? {
    let n = oldEnd - oldStart
    let m = newEnd - newStart
    let delta = n - m
    let odd = delta & 1 != 0
    let center = forward.count / 2
    let rounds = (n + m + 1) / 2
    forward[center + 1] = 0
    backward[center + 1] = 0
    for d in 0...rounds {
      // Every script found from this round on has at least this many edits.
      if let limit, (odd ? 2 * d - 1 : 2 * d) > limit { return nil }
      for k in stride(from: -d, through: d, by: 2) {
        let startX = Self.start(on: k, after: d, in: forward, center: center)
        let startY = startX - k
        let x = Self.slide(from: startX, startY, n, m) { same(oldStart + $0, newStart + $1) }
        let y = x - k
        forward[center + k] = x
        let reverse = delta - k
        if odd, reverse >= -(d - 1), reverse <= d - 1, x + backward[center + reverse] >= n {
          return Snake(
            oldStart: oldStart + startX, newStart: newStart + startY, oldEnd: oldStart + x,
            newEnd: newStart + y)
        }
      }
      for k in stride(from: -d, through: d, by: 2) {
        let startX = Self.start(on: k, after: d, in: backward, center: center)
        let startY = startX - k
        let x = Self.slide(from: startX, startY, n, m) { same(oldEnd - 1 - $0, newEnd - 1 - $1) }
        let y = x - k
        backward[center + k] = x
        let ahead = delta - k
        if !odd, ahead >= -d, ahead <= d, x + forward[center + ahead] >= n {
          return Snake(
            oldStart: oldEnd - x, newStart: newEnd - y, oldEnd: oldEnd - startX,
            newEnd: newEnd - startY)
        }
      }
    }
    preconditionFailure("the forward and backward searches always meet within (N+M+1)/2 rounds")
  }

  /// Where a search's furthest path on diagonal `k` starts after `d` edits: one down from
  /// diagonal `k + 1` or one right from `k - 1`, whichever went further in the round before.
  private static func start(on k: Int, after d: Int, in furthest: [Int], center: Int) -> Int {
    k == -d || (k != d && furthest[center + k - 1] < furthest[center + k + 1])
      ? furthest[center + k + 1] : furthest[center + k - 1] + 1
  }

  /// Follows the diagonal from (`x`, `y`) while the lines are the same; the `x` it stops at.
  private static func slide(
    from x: Int, _ y: Int, _ n: Int, _ m: Int, same: (Int, Int) -> Bool
  ) -> Int {
    var (x, y) = (x, y)
    while x < n, y < m, same(x, y) {
      x += 1
      y += 1
    }
    return x
  }

  /// `kinds` with each run of changed lines reordered: its removals, then its additions.
  static func removalsFirst(_ kinds: [DiffEdit.Kind]) -> [DiffEdit.Kind] {
    var result: [DiffEdit.Kind] = []
    result.reserveCapacity(kinds.count)
    var added = 0
    for kind in kinds {
      switch kind {
      case .added: added += 1
      case .removed: result.append(.removed)
      case .same:
        result.append(contentsOf: repeatElement(.added, count: added))
        added = 0
        result.append(.same)
      }
    }
    result.append(contentsOf: repeatElement(.added, count: added))
    return result
  }
}
