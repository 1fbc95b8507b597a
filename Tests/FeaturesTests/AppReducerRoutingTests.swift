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

  @Test("the app reducer leaves every state as the composed scopes and as dropping its effects do")
  func routingMatchesComposition() {
    let reducer = AppReducer()
    // Compared as dumps too: a state holding NaN (an extreme instant) is not `==` itself.
    func same(_ left: AppState, _ right: AppState) -> Bool {
      left == right || dumpLines(left) == dumpLines(right)
    }
    forAll(Self.runs, .examples(500)) { start, actions in
      var routed = start
      var composed = start
      var dropped = start
      let composition = Self.composed()
      for action in actions {
        let routedEffect = reducer.reduce(into: &routed, action: action)
        let composedEffect = composition.reduce(into: &composed, action: action)
        reducer.reduceDroppingEffects(into: &dropped, action: action)
        guard same(routed, composed), same(routed, dropped),
          routedEffect.isNone == composedEffect.isNone
        else {
          return false
        }
      }
      return true
    }
  }

  @Test("the actions whose effects a replay skips still change the state, building no effect")
  func droppedEffectsStillChangeState() {
    var reduced = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
    let reducer = AppReducer()
    let actions: [AppAction] = [
      .launched(at: Date(timeIntervalSince1970: 1_795_923_912)), .clock(.reload), .clock(.cancel),
      .clock(.reload), .weather(.changeLocation("Seoul")), .weather(.cancel),
      .weather(.changeLocation("Busan")),
    ]
    var dropped = reduced
    var effects = 0
    for action in actions {
      if !reducer.reduce(into: &reduced, action: action).isNone { effects += 1 }
      reducer.reduceDroppingEffects(into: &dropped, action: action)
    }
    #expect(effects == 6)  // every action but the launch returns one when reduced
    #expect(dropped == reduced)
    #expect(dropped.clock.isLoading && dropped.clock.request == 2)
    #expect(dropped.weather.status == .geocoding && dropped.weather.request == 3)
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
