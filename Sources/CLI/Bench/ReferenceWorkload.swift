import Foundation
import Store

/// The workload the dispatch figures are measured on, the same one the ReSwift figure in the
/// performance issue used, so the two compare: a small state, five actions taken in turn, and a
/// display string built by interpolation.
enum ReferenceWorkload {
  struct Forecast: Equatable, Sendable {
    var day: Int
    var tempC: Double
    var summary: String
  }

  struct State: Equatable, Sendable {
    var counter = 0
    var date = Date(timeIntervalSince1970: 1_795_923_912)
    var location = "Anchorage, AK"
    var forecasts = [
      Forecast(day: 0, tempC: 1.5, summary: "Overcast"),
      Forecast(day: 1, tempC: -2.0, summary: "Snow"),
      Forecast(day: 2, tempC: 0.5, summary: "Clear sky"),
    ]
    var reloads = 0
  }

  enum Action: Equatable, Sendable {
    case moveDay(Int)
    case reload
    case timeLoaded(Date)
    case changeLocation(String)
    case setTemp(index: Int, tempC: Double)
  }

  /// The five actions, taken in turn.
  static let actions: [Action] = [
    .moveDay(1), .reload, .timeLoaded(Date(timeIntervalSince1970: 1_795_923_912)),
    .changeLocation("Seoul"), .setTemp(index: 1, tempC: 3.25),
  ]

  @inline(never)
  static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .moveDay(let days):
      state.counter += days
      state.date += Double(days) * 86_400
    case .reload:
      state.reloads += 1
    case .timeLoaded(let date):
      state.date = date
    case .changeLocation(let name):
      state.location = name
    case .setTemp(let index, let tempC):
      state.forecasts[index].tempC = tempC
    }
    return .none
  }

  @inline(never)
  static func display(_ state: State) -> String {
    "\(state.counter) \(state.location) \(state.reloads)"
  }

  /// The reference reducer as a `Reducer`.
  struct WorkloadReducer: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      ReferenceWorkload.reduce(&state, action)
    }
  }
}

/// The reference workload nested two levels deep, for the scoped-dispatch figure.
enum NestedWorkload {
  struct Root: Equatable, Sendable {
    var middle = Middle()
    var other = 0
  }

  struct Middle: Equatable, Sendable {
    var leaf = ReferenceWorkload.State()
    var other = 0
  }

  enum RootAction: Equatable, Sendable {
    case middle(MiddleAction)
    case other
  }

  enum MiddleAction: Equatable, Sendable {
    case leaf(ReferenceWorkload.Action)
    case other
  }

  static let rootCase = ActionCase<RootAction, MiddleAction>(embed: RootAction.middle) {
    if case .middle(let action) = $0 { action } else { nil }
  }

  static let middleCase = ActionCase<MiddleAction, ReferenceWorkload.Action>(
    embed: MiddleAction.leaf
  ) {
    if case .leaf(let action) = $0 { action } else { nil }
  }

  static let actions: [RootAction] = ReferenceWorkload.actions.map { .middle(.leaf($0)) }

  static var reducer: some Reducer<Root, RootAction> {
    Scope(state: \Root.middle, action: rootCase) {
      Scope(state: \Middle.leaf, action: middleCase) {
        ReferenceWorkload.WorkloadReducer()
      }
    }
  }
}
