import Foundation
import Store

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
    screens = Screen.all.map { ScreenLine(screen: $0.name, text: $0.text(state)) }
  }

  /// The names of every screen, in display order.
  public static let screenNames = Screen.all.map(\.name)
}

/// One screen of the app: its name, and its line as its view model derives it from the part of
/// the state it shows. The one list of screens: ``AppView`` and the REPL's renderer both read it.
///
/// ```swift
/// let clock = Screen.all[0]
/// clock.text(state)   // "2026년 11월 29일 12시 45분"
/// let watching = clock.watch(store) { print("clock:", $0) }   // at once, then on change
/// ```
public struct Screen: Sendable {
  /// `clock`, `dog` or `weather`.
  public let name: String
  /// The screen's line for `state`.
  public let text: @Sendable (AppState) -> String
  /// Calls back with the line now, then each time the part of the store's state the screen shows
  /// changes — and only then, so that the other screens' actions cost one comparison.
  public let watch:
    @MainActor (Store<AppState, AppAction>, @escaping (String) -> Void) -> StoreObservation

  init<Part: Equatable & Sendable>(
    _ name: String, shows part: @escaping @Sendable (AppState) -> Part,
    text: @escaping @Sendable (Part) -> String
  ) {
    self.name = name
    self.text = { text(part($0)) }
    self.watch = { store, onChange in store.observe({ part($0) }) { onChange(text($0)) } }
  }

  /// The app's screens, in display order.
  public static let all = [
    Screen("clock", shows: \.clock) { ClockViewModel(state: $0).text },
    Screen("dog", shows: { DogPart(dog: $0.dog, clock: $0.clock) }) {
      DogViewModel(state: $0.dog, today: $0.clock.today).text
    },
    Screen("weather", shows: \.weather) { WeatherViewModel(state: $0).text },
  ]
}

/// What the dog screen depends on: the dogs, and the clock (the dogs age with its day).
struct DogPart: Equatable, Sendable {
  var dog: DogState
  var clock: ClockState
}
