import Foundation
import Testing

@testable import Bench
@testable import Console

@MainActor
@Suite("uniflow-bench: children")
struct ChildrenBenchTests {
  @Test(
    "the children section measures forEach, ifLet and the routing by hand (as closures and as structs), and reports them under their JSON keys"
  )
  func childrenReport() throws {
    let figures = ChildrenBench.run(count: 2000, rows: 100, rounds: 1)
    for value in [
      figures.flatNs, figures.elementNs, figures.ifLetNs, figures.byHandNs, figures.structFlatNs,
      figures.structElementNs, figures.structIfLetNs, figures.structByHandNs,
      figures.structByOffsetNs,
    ] {
      #expect(value.isFinite && value > 0)
    }
    var report = BenchReport()
    report.addChildren(figures)
    let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let children = object?["children"] as? [String: Any]
    #expect(children?["elementRatio"] as? Double != nil)
    #expect(children?["ifLetRatio"] as? Double != nil)
    #expect(children?["byHandRatio"] as? Double != nil)
    #expect(children?["structElementRatio"] as? Double != nil)
    #expect(children?["structIfLetRatio"] as? Double != nil)
    #expect(children?["structByHandRatio"] as? Double != nil)
    #expect(children?["structByOffsetRatio"] as? Double != nil)
    #expect(children?["rows"] as? Int == 100)
    #expect(report.text().contains("forEach / flat (target ≤ 1.5)"))
    #expect(report.text().contains("by hand / flat (information)"))
    #expect(report.text().contains("forEach / flat, structs (target ≤ 1.5)"))
    #expect(report.text().contains("by hand / flat, structs (information)"))
    #expect(try BenchCommand.parse(["--only", "children"]).only == ["children"])
  }
}
