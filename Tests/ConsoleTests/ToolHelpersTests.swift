import PropertyTesting
import Store
import Testing

@testable import TestSupport

@Suite("The helpers a tool author uses: dumps, line diffs and Swift source")
struct ToolHelpersTests {
  @Test("a state's dump, the diff of two dumps and a value's Swift source read as documented")
  func helpers() {
    // snippet: tool-helpers
    let before = Tally.State(total: 1)
    let after = Tally.State(total: 2, notes: ["hi"])
    let diff = lineDiff(expected: dumpLines(before), actual: dumpLines(after))
    // the dumps' lines, "−   total: 1," and "+   total: 2," among them
    let source = swiftSource(Tally.Action.note("hi"))
    // ".note(\"hi\")"
    // snippet: end
    #expect(dumpLines(before).first == "Tally.State(")
    #expect(diff.contains("\u{2212}   total: 1,"))
    #expect(diff.contains("+   total: 2,"))
    #expect(source == #".note("hi")"#)
  }

  @Test("the diff of states 100 times a normal size stays one table of the changed lines")
  func diffScales() {
    let notes = (0..<1_000).map { "note \($0)" }
    var changed = notes
    changed[500] = "changed"
    let diff = lineDiff(
      expected: dumpLines(Tally.State(notes: notes)), actual: dumpLines(Tally.State(notes: changed))
    )
    #expect(
      diff.split(separator: "\n").count { $0.hasPrefix("+") || $0.hasPrefix("\u{2212}") } == 2)
  }
}
