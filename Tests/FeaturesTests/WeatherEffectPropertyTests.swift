import Features
import Foundation
import Store
import StoreTesting
import Testing

/// Whether a settled weather screen shows the last city asked for: its place and report are
/// the ones found for that name, or it says why not, and it is not still loading.
func showsLastCity(_ state: WeatherState) -> Bool {
  switch state.status {
  case .idle: state.query == nil
  case .geocoding, .fetching: false
  case .loaded(let place, let report):
    place.name == state.query && report.description == state.query
  case .notFound: true
  case .failed(let place, _): place == nil || place?.name == state.query
  }
}

/// The weather screen under any order of geocoding and weather answers, with failures: each
/// client stamps what it answers with the name or place asked for, so that the screen can be
/// checked against the last request.
func weatherProperty<R: Reducer>(_ reducer: R) -> EffectProperty<R>
where R.State == WeatherState, R.Action == WeatherAction {
  EffectProperty(reducer, initialState: WeatherState())
    .action("changeLocation") { _ in
      Gen.element(of: ["Seoul", "Paris", "Busan"]).map(WeatherAction.changeLocation)
    }
    .action("cancel") { _ in .just(.cancel) }
    .answering(
      "geocoder", values: Gen.element(of: [[seoulPlace], [], [seoulPlace, busanPlace]]),
      failures: .just(URLError(.timedOut)),
      code: "$0.geocoder = GeocodingClient { name in try await geocoder.next().map { "
        + "var place = $0; place.name = name; return place } }"
    ) { dependencies, call in
      dependencies.geocoder = GeocodingClient { name in
        try await call().map { place in
          var found = place
          found.name = name
          return found
        }
      }
    }
    .answering(
      "weather", values: .just(report(at: seoulPlace)),
      failures: .just(URLError(.badServerResponse)),
      code: "$0.weather = WeatherClient { place in var report = try await weather.next(); "
        + "report.description = place.name; return report }"
    ) { dependencies, call in
      dependencies.weather = WeatherClient { place in
        var report = try await call()
        report.description = place.name
        return report
      }
    }
    .eventually("the weather screen shows the last city asked for", showsLastCity)
}

@Suite("The weather feature under any schedule of its effects")
@MainActor
struct WeatherEffectPropertyTests {
  @Test("the last request wins under any answer order and any failures")
  func lastRequestWins() async {
    let result = await weatherProperty(WeatherReducer()).check(.seed(1))
    #expect(result.verdict == .passed)
    #expect(result.examples == 100)
    // Every run really went through the schedule: the same property with the stale-answer
    // check reversed (a screen that should never settle on the last city) is caught at once.
    let reversed = await weatherProperty(WeatherReducer())
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
