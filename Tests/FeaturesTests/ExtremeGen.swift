import Features
import Foundation
import Store
import StoreTesting

/// Values at and past the ends of every range the app has — `Int.min` and `Int.max`, infinities,
/// NaN, `1e300`, years ±9223372036854775807, hostile text — mixed with ordinary ones: the
/// inputs of the properties that no reducer or view model traps, and that the reducers keep
/// the state within ``ValueRanges``.
enum ExtremeGen {
  static let ints: [Int] = [
    .min, .min + 1, -ClockState.maxDayOffset - 1, -ClockState.maxDayOffset, -1, 0, 1,
    ClockState.maxDayOffset, ClockState.maxDayOffset + 1, .max - 1, .max,
  ]
  static let int = Gen.frequency((3, Gen.element(of: ints)), (1, Gen.int), (1, Gen.int(in: -3...3)))

  static let doubles: [Double] = [
    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 1e300,
    -1e300, 9_007_199_254_740_992, 0, -0.0, .leastNonzeroMagnitude, 41.5, -0.4, 90, 180, 91,
  ]
  static let double = Gen.element(of: doubles)

  /// Instants: the ends of the years 0001…9999 and a hair past them, and every extreme double
  /// as seconds since 2001.
  static let instants: [Date] =
    [
      ValueRanges.earliestInstant, ValueRanges.earliestInstant.addingTimeInterval(-1),
      ValueRanges.beyondLatestInstant, ValueRanges.beyondLatestInstant.addingTimeInterval(-0.001),
      .distantPast, .distantFuture, Date(timeIntervalSince1970: 1_795_923_912),
    ] + doubles.map(Date.init(timeIntervalSinceReferenceDate:))
  static let instant = Gen.element(of: instants)

  /// Real days in any year an `Int` holds.
  static let years = [
    Int.min, Int.min + 1, -9_223_372_036_854_775_807, -10_000, -9_999, -1, 0, 1, 2024, 9_999,
    10_000, Int.max - 1, Int.max,
  ]
  static let day = Gen.zip(Gen.element(of: years), Gen.int(in: 1...12), Gen.int(in: 1...29)).map {
    CalendarDay(year: $0, month: $1, day: $2) ?? CalendarDay(year: $0, month: $1, day: 28)!
  }

  /// Text a server or a log might hold: empty, terminal controls, a fake line, very long.
  static let texts = [
    "", "Seoul", "\u{1B}]0;pwned\u{07}", "\u{1B}[2J", "\u{9B}31m", "a\nclock: fake", "\u{202E}abc",
    "poodle", "POODLE", "two words", String(repeating: "x", count: 5_000),
  ]
  static let text = Gen.element(of: texts)

  static let zones = [
    "UTC", "Asia/Seoul", "Pacific/Kiritimati", "Etc/GMT+12", "America/New_York",
    "Australia/Lord_Howe",
  ].compactMap(TimeZone.init(identifier:))

  static let place = Gen.zip(text, double, double, Gen.element(of: ints + [0, 10_000]).optional)
    .map { name, latitude, longitude, population in
      Place(
        name: name, countryCode: "US", latitude: latitude, longitude: longitude,
        timeZone: "Nowhere/\(name.prefix(9))", population: population)
    }

  static let report = Gen.zip(instant, double, text).map { time, temperature, description in
    WeatherReport(
      time: time, temperatureF: temperature, description: description, iconName: description,
      timeZone: description)
  }

  static let failure = text.map(FetchFailure.init(message:))

  static let dog = Gen.zip(text, day, Gen.element(of: Breed.allCases)).map {
    Dog(name: $0, birthday: $1, breed: $2, imageName: $0)
  }

  static let status = Gen.oneOf(
    Gen.just(WeatherStatus.idle), Gen.just(.geocoding), Gen.just(.notFound),
    place.map { .fetching(place: $0) },
    Gen.zip(place, report).map { .loaded(place: $0, report: $1) },
    Gen.zip(place.optional, text).map { .failed(place: $0, message: $1) })

  /// Any state, in range or not.
  static let state = Gen.zip(
    Gen.element(of: zones), instant, int, Gen.bool, text.optional, int,
    dog.array(count: 0...3), text.optional, text.optional, status, int
  ).map { zone, anchor, offset, loading, failure, request, dogs, selected, query, status, lookups in
    var state = AppState(timeZone: zone)
    state.clock = ClockState(
      timeZone: zone, anchor: anchor, dayOffset: offset, isLoading: loading, failure: failure,
      request: request)
    // Dogs whose names differ only in case cannot share a state: the first one stays (decoding
    // refuses such a list instead; see DogCollectionTests).
    var unique = IdentifiedArrayOf<Dog>()
    unique.append(contentsOf: dogs)
    state.dog = DogState(dogs: unique, selectedName: selected)
    state.weather = WeatherState(query: query, status: status, request: lookups)
    return state
  }

  /// A state within ``ValueRanges``, at their edges as often as not: anchors at the first and
  /// last instants, the clock moved as far as it goes, counters at `Int.max`.
  static let validState = Gen.zip(
    Gen.element(of: zones),
    Gen.element(of: [
      ValueRanges.earliestInstant, ValueRanges.beyondLatestInstant.addingTimeInterval(-0.001),
      Date(timeIntervalSince1970: 1_795_923_912),
    ]),
    Gen.element(of: [-ClockState.maxDayOffset, 0, ClockState.maxDayOffset]),
    Gen.element(of: [Int.min, -1, 0, Int.max]), Gen.element(of: [Int.min, 0, Int.max])
  ).map { zone, anchor, offset, request, lookups in
    var state = AppState(timeZone: zone)
    _ = AppReducer().reduce(into: &state, action: .launched(at: anchor))
    state.clock.dayOffset = offset
    state.clock.request = request
    state.weather.request = lookups
    return state
  }

  /// Any action of the app, with extreme values, answers to the current requests half the time.
  static func action(_ state: AppState) -> Gen<AppAction> {
    let clockRequest = Gen.oneOf(Gen.just(state.clock.request), int)
    let weatherRequest = Gen.oneOf(Gen.just(state.weather.request), int)
    return Gen.oneOf(
      instant.map(AppAction.launched(at:)),
      Gen.just(.clock(.reload)), int.map { .clock(.moveDay($0)) },
      Gen.zip(clockRequest, instant).map { .clock(.timeResponse(request: $0, .success($1))) },
      Gen.zip(clockRequest, failure).map { .clock(.timeResponse(request: $0, .failure($1))) },
      Gen.just(.clock(.cancel)), text.optional.map { .dog(.show($0)) },
      Gen.zip(text, day, Gen.element(of: Breed.allCases)).map {
        .dog(.adopt(name: $0, birthday: $1, breed: $2))
      },
      text.map { .weather(.changeLocation($0)) },
      Gen.zip(weatherRequest, place.optional).map {
        .weather(.geocodeResponse(request: $0, .success($1)))
      },
      Gen.zip(weatherRequest, failure).map {
        .weather(.geocodeResponse(request: $0, .failure($1)))
      },
      Gen.zip(weatherRequest, report).map {
        .weather(.weatherResponse(request: $0, .success($1)))
      },
      Gen.zip(weatherRequest, failure).map {
        .weather(.weatherResponse(request: $0, .failure($1)))
      },
      Gen.just(.weather(.cancel)), ExtremeGen.state.map(AppAction.restored))
  }
}
