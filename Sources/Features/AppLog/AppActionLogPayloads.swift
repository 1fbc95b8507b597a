import ActionLog
import Features
import Foundation
import Store

// How the dog's and weather's actions are written in an action log, and their payloads:
// a struct is written as prefixed fields (`"place.name"`, `"report.temperatureF"`, …), a
// `Result` as its value's fields or `"error":"message"`. See docs/action-log.md.

extension DogAction {
  func encode(to line: inout LogLineWriter) {
    switch self {
    case .show(let name):
      line.action(AppActionName.dogShow)
      line.string("name", name)
    case .adopt(let name, let birthday, let breed):
      line.action(AppActionName.dogAdopt)
      line.string("name", name)
      line.string("birthday", birthday.description)
      line.string("breed", breed.rawValue)
    }
  }

  static func adoption(from line: inout LogLine) throws(LogLineError) -> DogAction {
    let name = try line.string("name")
    let text = try line.string("birthday")
    let birthday: CalendarDay
    do {
      birthday = try CalendarDay(parsing: text)
    } catch {
      throw LogLineError("\"birthday\" must be a day such as \"2024-05-01\", not \"\(text)\"")
    }
    let breedText = try line.string("breed")
    guard let breed = Breed(rawValue: breedText) else {
      throw LogLineError("\"breed\" must be pug or poodle, not \"\(breedText)\"")
    }
    return .adopt(name: name, birthday: birthday, breed: breed)
  }
}

extension WeatherAction {
  func encode(to line: inout LogLineWriter) {
    switch self {
    case .changeLocation(let name):
      line.action(AppActionName.weatherChangeLocation)
      line.string("name", name)
    case .geocodeResponse(let request, let result):
      line.action(AppActionName.weatherGeocodeResponse)
      line.int("request", request)
      switch result {
      case .success(let place?): place.encode(to: &line, prefix: "place.")
      case .success(nil): line.bool("found", false)
      case .failure(let failure): line.failure(failure)
      }
    case .weatherResponse(let request, let result):
      line.action(AppActionName.weatherWeatherResponse)
      line.int("request", request)
      switch result {
      case .success(let report): report.encode(to: &line, prefix: "report.")
      case .failure(let failure): line.failure(failure)
      }
    case .cancel:
      line.action(AppActionName.weatherCancel)
    }
  }

  static func geocodeResponse(from line: inout LogLine) throws(LogLineError) -> WeatherAction {
    let request = try line.int("request")
    if let failure = try line.failure() {
      return .geocodeResponse(request: request, .failure(failure))
    }
    if let found = try line.optionalBool("found") {
      guard found == false else {
        throw LogLineError("\"found\" is only ever false; a match is written as place.* fields")
      }
      return .geocodeResponse(request: request, .success(nil))
    }
    return .geocodeResponse(request: request, .success(try Place(from: &line, prefix: "place.")))
  }

  static func weatherResponse(from line: inout LogLine) throws(LogLineError) -> WeatherAction {
    let request = try line.int("request")
    if let failure = try line.failure() {
      return .weatherResponse(request: request, .failure(failure))
    }
    return .weatherResponse(
      request: request, .success(try WeatherReport(from: &line, prefix: "report.")))
  }
}

extension Place {
  func encode(to line: inout LogLineWriter, prefix: String) {
    line.string(prefix + "name", name)
    line.string(prefix + "region", region)
    line.string(prefix + "regionCode", regionCode)
    line.string(prefix + "countryCode", countryCode)
    line.string(prefix + "country", country)
    line.double(prefix + "latitude", latitude)
    line.double(prefix + "longitude", longitude)
    line.string(prefix + "timeZone", timeZone)
    line.int(prefix + "population", population)
  }

  init(from line: inout LogLine, prefix: String) throws(LogLineError) {
    let place = try Place(reading: &line, prefix: prefix)
    self = try line.checked(place, place.rangeProblem, prefix: prefix)
  }

  /// The fields under `place.`, keys written out whole: a key made per read (`prefix + "name"`)
  /// would cost more than reading its value.
  private init(reading line: inout LogLine, prefix: String) throws(LogLineError) {
    precondition(prefix == "place.", "a place is logged under place.")
    self.init(
      name: try line.string("place.name"), region: try line.optionalString("place.region"),
      regionCode: try line.optionalString("place.regionCode"),
      countryCode: try line.string("place.countryCode"),
      country: try line.optionalString("place.country"),
      latitude: try line.double("place.latitude"),
      longitude: try line.double("place.longitude"),
      timeZone: try line.string("place.timeZone"),
      population: try line.optionalInt("place.population"))
  }
}

extension WeatherReport {
  func encode(to line: inout LogLineWriter, prefix: String) {
    line.date(prefix + "time", time)
    line.double(prefix + "temperatureF", temperatureF)
    line.string(prefix + "description", description)
    line.string(prefix + "iconName", iconName)
    line.string(prefix + "timeZone", timeZone)
  }

  init(from line: inout LogLine, prefix: String) throws(LogLineError) {
    let report = try WeatherReport(reading: &line, prefix: prefix)
    self = try line.checked(report, report.rangeProblem, prefix: prefix)
  }

  /// The fields under `report.`, keys written out whole (see `Place`'s).
  private init(reading line: inout LogLine, prefix: String) throws(LogLineError) {
    precondition(prefix == "report.", "a report is logged under report.")
    self.init(
      time: try line.date("report.time"), temperatureF: try line.double("report.temperatureF"),
      description: try line.string("report.description"),
      iconName: try line.string("report.iconName"),
      timeZone: try line.optionalString("report.timeZone"))
  }
}
