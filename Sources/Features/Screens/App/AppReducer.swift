import Foundation
import Store

/// The whole app's rules: each feature's reducer scoped to its part of the state, plus the few
/// actions that concern the app as a whole.
///
/// Total and range-keeping: no action traps, whatever its numbers, and from a state within
/// ``ValueRanges`` (``AppState/rangeProblem`` is nil) every action leads to one within them.
///
/// ```swift
/// let store = Store(initialState: AppState(timeZone: .current), reducer: AppReducer()) {
///   $0.time = .system
///   $0.geocoder = .gazetteer
///   $0.weather = .offline
/// }
/// ```
///
/// Its effects reach outside the process only through the `\.time`, `\.geocoder` and `\.weather`
/// dependencies, which the store gives them; the reducers themselves read none.
public struct AppReducer: Reducer {
  let clock = ClockReducer()
  let dogs = DogScope()
  let weather = WeatherReducer()

  /// The app's reducer.
  public init() {}

  /// Each action to the one reducer it concerns: the same as
  /// `CombineReducers { Reduce(core); Scope(\.clock, .clock) { ClockReducer() }; DogScope();
  /// Scope(\.weather, .weather) { WeatherReducer() } }` (the property test
  /// `AppReducerRoutingTests` holds the two to the same states and effects), without trying
  /// every case's extractor on every action (the composition cost a sixth of a clock action
  /// with its view model; see docs/performance.md).
  ///
  /// ```swift
  /// var state = AppState(timeZone: .gmt)
  /// _ = AppReducer().reduce(into: &state, action: .clock(.moveDay(1)))  // dayOffset 1
  /// ```
  public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    reduce(into: &state, action: action, buildingEffects: true)
  }

  /// Applies `action` as ``reduce(into:action:)`` does, building no effect: what a replay
  /// runs, since it drops them all: building a fetch, its cancellation and its mapping to
  /// `AppAction`, then releasing them, is a large part of a replay's reducing.
  /// `AppReducerRoutingTests` holds the two to the same states.
  ///
  /// ```swift
  /// var state = AppState(timeZone: .gmt)
  /// AppReducer().reduceDroppingEffects(into: &state, action: .clock(.reload))  // isLoading
  /// ```
  public func reduceDroppingEffects(into state: inout AppState, action: AppAction) {
    _ = reduce(into: &state, action: action, buildingEffects: false)
  }

  /// `reduce(into:action:)`, asking the features for effects only when `buildingEffects`.
  @inline(__always)
  func reduce(into state: inout AppState, action: AppAction, buildingEffects: Bool)
    -> Effect<AppAction>
  {
    switch action {
    case .clock(let action):
      let effect = clock.reduce(
        into: &state.clock, action: action, buildingEffects: buildingEffects)
      return effect.isNone ? .none : effect.map(AppAction.clock)
    case .dog:
      return dogs.reduce(into: &state, action: action, buildingEffects: buildingEffects)
    case .weather(let action):
      let effect = weather.reduce(
        into: &state.weather, action: action, buildingEffects: buildingEffects)
      return effect.isNone ? .none : effect.map(AppAction.weather)
    case .launched, .restored:
      return AppReducer.core(&state, action)
    }
  }

  /// The actions that concern the whole app.
  static func core(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
    switch action {
    case .launched(let date):
      // The launch instant comes from the system clock or UNIFLOW_FIXED_NOW, both checked; one
      // out of range from elsewhere leaves the state as it was and says why.
      if let problem = ValueRanges.problem(instant: date) {
        state.clock.failure = "the launch time \(problem)"
        return .none
      }
      state.clock.anchor = date
      state.clock.dayOffset = 0
      state.dog.launch(at: date, in: state.clock.timeZone)
      return .none
    case .restored(let earlier):
      // `:undo` restores states the reducers reached; one outside the ranges is refused.
      guard earlier.rangeProblem == nil else { return .none }
      state = earlier
      return .none
    case .clock, .dog, .weather:
      return .none
    }
  }
}

/// The dog screen's reducer, given the clock's day ("today") that it reads but never changes.
/// Written out rather than scoped through a computed key path: the day is computed only for the
/// dog action that reads it (`adopt`), and the dogs are handed over without a copy.
struct DogScope: Reducer {
  let dogs = DogReducer()

  func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
    reduce(into: &state, action: action, buildingEffects: true)
  }

  /// `reduce(into:action:)`, mapping the dogs' effect only when `buildingEffects`.
  @inline(__always)
  func reduce(into state: inout AppState, action: AppAction, buildingEffects: Bool)
    -> Effect<AppAction>
  {
    guard case .dog(let action) = action else { return .none }
    // Moved out, not copied: `screen` holds the only reference while it changes.
    var screen = DogReducer.placeholder
    swap(&screen, &state.dog)
    defer { swap(&screen, &state.dog) }
    let effect = dogs.reduce(dogs: &screen, action: action, today: state.clock.today)
    return !buildingEffects || effect.isNone ? .none : effect.map(AppAction.dog)
  }
}
