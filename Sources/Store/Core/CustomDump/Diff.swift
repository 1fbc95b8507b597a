/// A line-by-line difference between two renderings, as `−`/`+` lines.
///
/// ```swift
/// print(lineDiff(expected: dumpLines(expected), actual: dumpLines(actual)))
/// //   ClockState(
/// // −   isLoading: true,
/// // +   isLoading: false,
/// //     failure: nil
/// //   )
/// ```
///
/// Lines only in `expected` are marked `−`, lines only in `actual` `+`, shared lines are indented
/// by two spaces. Long runs of shared lines far from any change are folded into `…`.
///
/// **Bounds.** The edit script is `MyersDiff`'s: O((N+M)·D) line comparisons and O(N+M)
/// memory for N lines before, M after and D lines changed. When more than `maxChanges` lines
/// change (after O((N+M)·maxChanges) comparisons), the table is replaced by one line saying so
/// (`tooManyChanges(before:after:maxChanges:)`), so a diff of two huge states stays fast.
///
/// - Parameters:
///   - expected: the lines before (or expected), e.g. ``dumpLines(_:)`` of one state.
///   - actual: the lines after (or actual).
///   - context: how many shared lines to show around each change.
///   - maxChanges: above this many changed lines, one line says how many changed instead.
public func lineDiff(
  expected: [String], actual: [String], context: Int = 3, maxChanges: Int = lineDiffMaxChanges
) -> String {
  guard let edits = diffEdits(expected, actual, maxChanges: maxChanges) else {
    return tooManyChanges(before: expected.count, after: actual.count, maxChanges: maxChanges)
  }
  return diffTable(edits, context: context, folding: edits.count > 2 * context + 20)
}

/// `edits` as the lines of a diff: `−`, `+` or two spaces before each line; when `folding`, a run
/// of shared lines more than `context` lines from any change becomes one `…` line.
package func diffTable(_ edits: [DiffEdit], context: Int, folding: Bool) -> String {
  var keep = [Bool](repeating: false, count: edits.count)
  for (index, edit) in edits.enumerated() where edit.kind != .same {
    for near in max(0, index - context)...min(edits.count - 1, index + context) {
      keep[near] = true
    }
  }
  var out: [String] = []
  var folded = false
  for (index, edit) in edits.enumerated() {
    guard keep[index] || !folding else {
      if !folded { out.append("  …") }
      folded = true
      continue
    }
    folded = false
    switch edit.kind {
    case .same: out.append("  " + edit.line)
    case .removed: out.append("\u{2212} " + edit.line)
    case .added: out.append("+ " + edit.line)
    }
  }
  return out.joined(separator: "\n")
}

/// How many changed lines ``lineDiff(expected:actual:context:maxChanges:)`` shows at most.
///
/// ```swift
/// lineDiff(expected: before, actual: after, maxChanges: lineDiffMaxChanges)
/// ```
public let lineDiffMaxChanges = 2_000

/// What ``lineDiff(expected:actual:context:maxChanges:)`` prints instead of a table of more
/// than `maxChanges` changed lines.
package func tooManyChanges(before: Int, after: Int, maxChanges: Int) -> String {
  "  … more than \(maxChanges) lines changed (\(before) lines before, \(after) after): "
    + "too many to show line by line; compare smaller parts of the state"
}

package struct DiffEdit: Equatable {
  package enum Kind: Sendable { case same, removed, added }
  package let kind: Kind
  package let line: String
}

/// The shortest edit script between two line lists (``MyersDiff``), or nil when more than
/// `maxChanges` lines change.
package func diffEdits(_ old: [String], _ new: [String], maxChanges: Int = .max) -> [DiffEdit]? {
  var myers = MyersDiff(old, new)
  guard let kinds = myers.kindsOfEdits(maxChanges: maxChanges) else { return nil }
  return diffEdits(kinds, old, new)
}

/// The edits `kinds` describe, with their lines from `old` and `new`.
package func diffEdits(_ kinds: [DiffEdit.Kind], _ old: [String], _ new: [String]) -> [DiffEdit] {
  var edits: [DiffEdit] = []
  edits.reserveCapacity(kinds.count)
  var i = 0
  var j = 0
  for kind in kinds {
    switch kind {
    case .same:
      edits.append(DiffEdit(kind: .same, line: old[i]))
      i += 1
      j += 1
    case .removed:
      edits.append(DiffEdit(kind: .removed, line: old[i]))
      i += 1
    case .added:
      edits.append(DiffEdit(kind: .added, line: new[j]))
      j += 1
    }
  }
  return edits
}
