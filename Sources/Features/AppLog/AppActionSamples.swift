import Features
import Foundation
import PropertyTesting
import Store

/// An endless, deterministic stream of varied ``AppAction``s from a seed: the mixed workload of
/// `uniflow-bench`, and the sessions of tests that drive a live store with its effects (which a
/// ``ReducerProperty`` does not run).
///
/// ```swift
/// var samples = AppActionSamples(seed: 42)
/// let first = samples.next()!   // the same action for seed 42, every run, on every machine
/// ```
///
/// It covers every case of ``AppAction`` and the awkward values: days at the limits, stale and
/// future request numbers, instants with fractional seconds down to the last bit, instants at
/// the edges of the years 0001…9999, and failure messages with quotes, backslashes, control
/// characters, Korean and emoji.
package struct AppActionSamples: IteratorProtocol, Sequence, Sendable {
  private var random: SplitMix64

  package init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  package mutating func next() -> AppAction? {
    switch random.below(100) {
    case 0..<30: .clock(.moveDay(days()))
    case 30..<38: .clock(.reload)
    case 38..<55: .clock(.timeResponse(request: random.below(8), result()))
    case 55..<57: .clock(.cancel)
    case 57..<62: .dog(.show(random.below(3) == 0 ? nil : name()))
    case 62..<66:
      .dog(.adopt(name: name(), birthday: birthday(), breed: random.below(2) == 0 ? .pug : .poodle))
    case 66..<74: .weather(.changeLocation(message()))
    case 74..<84: .weather(.geocodeResponse(request: random.below(8), geocodeResult()))
    case 84..<94: .weather(.weatherResponse(request: random.below(8), weatherResult()))
    case 94..<96: .weather(.cancel)
    default: random.below(300) == 0 ? .restored(restoredState()) : .launched(at: date())
    }
  }

  private mutating func name() -> String {
    ["poodle", "bella", "Rex", "초코", "a\"b"][random.below(5)]
  }

  private mutating func birthday() -> CalendarDay {
    CalendarDay(
      year: 1990 + random.below(40), month: 1 + random.below(12), day: 1 + random.below(28))
      ?? CalendarDay(of: Date(timeIntervalSince1970: 0), in: .gmt)
  }

  private mutating func place() -> Place {
    let places = [
      Place(
        name: "Seoul", region: "Seoul", regionCode: "11", countryCode: "KR", country: "South Korea",
        latitude: 37.566, longitude: 126.9784, timeZone: "Asia/Seoul", population: 10_349_312),
      Place(
        name: "Anchorage", region: "Alaska", regionCode: "AK", countryCode: "US",
        latitude: 61.21806, longitude: -149.90028, timeZone: "America/Anchorage"),
      Place(
        name: message(), countryCode: "ZZ", latitude: Double(random.below(18_000)) / 100 - 90,
        longitude: -0.0, timeZone: "UTC", population: random.below(2) == 0 ? nil : 0),
    ]
    return places[random.below(places.count)]
  }

  private mutating func geocodeResult() -> Result<Place?, FetchFailure> {
    switch random.below(5) {
    case 0: .failure(FetchFailure(message: message()))
    case 1: .success(nil)
    default: .success(place())
    }
  }

  private mutating func weatherResult() -> Result<WeatherReport, FetchFailure> {
    guard random.below(4) != 0 else { return .failure(FetchFailure(message: message())) }
    let temperature =
      Double(Int(random.below(2_000)) - 1_000) / 10 + (random.below(2) == 0 ? 0.05 : 0)
    return .success(
      WeatherReport(
        time: date(), temperatureF: temperature, description: message(),
        iconName: ["c04d", "c01n", ""][random.below(3)],
        timeZone: random.below(2) == 0 ? nil : "Asia/Seoul"))
  }

  private mutating func restoredState() -> AppState {
    var state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul") ?? .gmt)
    state.clock.anchor = date()
    state.clock.dayOffset = random.below(7) - 3
    return state
  }

  private mutating func days() -> Int {
    switch random.below(20) {
    case 0: random.below(2) == 0 ? 36_525 : -36_525
    case 1: random.below(2) == 0 ? Int.max : Int.min
    default: random.below(7) - 3
    }
  }

  private mutating func result() -> Result<Date, FetchFailure> {
    random.below(4) == 0 ? .failure(FetchFailure(message: message())) : .success(date())
  }

  private mutating func date() -> Date {
    // 1970…2100 in whole seconds, most of the time.
    let seconds = Double(random.below(4_102_444_800))
    switch random.below(10) {
    case 0:
      // Any fraction of a second, down to the last bit of the double.
      let fraction = Double(random.next() >> 11) / Double(1 << 53)
      return Date(timeIntervalSince1970: seconds + fraction)
    case 1:
      // The edges of the years 0001…9999, the instants the app accepts (``ValueRanges``).
      // (Not `Date.distantPast`: it is 0001-01-01 in the Julian calendar, two days before the
      // Gregorian year 1 began.)
      let extremes = [
        ValueRanges.earliestInstant, .distantFuture,
        ValueRanges.beyondLatestInstant.addingTimeInterval(-0.5),
      ]
      return extremes[random.below(extremes.count)]
    default:
      return Date(timeIntervalSince1970: seconds)
    }
  }

  private mutating func message() -> String {
    let messages = [
      "timed out after 5 s", "connection refused by 127.0.0.1:8080", "HTTP 503 Service Unavailable",
      "quote \" and backslash \\ and slash /", "new\nline\ttab\r\u{0}nul\u{7F}del", "서울 날씨 ☁️",
      "emoji 🐶🌦️ and U+2028 \u{2028}", "",
    ]
    return messages[random.below(messages.count)]
  }
}
