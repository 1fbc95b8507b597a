/// One screen's line: its name and what it shows, printed as `name: text`.
///
/// ```swift
/// ConsoleScreen("clock", "2026년 11월 29일 12시 45분").rendered   // "clock: 2026년 …"
/// ```
public struct ConsoleScreen: Equatable, Sendable {
  /// The screen's name, e.g. `clock`.
  ///
  /// ```swift
  /// ConsoleScreen("count", "3").name   // "count"
  /// ```
  public var name: String
  /// What it shows.
  ///
  /// ```swift
  /// ConsoleScreen("count", "3").text   // "3"
  /// ```
  public var text: String

  /// The screen called `name` showing `text`.
  ///
  /// ```swift
  /// let line = ConsoleScreen("count", "3")
  /// ```
  public init(_ name: String, _ text: String) {
    self.name = name
    self.text = text
  }

  /// `name: text`.
  ///
  /// ```swift
  /// ConsoleScreen("count", "3").rendered   // "count: 3"
  /// ```
  public var rendered: String { "\(name): \(text)" }
}

extension Console {
  /// Prints `line` as its screen's display.
  package func screen(_ line: ConsoleScreen) { screen(line.name, text: line.text) }
}
