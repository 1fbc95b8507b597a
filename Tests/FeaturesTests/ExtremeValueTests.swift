import Features
import Foundation
import Store
import StoreTesting
import Testing

/// No reducer or view model traps on any value its types can hold, and the reducers keep every
/// state within ``ValueRanges``: the arithmetic of request counters, day offsets, ages and dates
/// at `Int.min`, `Int.max`, ±∞, NaN and years ±9223372036854775807.
@Suite("Extreme values")
struct ExtremeValueTests {
  static var app: AppReducer { AppReducer() }

  @Test("no action traps the app's reducers or view models, from any state, in or out of range")
  func nothingTraps() {
    ReducerProperty(Self.app, initialState: ExtremeGen.state)
      .action("any action, extreme values") { ExtremeGen.action($0.state) }
      .invariant("every screen shows, Loading.. exactly while loading") { state in
        let screens = AppView(state: state).screens
        return screens.count == 3 && (screens[0].text == "Loading..") == state.clock.isLoading
      }
      .invariant("the weather screen's fields derive without trapping") { state in
        let view = WeatherViewModel(state: state.weather)
        return view.text.hasPrefix(view.locationName) || view.locationName.isEmpty
      }
      // No laws: a state holding NaN is not equal to itself, so `.deterministic` cannot hold.
      .check(.examples(300))
  }

  @Test("from a state within range, every action leads to a state within range")
  func rangesAreKept() {
    ReducerProperty(Self.app, initialState: ExtremeGen.validState)
      .action("any action, extreme values") { ExtremeGen.action($0.state) }
      .action("reload") { _ in .just(.clock(.reload)) }
      .action("changeLocation") { _ in .just(.weather(.changeLocation("Seoul"))) }
      .invariant("the state is within ValueRanges") { $0.rangeProblem == nil }
      .laws(.deterministic, .codableRoundTrip)
      .check(.examples(300))
  }

  @Test("a reload or changeLocation at Int.max wraps its counter, so an answer to Int.max is stale")
  func countersWrap() {
    var state = AppState(timeZone: .gmt)
    state.clock.request = .max
    state.weather.request = .max
    _ = Self.app.reduce(into: &state, action: .clock(.reload))
    _ = Self.app.reduce(into: &state, action: .weather(.changeLocation("Seoul")))
    #expect(state.clock.request == .min)
    #expect(state.weather.request == .min)
    let loading = state
    _ = Self.app.reduce(
      into: &state, action: .clock(.timeResponse(request: .max, .success(.distantFuture))))
    #expect(state == loading)
  }

  @Test("whole years between any two days, however far apart, saturate at Int.min and Int.max")
  func wholeYearsSaturate() {
    forAll(Gen.zip(ExtremeGen.day, ExtremeGen.day), .examples(500)) { from, to in
      var exact = Int128(to.year) - Int128(from.year)
      if (to.month, to.day) < (from.month, from.day) { exact -= 1 }
      let clamped = Int(clamping: exact)
      return from.wholeYears(until: to) == clamped
    }
  }

  @Test("a dog born in the year -9223372036854775807 shows its age on the screen, without trapping")
  func ancientDog() {
    let dog = Dog(
      name: "ancient", birthday: CalendarDay(year: -9_223_372_036_854_775_807, month: 1, day: 1)!,
      breed: .pug, imageName: "pug.jpeg")
    let today = CalendarDay(year: 2026, month: 11, day: 29)!
    let view = DogViewModel(state: DogState(dogs: [dog], selectedName: "ancient"), today: today)
    #expect(view.age == "\(Int.max) 살")
    let future = DogViewModel(
      state: DogState(dogs: [dog], selectedName: "ancient"),
      today: CalendarDay(year: .min, month: 1, day: 1)!)
    #expect(future.age == "not born yet")
  }

  /// A state before launch, changed by `change`.
  static func state(_ change: (inout AppState) -> Void) -> AppState {
    var state = AppState(timeZone: .gmt)
    change(&state)
    return state
  }

  static let day = CalendarDay(year: 2024, month: 1, day: 1)!
  static let nowhere = Place(
    name: "X", countryCode: "ZZ", latitude: 0, longitude: 0, timeZone: "UTC")

  /// States with one field out of range, and the problem named. (Given to the test by index:
  /// Swift Testing describes its arguments, and `Date.description` traps on NaN.)
  static let outOfRange: [(AppState, String)] = [
    (
      state { $0.clock.anchor = Date(timeIntervalSince1970: 1e300) },
      "clock.anchor is after the year 9999"
    ),
    (
      state { $0.clock.anchor = Date(timeIntervalSinceReferenceDate: .nan) },
      "clock.anchor is not a finite time"
    ),
    (state { $0.clock.anchor = .distantPast }, "clock.anchor is before the year 0001"),
    (
      state { $0.clock.dayOffset = .min },
      "clock.dayOffset is -9223372036854775808, more than 365250 days from the loaded time"
    ),
    (
      state {
        $0.dog.dogs = [
          Dog(
            name: "old", birthday: CalendarDay(year: -10_000, month: 1, day: 1)!, breed: .pug,
            imageName: "")
        ]
      },
      "dog.dogs[0].birthday is in the year -10000, outside the years -9999…9999"
    ),
    (
      state { $0.dog.dogs = [Dog(name: "a\u{1B}b", birthday: day, breed: .pug, imageName: "")] },
      "dog.dogs[0].name is not allowed: a dog's name is one word: no spaces or control characters"
    ),
    (state { $0.dog.selectedName = "rex" }, "dog.selectedName names no dog"),
    (
      state { $0.weather.query = "\u{1B}]0;x\u{7}" },
      "weather.query is not allowed: a city name cannot contain control characters"
    ),
    (
      state {
        var place = nowhere
        place.latitude = .nan
        $0.weather.status = .fetching(place: place)
      },
      "weather.status.place.latitude is nan, not within -90…90"
    ),
    (
      state {
        var place = nowhere
        place.population = -1
        $0.weather.status = .failed(place: place, message: "")
      },
      "weather.status.place.population is -1, less than none"
    ),
    (
      state {
        let report = WeatherReport(
          time: .now, temperatureF: .infinity, description: "", iconName: "")
        $0.weather.status = .loaded(place: nowhere, report: report)
      },
      "weather.status.report.temperatureF is inf, not a finite number"
    ),
  ]

  @Test("every field out of range is named with the reason", arguments: outOfRange.indices)
  func rangeProblems(index: Int) {
    let (state, message) = Self.outOfRange[index]
    #expect(AppState(timeZone: .gmt).rangeProblem == nil)
    #expect(state.rangeProblem?.description == message)
  }

  @Test("the reducers refuse values out of range with a one-line reason, and change nothing else")
  func reducersRefuse() {
    var state = AppState(timeZone: .gmt)
    _ = Self.app.reduce(into: &state, action: .launched(at: Date(timeIntervalSince1970: 1e300)))
    #expect(state.clock.failure == "the launch time is after the year 9999")
    #expect(state.dog.dogs.isEmpty)
    _ = Self.app.reduce(into: &state, action: .clock(.reload))
    _ = Self.app.reduce(
      into: &state,
      action: .clock(.timeResponse(request: 1, .success(Date(timeIntervalSince1970: 1e300)))))
    #expect(state.clock.failure == "the time answered is after the year 9999")
    #expect(state.clock.anchor == Date(timeIntervalSince1970: 0))
    _ = Self.app.reduce(into: &state, action: .weather(.changeLocation("X")))
    let bad = Place(name: "X", countryCode: "ZZ", latitude: 91, longitude: 0, timeZone: "UTC")
    _ = Self.app.reduce(into: &state, action: .weather(.geocodeResponse(request: 1, .success(bad))))
    #expect(
      WeatherViewModel(state: state.weather).text
        == "X · unavailable: the place found is out of range: latitude is 91.0, not within -90…90")
    var invalid = state
    invalid.clock.dayOffset = .max
    let before = state
    _ = Self.app.reduce(into: &state, action: .restored(invalid))
    #expect(state == before)
  }
}
