/// Dumps a sequence of values — each state of a replay, one after the other — as
/// ``dumpLines(_:)`` does, walking only what changed since the value before, and diffs each
/// with the one before as ``lineDiff(expected:actual:context:maxChanges:)`` does, looking only at
/// the lines between those the two share at their start and end.
///
/// ```swift
/// var dumper = StateDumper()
/// let before = state
/// reducer.reduce(into: &state, action: action)
/// print(dumper.changes(from: before, to: state))
/// ```
///
/// Each part of a value (a struct, a collection, a dictionary, an enum) is kept with its lines;
/// in the next value, a part that is `==` to the one in the same place (for a collection whose
/// count changed, in the same place from either end) is taken over whole instead of being walked
/// with `Mirror`. The lines and the diff are always exactly `dumpLines`' and `lineDiff`'s,
/// provided `==` tells apart every value that dumps differently (the console's states are compared
/// with it already: an action after which `==` holds shows no change). List elements are also
/// taken over when their bytes are those of the element before, so a class instance in a list,
/// mutated in place, keeps its earlier lines: states are values, as the store expects.
///
/// **Bounds.** For a value of L lines, an action that changed a part of C lines inside a list of
/// P elements (the longest row of parts on the changed path): `==` on the parts along the
/// changed path — O(1) for a list whose count changed or whose storage the action left shared,
/// O(P) typed otherwise; the list's shared ends, O(P) typed (bytes first, then `==` where the
/// bytes differ, as they do for elements with padding, which a copy leaves undefined); O(P) to
/// lay out and count the parts around the change, and to skip the shared ones in the diff; O(C)
/// `Mirror` work, and ``MyersDiff`` on the changed lines alone. The O(P) terms are of the order
/// of the copy of that list a reducer makes itself when the value before is kept
/// (copy-on-write), so `replay --diff` costs a constant factor of a plain replay, whatever the
/// log's length (docs/safety.md). Memory: the parts of the last value, O(L).
package struct StateDumper {
  private var last: DumpSegment?
  /// How many parts the last dump walked with `Mirror` (the others were taken over).
  package private(set) var reflected = 0

  package init() {}

  /// `value`'s lines, as ``dumpLines(_:)`` writes them; the value is remembered for the next call.
  package mutating func lines(of value: Any) -> [String] {
    var lines: [String] = []
    dump(value).appendLines(to: &lines)
    return lines
  }

  /// `lineDiff(expected: dumpLines(before), actual: dumpLines(after))`, where `before` is the
  /// value the last call dumped (`before` is dumped only when this is the first); `after` is
  /// remembered for the next call.
  /// `changed`: the caller has just found `after` not `==` to `before` (to print "no change"
  /// otherwise), so the dump does not compare the two whole values again; its parts still are.
  package mutating func changes(
    from before: Any, to after: Any, changed: Bool = false, context: Int = 3,
    maxChanges: Int = lineDiffMaxChanges
  ) -> String {
    let old = last ?? dump(before)
    let new = dump(after, changed: changed)
    return DumpDiff(old: old, new: new).table(context: context, maxChanges: maxChanges)
  }

  private mutating func dump(_ value: Any, changed: Bool = false) -> DumpSegment {
    var dumper = Dumper()
    let segment = dumper.dump(
      value, label: nil, indent: "", trailing: "", previous: last?.node, changed: changed)
    last = segment
    reflected = dumper.reflected
    return segment
  }
}

/// The line diff of two dumps kept as parts: the lines they share at their start and end are
/// counted by skipping the parts they share whole, and only the lines between are compared.
struct DumpDiff {
  let old: DumpSegment
  let new: DumpSegment

  /// The same text as `lineDiff` of the two dumps' lines.
  func table(context: Int, maxChanges: Int) -> String {
    let (oldCount, newCount) = (old.count, new.count)
    let start = Self.shared(old, new, forward: true, limit: min(oldCount, newCount))
    let end = Self.shared(old, new, forward: false, limit: min(oldCount, newCount) - start)
    let oldMiddle = Self.lines(of: old, in: start..<(oldCount - end))
    let newMiddle = Self.lines(of: new, in: start..<(newCount - end))
    var myers = MyersDiff(oldMiddle, newMiddle)
    guard let kinds = myers.kindsOfEdits(maxChanges: maxChanges) else {
      return tooManyChanges(before: oldCount, after: newCount, maxChanges: maxChanges)
    }
    let total = start + kinds.count + end
    guard total > 2 * context + 20 else {
      // Short enough to be shown whole, unfolded: from the lines themselves.
      return lineDiff(
        expected: Self.lines(of: old, in: 0..<oldCount),
        actual: Self.lines(of: new, in: 0..<newCount), context: context, maxChanges: maxChanges)
    }
    // The shared lines more than `context` from the middle are folded whatever they say: each
    // run stands in as one line, never shown.
    let fold = DiffEdit(kind: .same, line: "")
    var edits: [DiffEdit] = start > context ? [fold] : []
    edits += Self.lines(of: old, in: max(0, start - context)..<start).map {
      DiffEdit(kind: .same, line: $0)
    }
    edits += diffEdits(kinds, oldMiddle, newMiddle)
    edits += Self.lines(of: old, in: (oldCount - end)..<(oldCount - end + min(context, end))).map {
      DiffEdit(kind: .same, line: $0)
    }
    if end > context { edits.append(fold) }
    return diffTable(edits, context: context, folding: true)
  }

  /// How many lines `a` and `b` share at their start (`forward`) or end, at most `limit`.
  static func shared(_ a: DumpSegment, _ b: DumpSegment, forward: Bool, limit: Int) -> Int {
    var left = SegmentCursor(a, forward: forward)
    var right = SegmentCursor(b, forward: forward)
    var count = 0
    while count < limit, let x = left.current, let y = right.current {
      switch (x, y) {
      case (.node(let p), .node(let q)) where p === q && count + p.count <= limit:
        count += p.count
        left.advance()
        right.advance()
      case (.node, _): left.descend()
      case (_, .node): right.descend()
      case (.line(let l), .line(let r)):
        guard l == r else { return count }
        count += 1
        left.advance()
        right.advance()
      }
    }
    return count
  }

  /// The lines of `segment` in `range` (line numbers from its first line), visiting only the
  /// parts that overlap it.
  static func lines(of segment: DumpSegment, in range: Range<Int>) -> [String] {
    var lines: [String] = []
    lines.reserveCapacity(range.count)
    func visit(_ segment: DumpSegment, at offset: Int) {
      let span = offset..<(offset + segment.count)
      guard span.overlaps(range) else { return }
      if range.contains(span.lowerBound), span.upperBound <= range.upperBound {
        segment.appendLines(to: &lines)
        return
      }
      guard case .node(let node) = segment else { return }
      var next = offset
      for part in node.segments {
        visit(part, at: next)
        next += part.count
        if next >= range.upperBound { break }
      }
    }
    if !range.isEmpty { visit(segment, at: 0) }
    return lines
  }
}

/// Walks a dump's pieces in order (or in reverse), going into a part only when asked.
struct SegmentCursor {
  private var stack: [(segments: [DumpSegment], index: Int)]
  private let forward: Bool

  init(_ root: DumpSegment, forward: Bool) {
    self.forward = forward
    stack = [([root], 0)]
  }

  /// The piece the cursor is on; nil at the end.
  var current: DumpSegment? {
    mutating get {
      while let top = stack.last, !top.segments.indices.contains(top.index) {
        stack.removeLast()
      }
      return stack.last.map { $0.segments[$0.index] }
    }
  }

  /// Moves past the current piece.
  mutating func advance() {
    stack[stack.count - 1].index += forward ? 1 : -1
  }

  /// Moves into the current part: its first (or last) piece becomes current.
  mutating func descend() {
    guard case .node(let node)? = current else { return }
    advance()
    stack.append((node.segments, forward ? 0 : node.segments.count - 1))
  }
}
