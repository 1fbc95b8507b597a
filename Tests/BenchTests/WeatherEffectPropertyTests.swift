import Features
import PropertyTesting
import Store
import StoreTesting
import Testing

@testable import Bench

@Suite("The weather feature under any schedule of its effects")
@MainActor
struct WeatherEffectPropertyTests {
  @Test("the last request wins under any answer order and any failures")
  func lastRequestWins() async {
    let result = await EffectPropertyBench.weatherProperty().check(.seed(1))
    #expect(result.verdict == .passed)
    #expect(result.examples == 100)
  }

  @Test("the weather property goes through real schedules: a false claim is caught at once")
  func falseClaimIsCaught() async {
    let reversed = await EffectPropertyBench.weatherProperty()
      .eventually("the weather screen never shows a loaded city") { state in
        if case .loaded = state.status { false } else { true }
      }
      .check(.seed(1), reportFailure: { _ in })
    let schedule = reversed.counterexample?.schedule ?? []
    #expect(schedule.count == 4)
    #expect(schedule.prefix(2) == ["send .changeLocation(\"Seoul\")", "settle"])
    #expect(schedule.last?.hasPrefix("answer weather call 0: .success(WeatherReport(") == true)
  }
}
