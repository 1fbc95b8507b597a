/// Counts the live slots of an ``IdentifiedArray`` that has holes, so that an offset and a slot
/// convert into each other in O(log n): a Fenwick (binary indexed) tree over one 0/1 a slot.
///
/// Removing an element leaves a hole (O(log n)) instead of shifting every later element and
/// renumbering its id (O(n)): n removals cost O(n log n), not O(n²). The array compacts its
/// slots, and drops this index, once holes outnumber live elements.
@usableFromInline
struct LiveSlotCounts: Sendable {
  /// 1-based: `tree[i]` is the number of live slots in `(i - lowbit(i), i]`; `tree[0]` unused.
  @usableFromInline var tree: [Int]
  /// How many slots are holes.
  @usableFromInline var holeCount = 0

  /// All `slotCount` slots live: O(n).
  init(liveSlots slotCount: Int) {
    tree = [Int](repeating: 1, count: slotCount + 1)
    tree[0] = 0
    for index in 1..<tree.count {
      let parent = index + (index & -index)
      if parent < tree.count { tree[parent] += tree[index] }
    }
  }

  var slotCount: Int { tree.count - 1 }

  /// How many live slots come before `slot`: O(log n).
  @usableFromInline
  func liveSlots(before slot: Int) -> Int {
    var sum = 0
    var index = slot
    while index > 0 {
      sum += tree[index]
      index &= index - 1
    }
    return sum
  }

  /// The slot of the live element at `offset` (0-based, less than the live count): O(log n).
  @usableFromInline
  func slot(ofOffset offset: Int) -> Int {
    var position = 0
    var remaining = offset + 1
    var step = 1
    while step * 2 <= slotCount { step *= 2 }
    while step > 0 {
      let next = position + step
      if next <= slotCount, tree[next] < remaining {
        position = next
        remaining -= tree[next]
      }
      step /= 2
    }
    return position
  }

  /// Marks the live `slot` as a hole: O(log n).
  mutating func markHole(_ slot: Int) {
    holeCount += 1
    var index = slot + 1
    while index < tree.count {
      tree[index] -= 1
      index += index & -index
    }
  }

  /// Adds a live slot at the end: O(log n).
  @usableFromInline
  mutating func appendLive() {
    let index = tree.count
    let covered = index & -index
    tree.append(1 + liveSlots(before: index - 1) - liveSlots(before: index - covered))
  }

  /// Drops the last slot, a hole when `isHole`: O(1). No other node covers the last one.
  mutating func removeLast(isHole: Bool) {
    tree.removeLast()
    if isHole { holeCount -= 1 }
  }
}
