/// Draws the line being typed after the prompt, writing only what changed since the last
/// drawing: a key typed at the end of the line writes that character, a cursor move writes one
/// short escape sequence, and anything else redraws the part of the line that fits the
/// terminal's width, never more. So a paste writes about as many bytes as it has, not the
/// square of its length that redrawing the whole line after each key would write.
///
/// A line wider than the terminal scrolls sideways within one row (as linenoise's does), keeping
/// the cursor in view; text is shown as ``TerminalText`` escapes it, and counted in columns by
/// ``DisplayWidth``.
///
/// ```swift
/// var view = PromptLine(prompt: "uniflow> ", columns: 80)
/// let bytes = view.draw(text: Array("tomorrow"), cursor: 8)   // "\r\u{1B}[Kuniflow> tomorrow"
/// let more = view.draw(text: Array("tomorrow!"), cursor: 9)   // "!"
/// ```
package struct PromptLine {
  package let prompt: TerminalText
  /// The terminal's width in columns.
  package var columns: Int
  /// The index of the first character shown: more than 0 once the line has scrolled.
  private(set) var start = 0
  /// What is on screen after the prompt — from which character, the characters (a copy, at most
  /// a row's: holding a slice of the text would make every key typed copy the whole line), and
  /// the cursor (an index into the whole text) — as last drawn; nil when the line is not drawn
  /// (a new line, or output printed over it).
  private var shown: (start: Int, text: [Character], cursor: Int)?

  package init(prompt: TerminalText, columns: Int) {
    self.prompt = prompt
    self.columns = columns
  }

  /// Columns the prompt takes.
  private var promptWidth: Int { DisplayWidth.of(prompt.escaped) }

  /// Columns left for the text: the last column stays empty, so that the terminal never wraps.
  private var room: Int { max(8, columns - promptWidth - 1) }

  /// The line is no longer on screen (Return, or output printed over it): the next drawing is a
  /// whole one, and a new line starts scrolled to its beginning.
  package mutating func forget(resettingScroll: Bool = false) {
    shown = nil
    if resettingScroll { start = 0 }
  }

  /// What to write so that the terminal shows `text` with the cursor before `text[cursor]`.
  package mutating func draw(text: [Character], cursor: Int) -> TerminalText {
    scroll(to: cursor, in: text)
    var end = start
    var width = 0
    while end < text.count, width + DisplayWidth.of(text[end]) <= room {
      width += DisplayWidth.of(text[end])
      end += 1
    }
    let visible = text[start..<end]
    let cursorColumn = DisplayWidth.of(text[start..<cursor])
    defer { shown = (start, Array(visible), cursor) }
    if let shown, shown.start == start {
      let shownEnd = start + shown.text.count
      if visible.elementsEqual(shown.text) {
        // Only the cursor moved.
        return move(from: DisplayWidth.of(text[start..<min(shown.cursor, end)]), to: cursorColumn)
      }
      // Typed (or pasted) at the end: only the new characters.
      if shown.cursor == shownEnd, cursor == end, end > shownEnd, visible.starts(with: shown.text) {
        return Self.shown(text[shownEnd..<end])
      }
    }
    let back = width - cursorColumn
    return "\r\u{1B}[K" + prompt + Self.shown(visible) + (back > 0 ? "\u{1B}[\(back)D" : "")
  }

  /// Moves `start` so that the cursor is in view. When it has left the shown part, the line
  /// scrolls by half the room at once, so that typing on at the end redraws the line once every
  /// so many keys rather than at every key.
  private mutating func scroll(to cursor: Int, in text: [Character]) {
    start = min(start, text.count)
    if cursor < start {
      start = first(showing: cursor, within: room / 2, in: text)
    } else if DisplayWidth.of(text[start..<cursor]) > room - 1 {
      start = first(showing: cursor, within: room / 2, in: text)
    }
  }

  /// The first of the characters before `cursor` that fit in `columns`.
  private func first(showing cursor: Int, within columns: Int, in text: [Character]) -> Int {
    var first = cursor
    var width = 0
    while first > 0, width + DisplayWidth.of(text[first - 1]) <= columns {
      width += DisplayWidth.of(text[first - 1])
      first -= 1
    }
    return first
  }

  /// The cursor moved within the shown text.
  private func move(from column: Int, to target: Int) -> TerminalText {
    if target < column { return "\u{1B}[\(column - target)D" }
    if target > column { return "\u{1B}[\(target - column)C" }
    return ""
  }

  /// Characters as the terminal shows them, escaped.
  private static func shown(_ characters: ArraySlice<Character>) -> TerminalText {
    TerminalText(String(characters))
  }
}
