import Features
import Foundation
import Store
import StoreTesting
import Testing

/// Generators and display rules for the dog and weather screens, shared with the app property.
enum DogWeatherGen {
  static let names = ["poodle", "bella", "Rex", "초코", ""]
  static let cities = ["Seoul", "서울", "Anchorage, AK", "Qqqzzx", "", "a\u{7}b"]

  static let breed = Gen.element(of: Breed.allCases)
  /// Any real day from 1900 to 2100, shrinking toward 1 January 1900.
  static let birthday = Gen.zip(
    Gen.int(in: 1900...2100), Gen.int(in: 1...12), Gen.int(in: 1...31)
  ).map { year, month, day in
    CalendarDay(year: year, month: month, day: min(day, 28))
      ?? CalendarDay(of: Date(timeIntervalSince1970: 0), in: .gmt)
  }

  static let place = Gen.element(of: [
    Place(
      name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR", latitude: 37.566,
      longitude: 126.9784, timeZone: "Asia/Seoul"),
    Place(
      name: "Anchorage", region: "Alaska", regionCode: "AK", countryCode: "US", latitude: 61.2,
      longitude: -149.9, timeZone: "America/Anchorage"),
  ])

  static let failure = Gen.element(of: ["timed out after 5 s", "offline", ""]).map {
    FetchFailure(message: $0)
  }

  static let report = Gen.zip(ClockGen.instant, Gen.int(in: -600...1200)).map { time, tenths in
    WeatherReport(
      time: time, temperatureF: Double(tenths) / 10, description: "Overcast", iconName: "c04d")
  }

  /// The dog screen: "no dog …", or `name · N 살 | not born yet · fee원 · picture` for the
  /// selected dog, its fee by breed.
  static func dogFollowsDisplayRules(_ text: String, of state: AppState) -> Bool {
    guard let dog = state.dog.selected else {
      return text == "no dog (adopt NAME YYYY-MM-DD pug|poodle)"
    }
    let years = dog.birthday.wholeYears(until: state.today)
    let age = years < 0 ? "not born yet" : "\(years) 살"
    let fee = dog.breed == .poodle ? "20000원" : "30000원"
    return text == "\(dog.name) · \(age) · \(fee) · \(dog.imageName)"
  }

  /// The weather screen, by stage: idle, `Loading...`, `place · Loading...`, `Not found`,
  /// `… · unavailable: reason`, or `place · Weekday, Mon d · description - N℉`.
  static func weatherFollowsDisplayRules(_ text: String, of state: WeatherState) -> Bool {
    switch state.status {
    case .idle: return text == "no location (changeLocation CITY)"
    case .geocoding: return text == "Loading..."
    case .fetching: return text.hasSuffix(" · Loading...")
    case .notFound: return text == "Not found"
    case .failed(_, let message): return text.hasSuffix(" · unavailable: \(message)")
    case .loaded(_, let report):
      let date = #/ · [A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2} · /#
      let temperature = #/ - -?\d+℉/#
      return text.contains(date) && text.contains(" · \(report.description) - ")
        && text.suffix(12).contains(temperature)
    }
  }
}

@Suite("Dog and weather properties")
struct DogWeatherPropertyTests {
  @Test(
    "whatever order the lookups and weather answers arrive in, the screen ends on the last city")
  func lastRequestWins() {
    let requests = References<Int>("changeLocation requests")
    ReducerProperty(
      WeatherReducer(),
      initialState: WeatherState()
    )
    .action("changeLocation", adding: requests, value: \.request) { _ in
      Gen.element(of: ["Seoul", "Anchorage, AK", "Paris"]).map(WeatherAction.changeLocation)
    }
    .action("lookup answer", using: requests) { _, request in
      Gen.oneOf(
        DogWeatherGen.place.map { Result<Place?, FetchFailure>.success($0) },
        Gen.just(.success(nil)), DogWeatherGen.failure.map { .failure($0) }
      ).map { .geocodeResponse(request: request, $0) }
    }
    .action("weather answer", using: requests) { _, request in
      Gen.oneOf(
        DogWeatherGen.report.map { Result<WeatherReport, FetchFailure>.success($0) },
        DogWeatherGen.failure.map { .failure($0) }
      ).map { .weatherResponse(request: request, $0) }
    }
    .action("cancel") { _ in .just(.cancel) }
    .invariant("the screen follows its display rules") {
      DogWeatherGen.weatherFollowsDisplayRules(WeatherViewModel(state: $0).text, of: $0)
    }
    .laws(
      .deterministic, .codableRoundTrip,
      ReducerLaw(
        "only answers to the last changeLocation move the screen on",
        afterRun: { reduce, initial, actions, final in
          // Replay the run keeping, after the last changeLocation, only what a correct screen may
          // react to: answers carrying its request number, and cancel. The screens must agree.
          let isChange: (WeatherAction) -> Bool = {
            if case .changeLocation = $0 { true } else { false }
          }
          guard let last = actions.lastIndex(where: isChange) else { return nil }
          var state = initial
          for action in actions[...last] { reduce(&state, action) }
          let request = state.request
          for action in actions[(last + 1)...] {
            switch action {
            case .geocodeResponse(let number, _), .weatherResponse(let number, _):
              if number == request { reduce(&state, action) }
            case .cancel: reduce(&state, action)
            case .changeLocation: break
            }
          }
          return state.status == final.status && state.query == final.query
            ? nil : "the screen shows \(final.status), not \(state.status)"
        })
    )
    .check(.examples(150))
  }

  @Test(
    "a dog ages with the clock: on the same day next year it is a year older, its fee its breed's")
  func dogAgesWithTheClock() {
    let inputs = Gen.zip(DogWeatherGen.birthday, DogWeatherGen.breed, ClockGen.instant)
    forAll(inputs, .examples(200)) { birthday, breed, now in
      var state = AppState(timeZone: .gmt)
      let reducer = AppReducer()
      _ = reducer.reduce(into: &state, action: .launched(at: now))
      guard birthday <= state.today else { return true }
      _ = reducer.reduce(
        into: &state, action: .dog(.adopt(name: "rex", birthday: birthday, breed: breed)))
      let before = DogViewModel(state: state.dog, today: state.today)
      // Move to the same day next year: 365 or 366 days, whichever that is.
      let today = state.today
      guard today.month != 2 || today.day != 29,
        let nextYear = Calendar.gregorian(in: .gmt).date(
          byAdding: .year, value: 1, to: state.clock.date)
      else { return true }
      let days = Int((nextYear.timeIntervalSince(state.clock.date) / 86_400).rounded())
      _ = reducer.reduce(into: &state, action: .clock(.moveDay(days)))
      let after = DogViewModel(state: state.dog, today: state.today)
      let beforeYears = Int(before.age.prefix { $0.isNumber }) ?? -1
      let afterYears = Int(after.age.prefix { $0.isNumber }) ?? -1
      return afterYears == beforeYears + 1 && after.fee == (breed == .poodle ? "20000원" : "30000원")
    }
  }
}
