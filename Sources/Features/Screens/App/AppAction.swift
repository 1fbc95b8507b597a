import Foundation
import Store

/// Every change to ``AppState`` is one of these.
///
/// ```swift
/// store.send(.launched(at: Date()))
/// store.send(.clock(.moveDay(1)))
/// store.send(.weather(.changeLocation("Seoul")))
/// ```
public enum AppAction: Equatable, Sendable, Codable {
  /// The app started at this instant; the clock shows it.
  case launched(at: Date)
  /// Something on the clock screen.
  case clock(ClockAction)
  /// Something on the dog screen.
  case dog(DogAction)
  /// Something on the weather screen.
  case weather(WeatherAction)
  /// Put every screen back as it was: the REPL's `:undo`, which computes the earlier state by
  /// re-applying the session's earlier actions with effects off, and records it as an action so
  /// that a log of the session still replays to the same screens.
  indirect case restored(AppState)
}

extension ActionCase where Root == AppAction, Value == ClockAction {
  /// `AppAction.clock`, for scoping.
  public static let clock = ActionCase(embed: AppAction.clock) {
    if case .clock(let action) = $0 { action } else { nil }
  }
}

extension ActionCase where Root == AppAction, Value == DogAction {
  /// `AppAction.dog`, for scoping.
  public static let dog = ActionCase(embed: AppAction.dog) {
    if case .dog(let action) = $0 { action } else { nil }
  }
}

extension ActionCase where Root == AppAction, Value == WeatherAction {
  /// `AppAction.weather`, for scoping.
  public static let weather = ActionCase(embed: AppAction.weather) {
    if case .weather(let action) = $0 { action } else { nil }
  }
}
