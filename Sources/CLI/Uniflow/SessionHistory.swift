import ActionLog
import Features
import Store

/// Every action the session's store has handled, with where it came from, and which of the
/// session's states the screens show: what `:history` lists and what `:back`, `:forward`,
/// `:goto`, `:undo` and `:diff` travel through.
///
/// Position `n` is the state after the action numbered `n` (from 1, as `:history` numbers them);
/// position 0 the state before the first. While the screens show the last state, ``position``
/// is ``count``. Travelling sends a `restored` action to the store (so a recording replays to
/// the same screens) that the history does not list: it moves ``position`` instead. The first
/// action handled after travelling back drops the states after ``position`` and continues from
/// there.
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
    /// Restores the screens travel showed, where that differs from the recorded state (what was
    /// loading there had been cancelled).
    case travel
  }

  /// An action and where it came from.
  struct Entry: Sendable {
    let source: Source
    let action: AppAction
  }

  private var timeline: ActionTimeline<AppState, Entry>
  /// The position whose state the screens show.
  private(set) var position = 0
  /// The positions where typed commands not yet travelled over begin.
  private var commandStarts: [Int] = []
  /// The source recorded for the next action sent (rather than produced by an effect).
  private var nextSource = Source.launch
  /// Whether the next action sent begins a typed command.
  private var startsCommand = false
  /// The state the store holds now, which after travel may differ from the timeline's.
  private var storeState: AppState
  /// Whether the store's actions are travel's own, not to be listed.
  private var travelling = false
  /// Whether travel has moved the store since the last action listed.
  private var hasTravelled = false
  private var observation: StoreObservation?

  /// A history starting at `initialState`; `reduce` re-applies actions with effects off.
  init(
    initialState: AppState, checkpointInterval: Int = 1000,
    reduce: @escaping (inout AppState, AppAction) -> Void
  ) {
    timeline = ActionTimeline(
      initialState: initialState, checkpointInterval: checkpointInterval
    ) { state, entry in reduce(&state, entry.action) }
    storeState = initialState
  }

  /// How many actions the session has (after travelling back, counting the states ahead).
  var count: Int { timeline.count }

  /// The entry of the action numbered `seq` (1…``count``).
  func entry(_ seq: Int) -> Entry { timeline.actions[seq - 1] }

  /// The state at `position` (0…``count``), re-applied from the nearest checkpoint.
  func state(at position: Int) -> AppState { timeline.state(at: position) }

  func attach(to store: Store<AppState, AppAction>) {
    observation = store.observe { [weak self] action, origin, state in
      self?.handled(action, origin: origin, resultingIn: state)
    }
  }

  private func handled(_ action: AppAction, origin: ActionOrigin, resultingIn state: AppState) {
    defer { storeState = state }
    if travelling { return }
    if hasTravelled { continueFromPosition() }
    let source = origin == .effect ? .effect : nextSource
    if source == .typed, startsCommand {
      commandStarts.append(timeline.count)
      startsCommand = false
    }
    timeline.append(Entry(source: source, action: action), resultingIn: state)
    position = timeline.count
  }

  /// The store moves on from a state travel showed: the states ahead are dropped, and the
  /// screens as shown (with what was loading cancelled) become a state of their own.
  private func continueFromPosition() {
    hasTravelled = false
    timeline.removeActions(after: position)
    commandStarts.removeAll { $0 >= position }
    if storeState != timeline.lastState {
      timeline.append(
        Entry(source: .travel, action: .restored(storeState)), resultingIn: storeState)
    }
  }

  /// The actions about to be sent come from a typed command.
  func beginTypedCommand() {
    nextSource = .typed
    startsCommand = true
  }

  /// Runs `body`, whose actions travel sends to the store; they are not listed.
  func travel(_ body: () -> Void) {
    travelling = true
    hasTravelled = true
    defer { travelling = false }
    body()
  }

  /// Moves the current position to `position`; travel then restores its state.
  func move(to position: Int) {
    precondition(0 <= position && position <= timeline.count)
    self.position = position
  }

  /// The position just before the last typed command that begins before the current position:
  /// where `:undo` goes; nil if there is none.
  var positionBeforeLastCommand: Int? {
    commandStarts.last { $0 < position }
  }

  /// `:history`'s lines: a `>` at the state shown, sequence number, source, action.
  func lines() -> [String] {
    let width = String(timeline.count).count
    var lines = timeline.actions.enumerated().map { index, entry in
      let seq = String(index + 1)
      let padded = String(repeating: " ", count: width - seq.count) + seq
      let source = entry.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
      let marker = index + 1 == position ? ">" : " "
      return "\(marker) \(padded)  \(source)  \(Self.describe(entry.action))"
    }
    if position == 0 {
      lines.insert("> " + String(repeating: " ", count: width) + "  (start)", at: 0)
    }
    return lines
  }

  /// `:history` for `--json`: `{"seq": 1, "source": "launch", "action": "…"}` for each action,
  /// with `"current": true` on the state shown.
  func json() -> [[String: Any]] {
    timeline.actions.enumerated().map { index, entry in
      var object: [String: Any] = [
        "seq": index + 1, "source": entry.source.rawValue, "action": Self.describe(entry.action),
      ]
      if index + 1 == position { object["current"] = true }
      return object
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
