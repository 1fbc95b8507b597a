/// The line being typed at the interactive prompt: insertion, deletion, cursor movement and
/// history, as a pure value. The terminal driver feeds it keys and draws it with a
/// ``PromptLine``.
///
/// ```swift
/// var editor = LineEditor(prompt: "uniflow> ")
/// _ = editor.handle(.character("n"))
/// _ = editor.handle(.character("o"))
/// editor.handle(.enter)   // .line("no")
/// ```
package struct LineEditor {
  package enum Event: Equatable {
    /// Return was pressed on this line.
    case line(String)
    /// Ctrl-C.
    case interrupt
    /// Ctrl-D on an empty line.
    case endOfInput
    /// Ctrl-L.
    case clearScreen
    /// Tab with several ways to go on: these, to show.
    case candidates([String])
  }

  package let prompt: TerminalText
  private(set) var text: [Character] = []
  private(set) var cursor = 0
  private(set) var history: [String] = []
  /// The history entry shown, or nil while editing a new line.
  private var browsing: Int?
  /// The new line being edited, kept while browsing history.
  private var draft: [Character] = []

  /// What Tab offers for the line up to the cursor (``Completion``).
  package var completer: ((String) -> Completion?)?

  package init(prompt: TerminalText) {
    self.prompt = prompt
  }

  /// The most lines the history keeps.
  package static let historyLimit = 1000

  /// Applies `key`; returns an event when the key ends or interrupts the line.
  package mutating func handle(_ key: Key) -> Event? {
    switch key {
    case .character(let character):
      text.insert(character, at: cursor)
      cursor += 1
    case .enter:
      let line = String(text)
      remember(line)
      text = []
      cursor = 0
      browsing = nil
      return .line(line)
    case .backspace:
      if cursor > 0 {
        cursor -= 1
        text.remove(at: cursor)
      }
    case .delete:
      if cursor < text.count { text.remove(at: cursor) }
    case .endOfInput:
      if text.isEmpty { return .endOfInput }
      if cursor < text.count { text.remove(at: cursor) }
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home: cursor = 0
    case .end: cursor = text.count
    case .up: showHistory(offset: -1)
    case .down: showHistory(offset: 1)
    case .killToStart:
      text.removeFirst(cursor)
      cursor = 0
    case .killToEnd:
      text.removeLast(text.count - cursor)
    case .deleteWord:
      var start = cursor
      while start > 0, text[start - 1].isWhitespace { start -= 1 }
      while start > 0, !text[start - 1].isWhitespace { start -= 1 }
      text.removeSubrange(start..<cursor)
      cursor = start
    case .interrupt:
      text = []
      cursor = 0
      browsing = nil
      return .interrupt
    case .clearScreen:
      return .clearScreen
    case .tab:
      return complete()
    case .ignored:
      break
    }
    return nil
  }

  /// Tab: the common start of what is offered is typed; when it adds nothing and there are
  /// several, they are shown.
  private mutating func complete() -> Event? {
    guard let completion = completer?(String(text[..<cursor])), completion.start <= cursor else {
      return nil
    }
    let prefix = Array(completion.commonPrefix)
    if prefix.count > cursor - completion.start {
      text.replaceSubrange(completion.start..<cursor, with: prefix)
      cursor = completion.start + prefix.count
      return nil
    }
    return completion.candidates.count > 1 ? .candidates(completion.candidates) : nil
  }

  private mutating func remember(_ line: String) {
    guard !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line else { return }
    history.append(line)
    if history.count > Self.historyLimit { history.removeFirst(history.count - Self.historyLimit) }
  }

  private mutating func showHistory(offset: Int) {
    guard !history.isEmpty else { return }
    let current = browsing ?? history.count
    let next = min(max(0, current + offset), history.count)
    guard next != current else { return }
    if browsing == nil { draft = text }
    browsing = next == history.count ? nil : next
    text = browsing.map { Array(history[$0]) } ?? draft
    cursor = text.count
  }
}

/// How many terminal columns text takes as uniflow shows it: East Asian wide characters
/// (Hangul, CJK, full-width forms, most emoji) take two, combining marks none, and a character
/// the terminal sanitiser escapes (``TerminalText/escape(_:)``) as many as its escape: `\u{1b}`
/// is six.
package enum DisplayWidth {
  package static func of(_ characters: some Sequence<Character>) -> Int {
    characters.reduce(0) { $0 + of($1) }
  }

  package static func of(_ character: Character) -> Int {
    if character.unicodeScalars.contains(where: TerminalText.needsEscape) {
      return TerminalText.escape(String(character)).unicodeScalars.count
    }
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }
}
