/// "Did you mean …?": the name nearest to a mistyped one.
///
/// ```swift
/// Suggestion.nearest(to: "--vrify", among: ["--verify", "--diff"], within: 3)   // "--verify"
/// ```
package enum Suggestion {
  /// The first of `names` nearest to `word` by ``editDistance(_:_:)``, if it is at most `limit`
  /// edits away. Ties go to the earlier name; `word` and `names` are compared as they are.
  package static func nearest(to word: String, among names: [String], within limit: Int)
    -> String?
  {
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = editDistance(word, name)
      if distance < (best?.distance ?? Int.max) { best = (name, distance) }
    }
    guard let best, best.distance <= limit else { return nil }
    return best.name
  }

  /// The one of `names` nearest to `word` if it is near enough to be a likely typo: within a
  /// third of its length in edits (at least 1, at most 3).
  ///
  /// ```swift
  /// Suggestion.likely("mvoed", among: ["moved", "added"])   // "moved"
  /// ```
  package static func likely(_ word: String, among names: [String]) -> String? {
    var best: (name: String, distance: Int)?
    for name in names {
      let distance = editDistance(word, name)
      if distance < (best?.distance ?? Int.max) { best = (name, distance) }
    }
    guard let best else { return nil }
    return best.distance <= max(1, min(3, best.name.count / 3)) ? best.name : nil
  }

  /// Levenshtein distance, with a swap of two neighbours counting as one edit.
  package static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.prefix(64))
    let b = Array(b.prefix(64))
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, table[i - 2][j - 2] + 1)
        }
        table[i][j] = value
      }
    }
    return table[a.count][b.count]
  }
}
