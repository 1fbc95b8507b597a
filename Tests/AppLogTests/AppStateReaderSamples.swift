import Features
import Foundation
import Store

/// Random app states for ``AppStateReaderTests``, in range or not: every field, every weather
/// case, text with escapes and any script, numbers at their edges.
enum RandomState {
  static func make(_ random: inout SplitMix) -> AppState {
    let zone = TimeZone(identifier: random.element(zones)) ?? .gmt
    var state = AppState(timeZone: zone)
    state.clock = ClockState(
      timeZone: zone, anchor: date(&random), dayOffset: int(&random),
      isLoading: random.chance(2), failure: optional(&random, text), request: int(&random))
    var dogs = IdentifiedArrayOf<Dog>()
    for _ in 0..<random.below(4) {
      let name = random.chance(3) ? text(&random) : random.element(["rex", "REX", "bella", "Ω"])
      dogs.append(
        Dog(
          name: name, birthday: day(&random), breed: random.chance(2) ? .pug : .poodle,
          imageName: text(&random)))
    }
    let selected =
      random.chance(3)
      ? nil
      : (dogs.isEmpty || random.chance(4)) ? text(&random) : dogs[random.below(dogs.count)].name
    state.dog = DogState(dogs: dogs, selectedName: selected)
    state.weather = WeatherState(
      query: optional(&random, text), status: status(&random), request: int(&random))
    return state
  }

  static let zones = ["GMT", "UTC", "Asia/Seoul", "America/Anchorage", "Pacific/Honolulu"]

  static func status(_ random: inout SplitMix) -> WeatherStatus {
    switch random.below(6) {
    case 0: .idle
    case 1: .geocoding
    case 2: .fetching(place: place(&random))
    case 3: .loaded(place: place(&random), report: report(&random))
    case 4: .notFound
    default: .failed(place: random.chance(2) ? nil : place(&random), message: text(&random))
    }
  }

  static func place(_ random: inout SplitMix) -> Place {
    Place(
      name: text(&random), region: optional(&random, text), regionCode: optional(&random, text),
      countryCode: text(&random), country: optional(&random, text), latitude: double(&random),
      longitude: double(&random), timeZone: text(&random),
      population: random.chance(2) ? nil : int(&random))
  }

  static func report(_ random: inout SplitMix) -> WeatherReport {
    WeatherReport(
      time: date(&random), temperatureF: double(&random), description: text(&random),
      iconName: text(&random), timeZone: optional(&random, text))
  }

  static func optional<T>(_ random: inout SplitMix, _ make: (inout SplitMix) -> T) -> T? {
    random.chance(3) ? nil : make(&random)
  }

  static let pieces = [
    "a", "Z", "7", " ", "é", "서", "😀", "\"", "\\", "/", "\n", "\t", "\u{1}", "\u{7F}",
    "\u{2028}", "\u{202E}", "{", "}", ":", ",",
  ]

  static func text(_ random: inout SplitMix) -> String {
    (0..<random.below(8)).map { _ in random.element(pieces) }.joined()
  }

  static func int(_ random: inout SplitMix) -> Int {
    switch random.below(4) {
    case 0: random.element([0, 1, -1, .max, .min, 365_250, -365_251])
    case 1: random.below(1000)
    default: Int(bitPattern: UInt(random.next()))
    }
  }

  static func double(_ random: inout SplitMix) -> Double {
    switch random.below(5) {
    case 0:
      random.element([
        0, -0.0, .nan, .infinity, -.infinity, 90, -180, .leastNonzeroMagnitude,
        .greatestFiniteMagnitude,
      ])
    case 1: Double(random.below(36_000)) / 100 - 180
    default: Double(bitPattern: random.next())
    }
  }

  static func date(_ random: inout SplitMix) -> Date {
    switch random.below(4) {
    case 0:
      random.element([
        Date(timeIntervalSince1970: 0), Date(timeIntervalSinceReferenceDate: 1e300),
        Date(timeIntervalSinceReferenceDate: -63_114_076_800), Date.distantFuture,
      ])
    case 1: Date(timeIntervalSince1970: Double(random.below(4_000_000_000)) + 0.125)
    default:
      Date(timeIntervalSince1970: Double(random.below(400_000_000_000)) / 1000 - 100_000_000)
    }
  }

  static func day(_ random: inout SplitMix) -> CalendarDay {
    // Any year but Int.min, which `Codable` writes and cannot read back (its digits overflow).
    let year = random.chance(4) ? max(int(&random), .min + 1) : random.below(12_000) - 1_000
    return CalendarDay(year: year, month: 1 + random.below(12), day: 1 + random.below(28))
      ?? CalendarDay(year: 2000, month: 1, day: 1)!
  }
}

/// Small edits to a state's JSON, of the kinds a hand-edited or damaged log has.
enum Mutation {
  static func apply(_ json: inout [UInt8], _ random: inout SplitMix) {
    guard !json.isEmpty else { return }
    let at = random.below(json.count)
    switch random.below(9) {
    case 0: json.remove(at: at)
    case 1: json.insert(random.element(significant), at: at)
    case 2: json[at] = random.element(significant)
    case 3: json.insert(contentsOf: random.element(snippets).utf8, at: at)
    case 4:
      // A number written another way.
      guard let digit = json[at...].firstIndex(where: { $0 >= 0x30 && $0 <= 0x39 }) else { return }
      json.insert(
        contentsOf: random.element([".0", "e0", "0", "E+1", "1e400", "-"]).utf8, at: digit + 1)
    case 5:
      // A field repeated, unknown, or null.
      guard let brace = json[at...].firstIndex(of: UInt8(ascii: "{")) else { return }
      json.insert(contentsOf: random.element(fields).utf8, at: brace + 1)
    case 6:
      // A string value with an escape.
      guard let quote = json[at...].firstIndex(of: UInt8(ascii: ":")),
        quote + 1 < json.count, json[quote + 1] == UInt8(ascii: "\"")
      else { return }
      json.insert(contentsOf: random.element(escapes).utf8, at: quote + 2)
    case 7:
      // White space where JSON allows it.
      guard
        let comma = json[at...].firstIndex(where: {
          $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: ":")
        })
      else { return }
      json.insert(random.element([0x20, 0x0A, 0x09, 0x0D]), at: comma + 1)
    default:
      // A whole value replaced.
      guard let colon = json[at...].firstIndex(of: UInt8(ascii: ":")) else { return }
      var end = colon + 1
      while end < json.count, ![UInt8(ascii: ","), UInt8(ascii: "}")].contains(json[end]) {
        end += 1
      }
      json.replaceSubrange((colon + 1)..<end, with: random.element(values).utf8)
    }
  }

  static let significant = Array("{}[]\":,0159-.eE+ tnfu\\/aZ".utf8)
  static let snippets = ["null", "true", "\"\"", "{}", "[]", "\"x\":1,", ",\"y\":null", "\\u0041"]
  static let fields = [
    "\"request\":1,", "\"x\":1,", "\"x\":null,", "\"failure\":null,", "\"selectedName\":null,",
    "\"identifier\":\"UTC\",", "\"population\":null,", "\"dogs\":[],", "\"idle\":{},",
  ]
  static let escapes = [
    "\\u00e9", "\\ud83d\\ude00", "\\ud800", "\\udc00", "\\n", "\\/", "\\u0000", "\\x", "\\u12",
  ]
  static let values = [
    "0", "-0", "1.5", "1e2", "-1", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "null", "true",
    "\"2026-11-29T03:45:12Z\"", "\"2026-02-30T00:00:00Z\"", "12345.678", "\"2024-02-29\"",
    "\"-0005-01-01\"", "\"+2024-01-01\"", "\"pug\"", "\"Poodle\"", "{}", "[]",
    "9223372036854775808",
    "-9223372036854775808", "{\"identifier\":\"Asia/Seoul\"}", "\"\"",
  ]
}
