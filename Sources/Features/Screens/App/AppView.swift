import Foundation

/// One screen's display line, e.g. `clock: 2026년 11월 29일 12시 45분`.
public struct ScreenLine: Equatable, Sendable {
  /// The screen's name: `clock`, `dog` or `weather`.
  public let screen: String
  /// What the screen shows.
  public let text: String

  public init(screen: String, text: String) {
    self.screen = screen
    self.text = text
  }

  /// `screen: text`, as the REPL prints it.
  public var rendered: String { "\(screen): \(text)" }
}

/// Every screen of the app as display lines, in a fixed order. The REPL prints the ones that
/// changed after each action.
///
/// ```swift
/// for line in AppView(state: store.state).screens { print(line.rendered) }
/// ```
public struct AppView: Equatable, Sendable {
  /// The screens in display order.
  public let screens: [ScreenLine]

  /// Derives every screen from `state`.
  public init(state: AppState) {
    screens = [
      ScreenLine(screen: "clock", text: ClockViewModel(state: state.clock).text),
      ScreenLine(screen: "dog", text: DogViewModel(state: state.dog, today: state.today).text),
      ScreenLine(screen: "weather", text: WeatherViewModel(state: state.weather).text),
    ]
  }

  /// The names of every screen, in display order: read off the screens of a state before launch,
  /// so that they are written once, in ``init(state:)``.
  public static let screenNames = AppView(state: AppState(timeZone: .gmt)).screens.map(\.screen)
}
