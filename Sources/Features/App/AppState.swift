import Foundation

/// Everything the screens show, in one value. Nothing but ``AppReducer`` changes it.
///
/// ```swift
/// let state = AppState(timeZone: TimeZone(identifier: "Asia/Seoul")!)
/// ```
public struct AppState: Equatable, Sendable, Codable {
  /// The clock screen, which also holds "now" as the app knows it.
  public var clock: ClockState

  /// The state before launch: the clock in `timeZone`, at the epoch until `launched` sets it.
  public init(timeZone: TimeZone) {
    self.clock = ClockState(timeZone: timeZone)
  }
}
