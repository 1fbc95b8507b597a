import Foundation
import Store
import StoreTesting
import Testing

@testable import Features

/// ``AppReducer`` routes each action by hand to the reducer it concerns; these hold it to the
/// composition of scopes it stands for.
@Suite("App reducer routing")
struct AppReducerRoutingTests {
  /// What `AppReducer` was before it routed by hand: the core, then each feature scoped.
  static func composed() -> some Reducer<AppState, AppAction> {
    CombineReducers {
      Reduce(AppReducer.core)
      Scope(state: \AppState.clock, action: .clock) { ClockReducer() }
      DogScope()
      Scope(state: \AppState.weather, action: .weather) { WeatherReducer() }
    }
  }

  /// A state with extreme values and a run of actions from it.
  static let runs = ExtremeGen.state.flatMap { state in
    ExtremeGen.action(state).array(count: 1...8).map { (state, $0) }
  }

  @Test("the app reducer leaves every state as the composed scopes do, with effects alike")
  func routingMatchesComposition() {
    let reducer = AppReducer()
    forAll(Self.runs, .examples(500)) { start, actions in
      var routed = start
      var composed = start
      let composition = Self.composed()
      for action in actions {
        let routedEffect = reducer.reduce(into: &routed, action: action)
        let composedEffect = composition.reduce(into: &composed, action: action)
        // Compared as dumps too: a state holding NaN (an extreme instant) is not `==` itself.
        let same = routed == composed || dumpLines(routed) == dumpLines(composed)
        guard same, routedEffect.isNone == composedEffect.isNone else {
          return false
        }
      }
      return true
    }
  }

  @Test("an action to each feature reaches it through the app reducer")
  func eachFeatureIsReached() {
    var state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
    let reducer = AppReducer()
    _ = reducer.reduce(
      into: &state, action: .launched(at: Date(timeIntervalSince1970: 1_795_923_912)))
    #expect(!reducer.reduce(into: &state, action: .clock(.reload)).isNone)
    #expect(state.clock.isLoading)
    _ = reducer.reduce(into: &state, action: .clock(.moveDay(2)))
    #expect(state.clock.dayOffset == 2)
    #expect(!reducer.reduce(into: &state, action: .weather(.changeLocation("Seoul"))).isNone)
    #expect(state.weather.request == 1)
    let birthday = CalendarDay(year: 2020, month: 1, day: 1)!
    _ = reducer.reduce(
      into: &state, action: .dog(.adopt(name: "rex", birthday: birthday, breed: .pug)))
    #expect(state.dog.selectedName == "rex")
  }
}
