/// A whitespace-separated word of a line and the column (1-based, in characters) it starts at.
package struct Word: Equatable, Sendable {
  package let text: String
  package let column: Int

  package init(text: String, column: Int) {
    self.text = text
    self.column = column
  }

  package static func split(_ line: String) -> [Word] {
    var words: [Word] = []
    var current = ""
    var start = 0
    for (index, character) in line.enumerated() {
      if character.isWhitespace {
        if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
        current = ""
      } else {
        if current.isEmpty { start = index }
        current.append(character)
      }
    }
    if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
    return words
  }

  /// `text` made safe to echo in one line: control characters escaped, long text shortened.
  package static func display(_ text: String) -> String {
    var shown = ""
    for scalar in text.unicodeScalars.prefix(40) {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{FFFD}" {
        shown += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return text.unicodeScalars.count > 40 ? shown + "…" : shown
  }
}
