import Features
import Foundation
import PropertyTesting
import Store
import StoreTesting
import Testing

@Suite("The clock feature under any schedule of its effects")
@MainActor
struct ClockEffectPropertyTests {
  static let times = Gen.int(in: 0...3).map {
    Date(timeIntervalSince1970: 1_795_000_000 + 3600 * Double($0))
  }

  /// Reloads, day moves and cancels interleaved with the time server's answers and failures.
  static var property: EffectProperty<ClockReducer> {
    EffectProperty(ClockReducer(), initialState: ClockState(timeZone: .gmt))
      .action("reload") { _ in .just(.reload) }
      .action("moveDay") { _ in Gen.int(in: -3...3).map(ClockAction.moveDay) }
      .action("cancel") { _ in .just(.cancel) }
      .answering("time", values: times, failures: .just(URLError(.timedOut))) {
        dependencies, call in
        dependencies.time = TimeClient { try await call() }
      }
      .invariant("the screen shows Loading.. exactly while loading") { state in
        (ClockViewModel(state: state).text == "Loading..") == state.isLoading
      }
      .eventually("no reload is left loading") { !$0.isLoading }
  }

  @Test("a reload against day moves and cancels always ends loaded, failed or cancelled")
  func reloadAgainstMoveDay() async {
    let result = await Self.property.check(.seed(1))
    #expect(result.verdict == .passed)
    #expect(result.examples == 100)
  }
}
