import Store
import Testing

@Suite("The line diff's bounds")
struct LineDiffBoundsTests {
  /// The length of a longest common subsequence, by the quadratic table (small inputs only).
  static func commonLength(_ old: [String], _ new: [String]) -> Int {
    var row = [Int](repeating: 0, count: new.count + 1)
    for line in old {
      var diagonal = 0
      for (j, other) in new.enumerated() {
        let above = row[j + 1]
        row[j + 1] = line == other ? diagonal + 1 : max(row[j + 1], row[j])
        diagonal = above
      }
    }
    return row[new.count]
  }

  /// A deterministic list of `count` lines drawn from a small alphabet.
  static func lines(_ count: Int, seed: inout UInt64) -> [String] {
    (0..<count).map { _ in
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return ["a", "b", "c", "d"][Int(seed >> 62)]
    }
  }

  @Test("the edit script is a shortest one and turns the old lines into the new, on 2,000 pairs")
  func shortestAndValid() throws {
    var seed: UInt64 = 1
    for round in 0..<2_000 {
      let old = Self.lines(round % 13, seed: &seed)
      let new = Self.lines((round / 13) % 11, seed: &seed)
      let edits = try #require(diffEdits(old, new))
      #expect(edits.filter { $0.kind != .added }.map(\.line) == old)
      #expect(edits.filter { $0.kind != .removed }.map(\.line) == new)
      let changed = edits.filter { $0.kind != .same }.count
      #expect(changed == old.count + new.count - 2 * Self.commonLength(old, new))
    }
  }

  @Test("within a run of changed lines, the removals come before the additions")
  func removalsFirst() throws {
    let edits = try #require(diffEdits(["a", "b", "c", "d"], ["x", "b", "y", "z"]))
    #expect(
      edits.map(\.kind) == [.removed, .added, .same, .removed, .removed, .added, .added])
  }

  @Test("a few changes in 100 times more lines cost 100 times more comparisons, not 10,000")
  func linearInLines() {
    func comparisons(_ count: Int) -> Int {
      let old = (0..<count).map { "line \($0)" }
      var new = old
      for index in stride(from: count / 5, to: count, by: count / 5) { new[index] = "changed" }
      var diff = MyersDiff(old, new)
      #expect(diff.kindsOfEdits(maxChanges: .max)?.filter { $0 != .same }.count == 8)
      return diff.comparisons
    }
    let small = comparisons(1_000)
    let large = comparisons(100_000)
    // O((N+M)·D): D = 8 here, so at most a few comparisons per line and change.
    #expect(small <= 2 * 2_000 * 9)
    #expect(large <= 2 * 200_000 * 9)
    #expect(large <= 120 * small)
  }

  @Test("two unrelated lists of 10,000 lines stop after O((N+M)·cap) comparisons and say so")
  func capsTheChanges() {
    let old = (0..<10_000).map { "old \($0)" }
    let new = (0..<10_000).map { "new \($0)" }
    var diff = MyersDiff(old, new)
    #expect(diff.kindsOfEdits(maxChanges: 100) == nil)
    #expect(diff.comparisons <= 2 * 20_000 * 101)
    #expect(
      lineDiff(expected: old, actual: new, maxChanges: 100)
        == "  … more than 100 lines changed (10000 lines before, 10000 after): too many to show "
        + "line by line; compare smaller parts of the state")
  }

  @Test("a diff with exactly as many changes as the cap is still shown in full")
  func capIsInclusive() {
    let old = (0..<50).map { "old \($0)" }
    let new = (0..<50).map { "new \($0)" }
    let text = lineDiff(expected: old, actual: new, maxChanges: 100)
    #expect(text.split(separator: "\n").count == 100)
    #expect(lineDiff(expected: old, actual: new, maxChanges: 99).hasPrefix("  … more than 99"))
  }
}
