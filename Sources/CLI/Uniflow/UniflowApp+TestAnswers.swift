import Console
import Features
import Foundation
import Store

/// `uniflow replay LOG --emit-test`: the app's three dependencies answer with what the effects'
/// actions carried (``TestAnswers``), so that a bug seen once becomes a regression test and a
/// change in any reducer fails it at the action that parted.
extension UniflowApp {
  package var testAnswers: TestAnswers<AppState, AppAction>? {
    var answers = TestAnswers<AppState, AppAction>(
      imports: ["Features"], reducer: "AppReducer()",
      dependencies: [
        AnsweredDependency(
          "time", variable: "time", answers: Date.self, failing: FetchFailure.self,
          client: "TimeClient { try await time.next() }",
          awaited: { $0.clock.isLoading ? $0.clock.request : nil },
          carriedBy: {
            guard case .clock(.timeResponse(let request, let answer)) = $0 else { return nil }
            return (request, answer)
          }),
        AnsweredDependency(
          "geocoder", variable: "places", answers: [Place].self, failing: FetchFailure.self,
          client: "GeocodingClient { _ in try await places.next() }",
          awaited: { $0.weather.status == .geocoding ? $0.weather.request : nil },
          carriedBy: {
            guard case .weather(.geocodeResponse(let request, let answer)) = $0 else { return nil }
            return (request, answer.map { $0.map { [$0] } ?? [] })  // the first place, or none
          }),
        AnsweredDependency(
          "weather", variable: "weather", answers: WeatherReport.self, failing: FetchFailure.self,
          client: "WeatherClient { _ in try await weather.next() }",
          awaited: {
            guard case .fetching = $0.weather.status else { return nil }
            return $0.weather.request
          },
          carriedBy: {
            guard case .weather(.weatherResponse(let request, let answer)) = $0 else { return nil }
            return (request, answer)
          }),
      ])
    answers.style = Self.testStyle
    return answers
  }

  /// Values as their memberwise Swift; the initial state and a `restored` one as changes of a
  /// state the test knows; each place and weather report named once.
  static var testStyle: EmissionStyle<AppState, AppAction> {
    var style = EmissionStyle<AppState, AppAction>()
    style.literal = literal
    style.isWhole = { custom($0) != nil || EmittedSwift.isLeaf($0) }
    style.action = { action, before, changes in
      guard case .restored(let state) = action else { return literal(action) }
      return ".restored(\(changes.changing("store.state", from: before, to: state)))"
    }
    style.initialState = { start, changes in
      let zone = start.clock.timeZone
      return changes.changing(
        "AppState(timeZone: \(literal(zone)))", from: AppState(timeZone: zone), to: start)
    }
    style.shared = { action in
      switch action {
      case .weather(.geocodeResponse(_, .success(let place?))): [(place, "place")]
      case .weather(.weatherResponse(_, .success(let report))): [(report, "report")]
      default: []
      }
    }
    style.helpers = [StateChanges.changingHelper]
    return style
  }

  /// Any value as Swift that builds it, its terminal controls escaped.
  static func literal(_ value: Any) -> String { EmittedSwift.memberwise(value, custom: custom) }

  /// The app's value with no memberwise form.
  static func custom(_ value: Any) -> String? {
    (value as? CalendarDay).map {
      "CalendarDay(year: \($0.year), month: \($0.month), day: \($0.day))!"
    }
  }
}
