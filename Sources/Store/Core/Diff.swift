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
package func lineDiff(expected: [String], actual: [String], context: Int = 3) -> String {
  let edits = diffEdits(expected, actual)
  var keep = [Bool](repeating: false, count: edits.count)
  for (index, edit) in edits.enumerated() where edit.kind != .same {
    for near in max(0, index - context)...min(edits.count - 1, index + context) {
      keep[near] = true
    }
  }
  var out: [String] = []
  var folded = false
  for (index, edit) in edits.enumerated() {
    guard keep[index] || edits.count <= 2 * context + 20 else {
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

struct DiffEdit: Equatable {
  enum Kind { case same, removed, added }
  let kind: Kind
  let line: String
}

/// The shortest edit script between two line lists, by longest common subsequence.
func diffEdits(_ old: [String], _ new: [String]) -> [DiffEdit] {
  let n = old.count
  let m = new.count
  // lengths[i][j]: length of the LCS of old[i...] and new[j...].
  var lengths = [[Int]](repeating: [Int](repeating: 0, count: m + 1), count: n + 1)
  for i in stride(from: n - 1, through: 0, by: -1) {
    for j in stride(from: m - 1, through: 0, by: -1) {
      lengths[i][j] =
        old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
    }
  }
  var edits: [DiffEdit] = []
  var i = 0
  var j = 0
  while i < n || j < m {
    if i < n, j < m, old[i] == new[j] {
      edits.append(DiffEdit(kind: .same, line: old[i]))
      i += 1
      j += 1
    } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
      edits.append(DiffEdit(kind: .removed, line: old[i]))
      i += 1
    } else {
      edits.append(DiffEdit(kind: .added, line: new[j]))
      j += 1
    }
  }
  return edits
}
