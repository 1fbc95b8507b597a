import Features
import Store

/// Every action the session's store has handled, with where it came from: what `:history`
/// lists and what `:undo` re-applies.
@MainActor
final class SessionHistory {
  /// Where an action came from.
  enum Source: String, Sendable {
    /// Sent by the app itself at launch.
    case launch
    /// From a command the user typed.
    case typed
    /// Sent by an effect.
    case effect
    /// `:undo`'s restoring action.
    case undo
  }

  /// An action and where it came from; its seq is its place in `entries`, from 1.
  struct Entry: Sendable {
    let source: Source
    let action: AppAction
  }

  private(set) var entries: [Entry] = []
  /// Where each typed command not yet undone begins in `entries`.
  private var commandStarts: [Int] = []
  /// The source recorded for the next action sent (rather than produced by an effect).
  private var nextSource = Source.launch
  private var observation: StoreObservation?

  func attach(to store: Store<AppState, AppAction>) {
    observation = store.observe { [weak self] action, origin, _ in
      guard let self else { return }
      let source = origin == .effect ? .effect : self.nextSource
      self.entries.append(Entry(source: source, action: action))
    }
  }

  /// The actions about to be sent come from a typed command.
  func beginTypedCommand() {
    commandStarts.append(entries.count)
    nextSource = .typed
  }

  /// The action about to be sent is `:undo`'s.
  func beginUndo() {
    nextSource = .undo
  }

  /// The state just before the last typed command not yet undone, computed by re-applying every
  /// earlier action to `initial` with `reducer`, effects dropped; nil if no typed command is
  /// left to undo. The command counts as undone.
  func stateBeforeLastCommand(from initial: AppState, reducer: AppReducer) -> AppState? {
    guard let start = commandStarts.popLast() else { return nil }
    var state = initial
    for entry in entries[..<start] { _ = reducer.reduce(into: &state, action: entry.action) }
    return state
  }

  /// `:history`'s lines: sequence number, source, action.
  func lines() -> [String] {
    let width = String(entries.count).count
    return entries.enumerated().map { index, entry in
      let seq = String(index + 1)
      let padded = String(repeating: " ", count: width - seq.count) + seq
      let source = entry.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
      return "\(padded)  \(source)  \(Self.describe(entry.action))"
    }
  }

  /// `:history` for `--json`: `{"seq": 1, "source": "launch", "action": "…"}` for each action.
  func json() -> [[String: Any]] {
    entries.enumerated().map { index, entry in
      ["seq": index + 1, "source": entry.source.rawValue, "action": Self.describe(entry.action)]
    }
  }

  /// An action on one line, at most 160 characters.
  static func describe(_ action: AppAction) -> String {
    if case .restored = action { return ".restored(…)" }
    let text = dumpLines(action).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
      .replacingOccurrences(of: " )", with: ")")
    return text.count > 160 ? String(text.prefix(159)) + "…" : text
  }
}
