import Features
import Foundation
import Store
import StoreTesting
import Testing

/// The whole app as one reducer property. Each feature adds its actions (with preconditions and
/// references to what earlier actions created) and its screen's display rules here, so that every
/// mix of actions across features is checked against every screen.
@Suite("App properties")
struct AppPropertyTests {
  static let requests = References<Int>("clock reload requests")

  /// Every action the app's features can receive, as generators of `AppAction`.
  static var app: ReducerProperty<AppReducer> {
    ReducerProperty(
      AppReducer(environment: .unimplemented),
      initialState: Gen.element(of: ClockGen.zones).map(AppState.init(timeZone:))
    )
    .action("launched") { _ in ClockGen.instant.map(AppAction.launched(at:)) }
    .action("moveDay") { _ in ClockGen.days.map { .clock(.moveDay($0)) } }
    .action("reload", adding: requests, value: \.clock.request) { _ in .just(.clock(.reload)) }
    .action("time answer", using: requests) { _, request in
      ClockGen.instant.map { .clock(.timeResponse(request: request, .success($0))) }
    }
    .invariant("every screen follows its display rules") { state in
      AppView(state: state).screens.allSatisfy { line in
        switch line.screen {
        case "clock": ClockGen.followsDisplayRules(line.text, of: state.clock)
        default: false  // a screen with no rules here yet: add them with the feature
        }
      }
    }
    .invariant("the view lists every screen once, in order") { state in
      AppView(state: state).screens.map(\.screen) == AppView.screenNames
    }
    .laws(.deterministic, .codableRoundTrip)
  }

  @Test("no sequence of app actions crashes the app reducer or breaks a screen's display rules")
  func displayRules() {
    Self.app.check(.examples(60))
  }
}
