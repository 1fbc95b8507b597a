import Console
import Features

extension Console {
  /// Prints `line` as its screen's display (``Console/screen(_:text:)``).
  func screen(_ line: ScreenLine) { screen(line.screen, text: line.text) }
}
