import Foundation
import Testing

@testable import Bench
@testable import Console

@MainActor
@Suite("uniflow-bench: outside routing")
struct OutsideRoutingBenchTests {
  @Test(
    "the outside-routing section measures every route through both trees, routes each action to its own child, and reports the ratios under their JSON keys"
  )
  func outsideRoutingReport() throws {
    let figures = OutsideRoutingBench.run(count: 2_000, episodes: 20, rounds: 1)
    #expect(figures.routedCorrectly)
    for route in OutsideRoutingBench.Route.allCases {
      let keyPath = try #require(figures.keyPathNs[route])
      let handWritten = try #require(figures.handWrittenNs[route])
      #expect(keyPath.isFinite && keyPath > 0, "\(route)")
      #expect(handWritten.isFinite && handWritten > 0, "\(route)")
    }
    var report = BenchReport()
    report.addOutsideRouting(figures)
    let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let section = try #require(object?["outsideRouting"] as? [String: Any])
    #expect(section["routedCorrectly"] as? Bool == true)
    #expect(section["episodes"] as? Int == 20)
    for (key, target) in [("collection", 1.3), ("optionalChild", 1.3), ("noChild", 1.1)] {
      let route = try #require(section[key] as? [String: Any], "\(key)")
      #expect(route["ratio"] as? Double != nil, "\(key)")
      #expect(route["target"] as? Double == target, "\(key)")
    }
    #expect((section["enumChild"] as? [String: Any])?["target"] == nil)
    let text = report.text()
    #expect(text.contains("into the collection (forEach), key path"))
    #expect(text.contains("an action no child takes, hand-written"))
    #expect(text.contains("key path / hand-written (target ≤ 1.1)"))
    #expect(try BenchCommand.parse(["--only", "outside-routing"]).only == ["outside-routing"])
  }

  @Test("both trees hand every route's actions to the child that owns them, and to no other")
  func routesAreCorrectAtTheBenchSize() {
    #expect(OutsideRoutingBench.routesCorrectly(episodes: 1_000))
  }
}
