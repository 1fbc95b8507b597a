import Foundation

/// Everything the screens show, in one value. Nothing but ``AppReducer`` changes it.
///
/// ```swift
/// let state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
/// ```
public struct AppState: Equatable, Sendable, Codable {
  /// The clock screen, which also holds "now" as the app knows it.
  public var clock: ClockState
  /// The dog screen. Its dogs' ages are counted to the clock's day.
  public var dog: DogState
  /// The weather screen.
  public var weather: WeatherState

  /// The state before launch: the clock in `timeZone`, at the epoch until `launched` sets it; no
  /// dogs until `launched` brings the example's; no location until one is asked for.
  public init(timeZone: TimeZone) {
    self.clock = ClockState(timeZone: timeZone)
    self.dog = DogState()
    self.weather = WeatherState()
  }

  /// The state of the three screens as given: for a reader that has read each (a log's).
  package init(clock: ClockState, dog: DogState, weather: WeatherState) {
    self.clock = clock
    self.dog = dog
    self.weather = weather
  }

  /// The day the clock screen shows, in the clock's zone: "today" as the app knows it.
  public var today: CalendarDay { clock.today }

}
