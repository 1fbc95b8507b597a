import ActionLog
import Features
import Foundation
import Store

/// The name of every ``AppAction`` in an action log, as written in its `"action"` field.
///
/// Names are `feature.case`, and never change once released: a log written today must replay
/// tomorrow. See docs/action-log.md.
public enum AppActionName: String, CaseIterable, Sendable {
  case launched
  case clockReload = "clock.reload"
  case clockMoveDay = "clock.moveDay"
  case clockTimeResponse = "clock.timeResponse"
  case clockCancel = "clock.cancel"
  case dogShow = "dog.show"
  case dogAdopt = "dog.adopt"
  case weatherChangeLocation = "weather.changeLocation"
  case weatherGeocodeResponse = "weather.geocodeResponse"
  case weatherWeatherResponse = "weather.weatherResponse"
  case weatherCancel = "weather.cancel"
  case restored
}

/// How each ``AppAction`` is written in an action log and read back: by hand, field by field,
/// so the format stays put when Swift's synthesized `Codable` or the enum's layout would change.
///
/// ```
/// {"seq":1,"src":"sent","action":"launched","at":"2026-11-29T03:45:12Z"}
/// {"seq":2,"src":"sent","action":"clock.moveDay","days":-1}
/// {"seq":3,"src":"sent","action":"clock.reload"}
/// {"seq":4,"src":"effect","action":"clock.timeResponse","request":1,"ok":"2026-11-29T03:45:12Z"}
/// {"seq":5,"src":"effect","action":"clock.timeResponse","request":2,"error":"timed out after 5 s"}
/// ```
///
/// **Adding a case**: the new case stops the compiler at ``encode(to:)``, or for a dog or weather
/// case at its feature's `encode(to:)` in AppActionLogPayloads.swift, where those payloads live.
/// Its new name in ``AppActionName`` stops it at ``init(logLine:)``. The compiler does not check
/// that the name is written: the round trip in `FeaturesTests` fails until every name occurs in
/// the actions `AppActionSamples` generates, so add the case there too. Read every field you
/// write.
/// A `Result` is `"ok":…` or `"error":"message"`; a struct payload is written as fields with a
/// prefix (`"place.name"`, `"place.latitude"`, …).
///
/// Reading checks what the app's effects would have checked: instants within the years
/// 0001…9999, places and weather reports within ``ValueRanges``; and the states in the log
/// (the header's, snapshots, the checkpoint, `restored`'s) are checked as a whole, by
/// ``AppState/logProblem``. So no log holds a value the REPL would have refused.
extension AppAction: LoggableAction {
  static let logNames = LogNames<AppActionName>()

  public func encode(to line: inout LogLineWriter) {
    switch self {
    case .launched(let date):
      line.action(AppActionName.launched)
      line.date("at", date)
    case .clock(.reload):
      line.action(AppActionName.clockReload)
    case .clock(.moveDay(let days)):
      line.action(AppActionName.clockMoveDay)
      line.int("days", days)
    case .clock(.timeResponse(let request, .success(let date))):
      line.action(AppActionName.clockTimeResponse)
      line.int("request", request)
      line.date("ok", date)
    case .clock(.timeResponse(let request, .failure(let failure))):
      line.action(AppActionName.clockTimeResponse)
      line.int("request", request)
      line.failure(failure)
    case .clock(.cancel):
      line.action(AppActionName.clockCancel)
    case .dog(let action):
      action.encode(to: &line)
    case .weather(let action):
      action.encode(to: &line)
    case .restored(let state):
      line.action(AppActionName.restored)
      line.state("state", state)
    }
  }

  public init(logLine line: inout LogLine) throws(LogLineError) {
    switch try line.action(in: Self.logNames) {
    case .launched:
      self = .launched(at: try line.instant("at"))
    case .clockReload:
      self = .clock(.reload)
    case .clockMoveDay:
      self = .clock(.moveDay(try line.int("days")))
    case .clockTimeResponse:
      let request = try line.int("request")
      if let failure = try line.failure() {
        self = .clock(.timeResponse(request: request, .failure(failure)))
      } else {
        self = .clock(.timeResponse(request: request, .success(try line.instant("ok"))))
      }
    case .clockCancel:
      self = .clock(.cancel)
    case .dogShow:
      self = .dog(.show(try line.optionalString("name")))
    case .dogAdopt:
      self = .dog(try DogAction.adoption(from: &line))
    case .weatherChangeLocation:
      self = .weather(.changeLocation(try line.string("name")))
    case .weatherGeocodeResponse:
      self = .weather(try WeatherAction.geocodeResponse(from: &line))
    case .weatherWeatherResponse:
      self = .weather(try WeatherAction.weatherResponse(from: &line))
    case .weatherCancel:
      self = .weather(.cancel)
    case .restored:
      self = .restored(try line.state("state", as: AppState.self))
    }
  }
}

// The failure side of every `Result` in the log: `"error":"message"`.

extension LogLineWriter {
  mutating func failure(_ failure: FetchFailure) {
    string("error", failure.message)
  }
}

extension LogLine {
  /// The instant in field `key`, which must be within the years 0001…9999 (``ValueRanges``), as
  /// every instant the app records is: `"at" is after the year 9999`.
  mutating func instant(_ key: String) throws(LogLineError) -> Date {
    let date = try date(key)
    if let problem = ValueRanges.problem(instant: date) {
      throw LogLineError("\"\(key)\" \(problem)", at: valueOffset(of: key))
    }
    return date
  }

  /// `value` if it is within ``ValueRanges``; otherwise the error at the field its problem names,
  /// under `prefix`: `"place.latitude" is 91.0, not within -90…90`.
  mutating func checked<Value>(_ value: Value, _ problem: RangeProblem?, prefix: String)
    throws(LogLineError) -> Value
  {
    guard let problem else { return value }
    let key = prefix + problem.path
    throw LogLineError("\"\(key)\" \(problem.reason)", at: valueOffset(of: key))
  }

  /// The failure the line records, or nil when it has no `"error"` field.
  mutating func failure() throws(LogLineError) -> FetchFailure? {
    // An optional read, not `has`: read in place, an absent field costs nothing to find absent.
    try optionalString("error").map { FetchFailure(message: $0) }
  }
}
