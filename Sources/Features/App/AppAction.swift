import Foundation
import Store

/// Every change to ``AppState`` is one of these.
///
/// ```swift
/// store.send(.launched(at: Date()))
/// store.send(.clock(.moveDay(1)))
/// ```
public enum AppAction: Equatable, Sendable {
  /// The app started at this instant; the clock shows it.
  case launched(at: Date)
  /// Something on the clock screen.
  case clock(ClockAction)
}

extension ActionCase where Root == AppAction, Value == ClockAction {
  /// `AppAction.clock`, for scoping.
  public static let clock = ActionCase(embed: AppAction.clock) {
    if case .clock(let action) = $0 { action } else { nil }
  }
}
