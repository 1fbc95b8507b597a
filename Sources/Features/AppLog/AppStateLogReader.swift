import ActionLog
import Features
import Foundation
import Store

// The app's states read from a log's JSON by hand (``LogStateReadable``): the same fields and
// values as their `Codable` conformances, several times faster. Anything the reader is not sure
// of — an unknown or repeated key, a value of another kind, two dogs of one name — gives nil,
// and `Codable` decides. `AppStateReaderTests` holds the two to agreement on random states and
// on mutated lines. A field added to a state must be added here too (the round trip fails
// until it is). Bound: O(length of the JSON) time and the state's size in memory.

extension AppState: LogStateReadable {
  package static func read(_ reader: inout LogJSONReader) -> AppState? {
    var clock: ClockState?
    var dog: DogState?
    var weather: WeatherState?
    let seen = reader.fields(["clock", "dog", "weather"]) { reader, field in
      switch field {
      case 0: reader.read(&clock, ClockState.read)
      case 1: reader.read(&dog, DogState.read)
      default: reader.read(&weather, WeatherState.read)
      }
    }
    // Taken out, not copied: each state was read into its variable, which nothing reads again.
    guard seen == 0b111, let clock = clock.take(), let dog = dog.take(),
      let weather = weather.take()
    else { return nil }
    return AppState(clock: clock, dog: dog, weather: weather)
  }
}

extension ClockState {
  static func read(_ reader: inout LogJSONReader) -> ClockState? {
    var anchor: Date?
    var dayOffset: Int?
    var failure: String?
    var isLoading: Bool?
    var request: Int?
    var timeZone: TimeZone?
    let names: [StaticString] = [
      "anchor", "dayOffset", "failure", "isLoading", "request", "timeZone",
    ]
    let seen = reader.fields(names) { reader, field in
      switch field {
      case 0: reader.read(&anchor) { $0.date() }
      case 1: reader.read(&dayOffset) { $0.int() }
      case 2: reader.optional(&failure) { $0.string() }
      case 3: reader.read(&isLoading) { $0.bool() }
      case 4: reader.read(&request) { $0.int() }
      default: reader.read(&timeZone, readTimeZone)
      }
    }
    guard let seen, seen | 0b000100 == 0b111111, let anchor, let dayOffset, let isLoading,
      let request, let timeZone
    else { return nil }
    return ClockState(
      timeZone: timeZone, anchor: anchor, dayOffset: dayOffset, isLoading: isLoading,
      failure: failure, request: request)
  }

  /// `{"identifier":"Asia/Seoul"}`, as Foundation's `TimeZone` encodes itself.
  static func readTimeZone(_ reader: inout LogJSONReader) -> TimeZone? {
    var identifier: String?
    var zone: TimeZone?
    let seen = reader.fields(["identifier"]) { reader, _ in
      // The usual identifier, plain ASCII, is compared where it lies with the last one read.
      if let ascii = reader.asciiString() {
        zone = lastTimeZone.withLock { $0?.zone(ifIdentifiedBy: ascii) }
        if zone == nil { identifier = String(decoding: ascii, as: UTF8.self) }
        return true
      }
      return reader.read(&identifier) { $0.string() }
    }
    guard seen == 1 else { return nil }
    if let zone { return zone }
    guard let identifier else { return nil }
    return lastTimeZone.withLock { last in
      if let last, last.identifier == identifier { return last.zone }
      let zone = TimeZone(identifier: identifier)
      if let zone { last = LastZone(identifier: identifier, zone: zone) }
      return zone
    }
  }

  /// The zone read last, by the identifier it was read from: a log keeps to one, and making
  /// it from its identifier costs a snapshot's check more than reading the rest of the clock.
  private static let lastTimeZone = Locked<LastZone?>(nil)

  /// A zone and the identifier it was made from, also as UTF-8 bytes to compare a log's with.
  private struct LastZone: Sendable {
    let identifier: String
    let utf8: [UInt8]
    let zone: TimeZone

    init(identifier: String, zone: TimeZone) {
      self.identifier = identifier
      self.utf8 = Array(identifier.utf8)
      self.zone = zone
    }

    /// The zone, if `bytes` are its identifier's: no `String` copied or made to compare, and
    /// the last identifier and zone are not copied out of the lock to compare them.
    func zone(ifIdentifiedBy bytes: UnsafeBufferPointer<UInt8>) -> TimeZone? {
      guard utf8.count == bytes.count else { return nil }
      let same = utf8.withUnsafeBufferPointer { known in
        known.isEmpty || memcmp(known.baseAddress!, bytes.baseAddress!, known.count) == 0
      }
      return same ? zone : nil
    }
  }
}

extension DogState {
  static func read(_ reader: inout LogJSONReader) -> DogState? {
    var dogs: IdentifiedArrayOf<Dog>?
    var selectedName: String?
    let seen = reader.fields(["dogs", "selectedName"]) { reader, field in
      if field == 1 { return reader.optional(&selectedName) { $0.string() } }
      var list = IdentifiedArrayOf<Dog>()
      // Two dogs of one name: `Codable` refuses the list, naming the problem.
      guard reader.array({ reader in Dog.read(&reader).map { list.append($0).inserted } ?? false })
      else { return false }
      dogs = list
      return true
    }
    guard let seen, seen & 1 == 1, let dogs = dogs.take() else { return nil }
    return DogState(dogs: dogs, selectedName: selectedName)
  }
}

extension Dog {
  static func read(_ reader: inout LogJSONReader) -> Dog? {
    var birthday: CalendarDay?
    var breed: Breed?
    var imageName: String?
    var name: String?
    let seen = reader.fields(["birthday", "breed", "imageName", "name"]) { reader, field in
      switch field {
      case 0:
        reader.read(&birthday) { reader in
          if let ascii = reader.asciiString() { return CalendarDay.read(stored: ascii) }
          return reader.string().flatMap(CalendarDay.read(stored:))
        }
      case 1:
        reader.read(&breed) { reader in
          if let ascii = reader.asciiString() { return Breed(ascii: ascii) }
          return reader.string().flatMap(Breed.init(rawValue:))
        }
      case 2: reader.read(&imageName) { $0.string() }
      default: reader.read(&name) { $0.string() }
      }
    }
    guard seen == 0b1111, let birthday, let breed, let imageName, let name else { return nil }
    return Dog(name: name, birthday: birthday, breed: breed, imageName: imageName)
  }
}

extension Breed {
  /// The breed whose raw value is the text of `ascii`, compared byte by byte.
  init?(ascii: UnsafeBufferPointer<UInt8>) {
    func equals(_ name: StaticString) -> Bool {
      name.utf8CodeUnitCount == ascii.count
        && memcmp(name.utf8Start, ascii.baseAddress!, ascii.count) == 0
    }
    if equals("pug") {
      self = .pug
    } else if equals("poodle") {
      self = .poodle
    } else {
      return nil
    }
  }
}

extension WeatherState {
  static func read(_ reader: inout LogJSONReader) -> WeatherState? {
    var query: String?
    var request: Int?
    var status: WeatherStatus?
    let seen = reader.fields(["query", "request", "status"]) { reader, field in
      switch field {
      case 0: reader.optional(&query) { $0.string() }
      case 1: reader.read(&request) { $0.int() }
      default: reader.read(&status, WeatherStatus.read)
      }
    }
    guard let seen, seen | 1 == 0b111, let request, let status = status.take() else {
      return nil
    }
    return WeatherState(query: query, status: status, request: request)
  }
}

extension WeatherStatus {
  /// `{"idle":{}}`, `{"loaded":{"place":…,"report":…}}`: one key, the case.
  static func read(_ reader: inout LogJSONReader) -> WeatherStatus? {
    // The cases with no payload, as a log writes them, at once (most snapshots are geocoding).
    if reader.exactly(#"{"geocoding":{}}"#) { return .geocoding }
    if reader.exactly(#"{"idle":{}}"#) { return .idle }
    if reader.exactly(#"{"notFound":{}}"#) { return .notFound }
    var status: WeatherStatus?
    let names: [StaticString] = ["idle", "geocoding", "fetching", "loaded", "notFound", "failed"]
    let seen = reader.fields(names) { reader, field in
      guard status == nil else { return false }  // a second case
      switch field {
      case 0: return reader.read(&status) { $0.fields([]) { _, _ in false } == 0 ? .idle : nil }
      case 1:
        return reader.read(&status) { $0.fields([]) { _, _ in false } == 0 ? .geocoding : nil }
      case 4:
        return reader.read(&status) { $0.fields([]) { _, _ in false } == 0 ? .notFound : nil }
      case 2:
        var place: Place?
        let seen = reader.fields(["place"]) { reader, _ in reader.read(&place, Place.read) }
        guard seen == 1, let place else { return false }
        status = .fetching(place: place)
      case 3:
        var place: Place?
        var report: WeatherReport?
        let seen = reader.fields(["place", "report"]) { reader, field in
          field == 0 ? reader.read(&place, Place.read) : reader.read(&report, WeatherReport.read)
        }
        guard seen == 0b11, let place, let report else { return false }
        status = .loaded(place: place, report: report)
      default:
        var message: String?
        var place: Place?
        let seen = reader.fields(["message", "place"]) { reader, field in
          field == 0 ? reader.read(&message) { $0.string() } : reader.optional(&place, Place.read)
        }
        guard let seen, seen & 1 == 1, let message else { return false }
        status = .failed(place: place, message: message)
      }
      return true
    }
    guard seen != nil else { return nil }
    return status
  }
}

extension Place {
  static func read(_ reader: inout LogJSONReader) -> Place? {
    var country: String?
    var countryCode: String?
    var latitude: Double?
    var longitude: Double?
    var name: String?
    var population: Int?
    var region: String?
    var regionCode: String?
    var timeZone: String?
    let names: [StaticString] = [
      "country", "countryCode", "latitude", "longitude", "name", "population", "region",
      "regionCode", "timeZone",
    ]
    let seen = reader.fields(names) { reader, field in
      switch field {
      case 0: reader.optional(&country) { $0.string() }
      case 1: reader.read(&countryCode) { $0.string() }
      case 2: reader.read(&latitude) { $0.double() }
      case 3: reader.read(&longitude) { $0.double() }
      case 4: reader.read(&name) { $0.string() }
      case 5: reader.optional(&population) { $0.int() }
      case 6: reader.optional(&region) { $0.string() }
      case 7: reader.optional(&regionCode) { $0.string() }
      default: reader.read(&timeZone) { $0.string() }
      }
    }
    // Required: countryCode, latitude, longitude, name and timeZone.
    let required: UInt64 = 0b1_0001_1110
    guard let seen, seen & required == required, let countryCode, let latitude, let longitude,
      let name, let timeZone
    else { return nil }
    return Place(
      name: name, region: region, regionCode: regionCode, countryCode: countryCode,
      country: country, latitude: latitude, longitude: longitude, timeZone: timeZone,
      population: population)
  }
}

extension WeatherReport {
  static func read(_ reader: inout LogJSONReader) -> WeatherReport? {
    var description: String?
    var iconName: String?
    var temperatureF: Double?
    var time: Date?
    var timeZone: String?
    let names: [StaticString] = ["description", "iconName", "temperatureF", "time", "timeZone"]
    let seen = reader.fields(names) { reader, field in
      switch field {
      case 0: reader.read(&description) { $0.string() }
      case 1: reader.read(&iconName) { $0.string() }
      case 2: reader.read(&temperatureF) { $0.double() }
      case 3: reader.read(&time) { $0.date() }
      default: reader.optional(&timeZone) { $0.string() }
      }
    }
    guard let seen, seen | 0b10000 == 0b11111, let description, let iconName, let temperatureF,
      let time
    else { return nil }
    return WeatherReport(
      time: time, temperatureF: temperatureF, description: description, iconName: iconName,
      timeZone: timeZone)
  }
}
