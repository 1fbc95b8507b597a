import Foundation
import Store

/// The whole app's rules: each feature's reducer scoped to its part of the state, plus the few
/// actions that concern the app as a whole.
///
/// ```swift
/// let store = Store(initialState: AppState(timeZone: .current),
///                   reducer: AppReducer(environment: environment))
/// ```
public struct AppReducer: Reducer {
  /// What the effects may reach.
  public let environment: AppEnvironment

  /// The app's reducer, whose effects use `environment`.
  public init(environment: AppEnvironment) {
    self.environment = environment
  }

  /// The features, each scoped to its state and actions, after the app-wide rules.
  public var body: some Reducer<AppState, AppAction> {
    CombineReducers {
      Reduce(AppReducer.core)
      Scope(state: \AppState.clock, action: .clock) { ClockReducer(time: environment.time) }
      Scope(state: \AppState.dogScreen, action: .dog) { DogReducer() }
      Scope(state: \AppState.weather, action: .weather) {
        WeatherReducer(geocoder: environment.geocoder, weather: environment.weather)
      }
    }
  }

  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    body.reduce(into: &state, action: action)
  }

  /// The actions that concern the whole app.
  static func core(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .launched(let date):
      state.clock.anchor = date
      state.clock.dayOffset = 0
      state.dog = DogState.launched(at: date, in: state.clock.timeZone)
      return .none
    case .restored(let earlier):
      state = earlier
      return .none
    case .clock, .dog, .weather:
      return .none
    }
  }
}
