import ActionLog
import Features
import Foundation
import Store

// The app's actions read from a replayed line's parsed fields in the order `encode(to:)` writes
// them (``LogActionReadable``): the same values as `init(logLine:)` in AppActionLog.swift,
// without its reads by name. Anything the reader is not sure of — a field out of order or left
// over, a value of another kind, a value outside ``ValueRanges``, a `restored` state — gives
// nil, and `init(logLine:)` decides, with its own words. `AppActionReaderTests` holds the two to
// agreement on random actions and on mutated lines. A field added to an action's line must be
// added here too (the round trip fails until it is). Bound: O(the line's length) time.

extension AppAction: LogActionReadable {
  package static func read(_ line: inout LogFieldReader) -> AppAction? {
    guard let name = line.action(in: logNames), let action = read(name, &line),
      line.isComplete
    else { return nil }
    return action
  }

  package static func read(_ line: inout LogFieldReader, into slot: UnsafeMutablePointer<AppAction>)
    -> Bool
  {
    guard let action = read(&line) else { return false }
    slot.initialize(to: action)
    return true
  }

  private static func read(_ name: AppActionName, _ line: inout LogFieldReader) -> AppAction? {
    switch name {
    case .launched:
      return line.instant("at").map { .launched(at: $0) }
    case .clockReload:
      return .clock(.reload)
    case .clockMoveDay:
      return line.int("days").map { .clock(.moveDay($0)) }
    case .clockTimeResponse:
      guard let request = line.int("request") else { return nil }
      if line.nextIs("error") {
        return line.string("error").map {
          .clock(.timeResponse(request: request, .failure(FetchFailure(message: $0))))
        }
      }
      return line.instant("ok").map { .clock(.timeResponse(request: request, .success($0))) }
    case .clockCancel:
      return .clock(.cancel)
    case .dogShow:
      return line.optionalString("name").map { .dog(.show($0)) }
    case .dogAdopt:
      guard let name = line.string("name"), let birthday = line.string("birthday"),
        let day = CalendarDay.read(typed: birthday), let breed = line.string("breed"),
        let breed = Breed(rawValue: breed)
      else { return nil }
      return .dog(.adopt(name: name, birthday: day, breed: breed))
    case .weatherChangeLocation:
      return line.string("name").map { .weather(.changeLocation($0)) }
    case .weatherGeocodeResponse:
      guard let request = line.int("request"), let result = geocodeResult(&line) else {
        return nil
      }
      return .weather(.geocodeResponse(request: request, result))
    case .weatherWeatherResponse:
      guard let request = line.int("request"), let result = weatherResult(&line) else {
        return nil
      }
      return .weather(.weatherResponse(request: request, result))
    case .weatherCancel:
      return .weather(.cancel)
    case .restored:
      return nil  // a whole state, rare: `init(logLine:)` reads it
    }
  }

  private static func geocodeResult(_ line: inout LogFieldReader) -> Result<Place?, FetchFailure>? {
    if line.nextIs("error") {
      return line.string("error").map { .failure(FetchFailure(message: $0)) }
    }
    if line.nextIs("found") {
      return line.bool("found") == false ? .success(nil) : nil
    }
    guard let name = line.string("place.name"),
      let region = line.optionalString("place.region"),
      let regionCode = line.optionalString("place.regionCode"),
      let countryCode = line.string("place.countryCode"),
      let country = line.optionalString("place.country"),
      let latitude = line.double("place.latitude"),
      let longitude = line.double("place.longitude"),
      let timeZone = line.string("place.timeZone"),
      let population = line.optionalInt("place.population")
    else { return nil }
    let place = Place(
      name: name, region: region, regionCode: regionCode, countryCode: countryCode,
      country: country, latitude: latitude, longitude: longitude, timeZone: timeZone,
      population: population)
    return place.rangeProblem == nil ? .success(place) : nil
  }

  private static func weatherResult(_ line: inout LogFieldReader)
    -> Result<WeatherReport, FetchFailure>?
  {
    if line.nextIs("error") {
      return line.string("error").map { .failure(FetchFailure(message: $0)) }
    }
    guard let time = line.date("report.time"),
      let temperatureF = line.double("report.temperatureF"),
      let description = line.string("report.description"),
      let iconName = line.string("report.iconName"),
      let timeZone = line.optionalString("report.timeZone")
    else { return nil }
    let report = WeatherReport(
      time: time, temperatureF: temperatureF, description: description, iconName: iconName,
      timeZone: timeZone)
    return report.rangeProblem == nil ? .success(report) : nil
  }
}

extension LogFieldReader {
  /// An instant within the years 0001…9999, as `LogLine.instant(_:)` reads one.
  fileprivate mutating func instant(_ key: StaticString) -> Date? {
    guard let date = date(key), ValueRanges.problem(instant: date) == nil else { return nil }
    return date
  }
}
