/// When a recording writes its next snapshot: after a multiple of `every` actions, once the
/// action lines written since the last snapshot add up to at least that snapshot's size.
///
/// ```swift
/// var spacing = SnapshotSpacing(every: 64, stateBytes: header.count)
/// spacing.wrote(actionLine: line.count)
/// if spacing.isDue(after: seq) { spacing.wrote(snapshot: snapshotLine.count) }
/// ```
///
/// **Bounds.** The snapshots' bytes stay within the action lines' bytes plus one snapshot: a
/// snapshot is written only when the credit — the action lines' bytes less the snapshots'
/// bytes so far — is at least the last snapshot's size, which the next one is taken to be; a
/// state that grew since then overdraws the credit by its growth at most, once, and the next
/// snapshot waits until the action lines have paid it back. So a log of `A` bytes of action
/// lines holds at most `A + S` bytes of snapshots, `S` the largest, however the state grows.
/// A replay finds a recorded state to check against at most `every` actions, or `S` bytes of
/// action lines plus `every` actions, after any action — the distance grows with the state, as
/// the cost of checking one does; every action line's fingerprint is checked in between.
struct SnapshotSpacing {
  /// The fewest actions between two snapshots.
  let every: Int
  /// Action lines' bytes less snapshots' bytes, since the recording began.
  private var credit = 0
  /// The last snapshot's size (at first, the header's state): what the next one is taken to be.
  private var expected: Int

  init(every: Int, stateBytes: Int) {
    self.every = every
    expected = stateBytes
  }

  /// Counts an action line of `bytes` bytes.
  mutating func wrote(actionLine bytes: Int) {
    credit += bytes
  }

  /// Counts a snapshot line of `bytes` bytes.
  mutating func wrote(snapshot bytes: Int) {
    credit -= bytes
    expected = bytes
  }

  /// Whether a snapshot is due after action `seq`.
  func isDue(after seq: Int) -> Bool {
    seq % every == 0 && credit >= expected
  }
}
