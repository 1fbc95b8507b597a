import AppLog
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
  static let lookups = References<Int>("changeLocation requests")
  static let dogs = References<String>("adopted dogs")

  /// Every action the app's features can receive, as generators of `AppAction`.
  static var app: ReducerProperty<AppReducer> {
    ReducerProperty(
      AppReducer(),
      initialState: Gen.element(of: ClockGen.zones).map(AppState.init(timeZone:))
    )
    .action("launched") { _ in ClockGen.instant.map(AppAction.launched(at:)) }
    .action("moveDay") { _ in ClockGen.days.map { .clock(.moveDay($0)) } }
    .action("reload", adding: requests, value: \.clock.request) { _ in .just(.clock(.reload)) }
    .action("time answer", using: requests) { _, request in
      ClockGen.instant.map { .clock(.timeResponse(request: request, .success($0))) }
    }
    .action("clock cancel") { _ in .just(.clock(.cancel)) }
    .action("adopt", adding: dogs, value: { $0.dog.selected?.name }) { _ in
      Gen.zip(Gen.element(of: DogWeatherGen.names), DogWeatherGen.birthday, DogWeatherGen.breed)
        .map { .dog(.adopt(name: $0, birthday: $1, breed: $2)) }
    }
    .action("show a dog", using: dogs) { _, name in .just(.dog(.show(name))) }
    .action("show the selected dog") { _ in .just(.dog(.show(nil))) }
    .action("changeLocation", adding: lookups, value: \.weather.request) { _ in
      Gen.element(of: DogWeatherGen.cities).map { .weather(.changeLocation($0)) }
    }
    .action("lookup answer", using: lookups) { _, request in
      Gen.oneOf(
        DogWeatherGen.place.map { Result<Place?, FetchFailure>.success($0) },
        Gen.just(.success(nil)), DogWeatherGen.failure.map { .failure($0) }
      ).map { .weather(.geocodeResponse(request: request, $0)) }
    }
    .action("weather answer", using: lookups) { _, request in
      Gen.oneOf(
        DogWeatherGen.report.map { Result<WeatherReport, FetchFailure>.success($0) },
        DogWeatherGen.failure.map { .failure($0) }
      ).map { .weather(.weatherResponse(request: request, $0)) }
    }
    .action("weather cancel") { _ in .just(.weather(.cancel)) }
    .invariant("every screen follows its display rules") { state in
      AppView(state: state).screens.allSatisfy { line in
        switch line.screen {
        case "clock": ClockGen.followsDisplayRules(line.text, of: state.clock)
        case "dog": DogWeatherGen.dogFollowsDisplayRules(line.text, of: state)
        case "weather": DogWeatherGen.weatherFollowsDisplayRules(line.text, of: state.weather)
        default: false  // a screen with no rules here yet: add them with the feature
        }
      }
    }
    .invariant("the view lists every screen once, in order") { state in
      AppView(state: state).screens.map(\.screen) == AppView.screenNames
    }
    .laws(.deterministic, .codableRoundTrip, .replayMatchesLive)
  }

  @Test("no sequence of app actions crashes the app reducer or breaks a screen's display rules")
  func displayRules() {
    Self.app.check(.examples(60))
  }
}
