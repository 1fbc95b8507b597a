import Foundation

/// Everything that can happen to the clock screen.
///
/// ```swift
/// store.send(.clock(.moveDay(-1)))   // yesterday
/// store.send(.clock(.reload))        // Loading.. then the current time
/// ```
public enum ClockAction: Equatable, Sendable, Codable {
  /// Fetch the current time; the screen shows `Loading..` until it arrives.
  case reload
  /// Move the shown date by a number of calendar days, keeping the wall-clock time.
  case moveDay(Int)
  /// The answer to `reload` number `request`.
  case timeResponse(request: Int, Result<Date, FetchFailure>)
  /// Stop waiting for a `reload` (the REPL's Ctrl-C): its answer will be ignored.
  case cancel
}
