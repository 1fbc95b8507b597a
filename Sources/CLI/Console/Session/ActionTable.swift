/// The session history's actions, each kept once however often it recurs: a history entry is a
/// 8-byte ``Packed`` (source, whether a typed command starts there, a slot in this table, and
/// its cause's line or effect), so a session of a million `tomorrow`s holds 8 MB, not a million
/// 70-byte enum values.
///
/// An action equal to one of the last ``recentLimit`` distinct actions shares its slot; slots are
/// reference counted, and one no entry refers to any more is freed and reused, so the table
/// holds at most one action per entry kept.
///
/// **Bounds.** `intern` is O(``recentLimit``) comparisons; memory is one action and 4 bytes per
/// slot in use, plus 4 bytes per freed slot.
@MainActor
@usableFromInline
final class ActionTable<Action: Equatable> {
  /// How many of the latest distinct actions a new one is compared with.
  @inlinable static var recentLimit: Int { 8 }

  /// The actions by slot; nil in a freed slot, so that the old action's memory goes.
  @usableFromInline var actions: [Action?] = []
  @usableFromInline var references: [UInt32] = []
  @usableFromInline var freed: [Int] = []
  @usableFromInline var recent: [Int] = []
  /// Comparisons made by ``intern(_:)``, for tests of its bound.
  @usableFromInline var comparisons = 0

  @usableFromInline init() {}

  /// How many slots hold an action in use.
  var slotsInUse: Int { actions.count - freed.count }

  /// The action in `slot`.
  @inlinable func action(_ slot: Int) -> Action { actions[slot]! }

  /// The slot of `action`, taking a reference to it.
  @inlinable func intern(_ action: Action) -> Int {
    for (index, slot) in recent.enumerated().reversed() {
      comparisons += 1
      if actions[slot] == action {
        references[slot] += 1
        if index != recent.count - 1 {
          recent.remove(at: index)
          recent.append(slot)
        }
        return slot
      }
    }
    let slot: Int
    if let reused = freed.popLast() {
      slot = reused
      actions[slot] = action
      references[slot] = 1
    } else {
      slot = actions.count
      actions.append(action)
      references.append(1)
    }
    recent.append(slot)
    if recent.count > Self.recentLimit { recent.removeFirst() }
    return slot
  }

  /// Drops a reference to `slot`; the last one frees it.
  @usableFromInline func release(_ slot: Int) {
    references[slot] -= 1
    guard references[slot] == 0 else { return }
    actions[slot] = nil  // the old action's memory goes
    freed.append(slot)
    recent.removeAll { $0 == slot }
  }
}

/// An entry of the history: 2 bits of source, 1 bit "a typed command starts here", 29 bits of
/// slot in the ``ActionTable``; and 32 bits of cause (``tag``).
@usableFromInline
struct HistoryPacked: Equatable {
  @usableFromInline let bits: UInt32
  /// The cause beyond the source (``ActionHistory/cause(_:)``): a typed action's line; an
  /// effect's action's effect number, or for a `.send` (effect 0) its parent's seq with the
  /// top bit set; 0 when unknown.
  @usableFromInline let tag: UInt32

  @inlinable init(source: HistorySource, startsCommand: Bool, slot: Int, tag: UInt32 = 0) {
    precondition(slot < 1 << 29, "the action table holds at most 2^29 distinct actions")
    bits = UInt32(slot) << 3 | (startsCommand ? 4 : 0) | UInt32(source.code)
    self.tag = tag
  }

  @inlinable var slot: Int { Int(bits >> 3) }
  @inlinable var startsCommand: Bool { bits & 4 != 0 }
  @inlinable var source: HistorySource { HistorySource(code: bits & 3) }
}

extension HistorySource {
  @inlinable internal var code: UInt8 {
    switch self {
    case .launch: 0
    case .typed: 1
    case .effect: 2
    case .travel: 3
    }
  }

  @inlinable internal init(code: UInt32) {
    self = [.launch, .typed, .effect, .travel][Int(code)]
  }
}
