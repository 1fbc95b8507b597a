import Foundation
import Testing

@testable import Bench
@testable import Console
@testable import UniflowConsole

@MainActor
@Suite("uniflow-bench")
struct BenchTests {
  @Test("bench options: --json, --only with known sections, --actions; anything else is refused")
  func parsesArguments() throws {
    let parsed = try BenchCommand.parse([
      "--json", "--only", "dispatch,startup", "--actions", "5000",
    ])
    #expect(parsed == .init(json: true, only: ["dispatch", "startup"], actions: 5000))
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--only", "everything"]) }
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--actions", "10"]) }
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--fast"]) }
    #expect(try BenchCommand.parse(["--keep-logs", "/tmp/logs"]).keepLogs == "/tmp/logs")
    #expect(throws: UsageError.self) { try BenchCommand.parse(["--keep-logs"]) }
  }

  @Test("the dispatch section measures every variant and reports them under their JSON keys")
  func dispatchReport() throws {
    let figures = DispatchBench.run(count: 2000, rounds: 1, appCount: 200)
    for value in [
      figures.storeNs, figures.loopNs, figures.bareStoreNs, figures.bareLoopNs, figures.appStoreNs,
      figures.appLoopNs, figures.scopedStoreNs, figures.renderAllNs, figures.renderObservedNs,
    ] {
      #expect(value.isFinite && value > 0)
    }
    var report = BenchReport()
    report.addDispatch(figures)
    report.addScopedDispatch(figures)
    let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any]
    let dispatch = object?["dispatch"] as? [String: Any]
    #expect(dispatch?["ratio"] as? Double != nil)
    #expect(dispatch?["bareRatio"] as? Double != nil)
    #expect((object?["scopedDispatch"] as? [String: Any])?["ratio"] as? Double != nil)
    #expect(object?["startup"] == nil)  // not measured, so absent
    #expect(report.text().contains("ratio (target ≤ 1.15)"))
    #expect(report.text().contains("ratio (target ≤ 1.2)"))
  }

  @Test("the reference reducer does what the workload says")
  func referenceWorkload() {
    var state = ReferenceWorkload.State()
    for action in ReferenceWorkload.actions { _ = ReferenceWorkload.reduce(&state, action) }
    #expect(state.counter == 1)
    #expect(state.reloads == 1)
    #expect(state.location == "Seoul")
    #expect(state.forecasts[1].tempC == 3.25)
    #expect(ReferenceWorkload.display(state) == "1 Seoul 1")
  }
}
