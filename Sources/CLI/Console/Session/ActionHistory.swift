import ActionLog
import Store

/// Every action the session's store has handled, with where it came from, and which of the
/// session's states the screens show: what `:history` lists and what `:back`, `:forward`,
/// `:goto`, `:undo` and `:diff` travel through.
///
/// Position `n` is the state after the action numbered `n` (from 1, as `:history` numbers them);
/// position 0 the state before the first. While the screens show the last state, ``position``
/// is ``count``. Travelling sends a `restored` action to the store (so a recording replays to
/// the same screens) that the history does not list — or, for an app without one, sets the
/// store's state directly: it moves ``position`` instead. The first
/// action handled after travelling back drops the states after ``position`` and continues from
/// there.
@MainActor
@usableFromInline
package final class ActionHistory<State: Equatable & Sendable, Action: Equatable & Sendable> {
  /// Where an action came from.
  @usableFromInline package typealias Source = HistorySource

  /// An action and where it came from.
  package struct Entry {
    package let source: Source
    package let action: Action
  }

  /// The default of `--history`: how many actions a session keeps for travel.
  package nonisolated static var defaultHorizon: Int { historyDefaultHorizon }

  @usableFromInline let table = ActionTable<Action>()
  @usableFromInline var timeline: ActionTimeline<State, HistoryPacked>
  /// The action that restores a state travel showed, recorded when the session moves on from
  /// it (the app's ``ConsoleApp/restoring(_:)``).
  @usableFromInline package var restoring: ((State) -> Action?)?
  /// The actions that mark what was loading in a state as cancelled (the app's
  /// ``ConsoleApp/cancellations(in:)``): for an app without ``restoring``, what is recorded when
  /// the session moves on from a state travel showed.
  @usableFromInline package var cancellations: ((State) -> [Action])?

  /// How many actions the history keeps at least: older ones are dropped, whole checkpoint
  /// intervals at a time.
  @usableFromInline package let horizon: Int
  /// The position whose state the screens show.
  @usableFromInline package internal(set) var position = 0
  /// The source recorded for the next action sent (rather than produced by an effect).
  @usableFromInline var nextSource = Source.launch
  /// Whether the next action sent begins a typed command.
  @usableFromInline var startsCommand = false
  /// The state the store holds now, which after travel may differ from the timeline's.
  @usableFromInline var storeState: State
  /// Whether the store's actions are travel's own, not to be listed.
  @usableFromInline var travelling = false
  /// Whether travel has moved the store since the last action listed.
  @usableFromInline var hasTravelled = false
  @usableFromInline var observation: StoreObservation?

  /// A history starting at `initialState` that keeps at least the last `horizon` actions;
  /// `reduce` re-applies actions with effects off. It keeps a state every `checkpointInterval`
  /// actions (by default 1,000, or a tenth of the horizon if that is less).
  ///
  /// **Bounds.** Memory: 4 bytes per action kept (``ActionTable``), one copy of each distinct
  /// recent action, and one state per checkpoint interval; at most `horizon` plus one interval
  /// of actions are kept, however long the session runs.
  @usableFromInline
  package init(
    initialState: State, horizon: Int = historyDefaultHorizon,
    checkpointInterval: Int? = nil, reduce: @escaping (inout State, Action) -> Void
  ) {
    precondition(horizon > 0, "the history keeps at least one action")
    self.horizon = horizon
    let table = self.table
    timeline = ActionTimeline(
      initialState: initialState,
      checkpointInterval: checkpointInterval ?? min(1000, max(1, horizon / 10))
    ) { state, packed in reduce(&state, table.action(packed.slot)) }
    storeState = initialState
  }

  /// How many actions the session has had (after travelling back, counting the states ahead).
  package var count: Int { timeline.count }

  /// The oldest position the history still has: 0 until the session outgrows ``horizon``.
  package var firstPosition: Int { timeline.firstPosition }

  /// The entry of the action numbered `seq` (``firstPosition`` + 1 … ``count``).
  package func entry(_ seq: Int) -> Entry {
    let packed = timeline.action(seq)
    return Entry(source: packed.source, action: table.action(packed.slot))
  }

  /// The state at `position` (``firstPosition`` … ``count``), re-applied from the nearest
  /// checkpoint.
  package func state(at position: Int) -> State { timeline.state(at: position) }

  /// How many bytes the history's actions take (entries and the table's distinct actions, not
  /// the checkpoints): what `uniflow-bench` divides by the number of actions.
  package var actionBytes: Int {
    (timeline.count - timeline.firstPosition) * MemoryLayout<HistoryPacked>.stride
      + table.slotsInUse * (MemoryLayout<Action>.stride + MemoryLayout<UInt32>.stride)
  }

  /// Lists every action `store` handles from now on. Inlinable, with the per-action path below,
  /// so that the app's executable specialises them (see ``ConsoleSession``).
  @inlinable
  package func attach(to store: Store<State, Action>) {
    observation = store.observe { [weak self] action, origin, state in
      self?.handled(action, origin: origin, resultingIn: state)
    }
  }

  @inlinable
  func handled(_ action: Action, origin: ActionOrigin, resultingIn state: State) {
    defer { storeState = state }
    if travelling { return }
    if hasTravelled { continueFromPosition() }
    let source = origin == .effect ? .effect : nextSource
    let starts = source == .typed && startsCommand
    if starts { startsCommand = false }
    append(action, source: source, startsCommand: starts, resultingIn: state)
  }

  @inlinable
  func append(
    _ action: Action, source: Source, startsCommand: Bool, resultingIn state: State
  ) {
    let packed = HistoryPacked(
      source: source, startsCommand: startsCommand, slot: table.intern(action))
    timeline.append(packed, resultingIn: state)
    position = timeline.count
    if timeline.count - timeline.firstPosition >= horizon + timeline.checkpointInterval {
      for dropped in timeline.removeActions(before: timeline.count - horizon) {
        table.release(dropped.slot)
      }
    }
  }

  /// The store moves on from a state travel showed: the states ahead are dropped, and the
  /// screens as shown (with what was loading cancelled) become a state of their own.
  @usableFromInline
  func continueFromPosition() {
    hasTravelled = false
    if position < timeline.count {
      for seq in (position + 1)...timeline.count { table.release(timeline.action(seq).slot) }
    }
    timeline.removeActions(after: position)
    guard storeState != timeline.lastState else { return }
    if let restoring = restoring?(storeState) {
      append(restoring, source: .travel, startsCommand: false, resultingIn: storeState)
    } else {
      // Travel set the store's state to the timeline's with these actions applied.
      for action in cancellations?(timeline.lastState) ?? [] {
        timeline.append(
          HistoryPacked(source: .travel, startsCommand: false, slot: table.intern(action)))
      }
      position = timeline.count
    }
  }

  /// The actions about to be sent come from a typed command.
  @usableFromInline
  package func beginTypedCommand() {
    nextSource = .typed
    startsCommand = true
  }

  /// Runs `body`, whose actions travel sends to the store; they are not listed.
  package func travel(_ body: () -> Void) {
    travelling = true
    hasTravelled = true
    defer { travelling = false }
    body()
  }

  /// Travel set the store's state to `state` without an action (``Store/replaceState(with:)``).
  package func travelled(to state: State) {
    hasTravelled = true
    storeState = state
  }

  /// Moves the current position to `position`; travel then restores its state.
  package func move(to position: Int) {
    precondition(timeline.firstPosition <= position && position <= timeline.count)
    self.position = position
  }

  /// The position just before the last typed command that begins before the current position:
  /// where `:undo` goes; nil if there is none among the actions kept. O(actions since that
  /// command).
  package var positionBeforeLastCommand: Int? {
    var seq = position
    while seq > timeline.firstPosition {
      if timeline.action(seq).startsCommand { return seq - 1 }
      seq -= 1
    }
    return nil
  }

  /// How many lines `:history` prints: one per action kept, and a first line for the state
  /// before them when the screens show it (the start, or the oldest state kept).
  package var lineCount: Int {
    timeline.count - timeline.firstPosition + (hasFirstLine ? 1 : 0)
  }

  private var hasFirstLine: Bool { position == 0 || timeline.firstPosition > 0 }

  /// `:history`'s line `index` (0 ..< ``lineCount``): a `>` at the state shown, sequence
  /// number, source, action.
  package func line(_ index: Int) -> String {
    let width = String(timeline.count).count
    let marker = { (seq: Int) in seq == self.position ? ">" : " " }
    if hasFirstLine, index == 0 {
      let first = timeline.firstPosition
      let what =
        first == 0
        ? "(start)"
        : "(seq 1…\(first) dropped: the history keeps the last \(horizon) actions, --history)"
      return "\(marker(first)) " + String(repeating: " ", count: width) + "  \(what)"
    }
    let seq = timeline.firstPosition + index + (hasFirstLine ? 0 : 1)
    let entry = self.entry(seq)
    let number = String(seq)
    let padded = String(repeating: " ", count: width - number.count) + number
    let source = entry.source.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
    return "\(marker(seq)) \(padded)  \(source)  \(describe(entry))"
  }

  /// `:history`'s lines, all at once (tests; the REPL prints them one at a time).
  package func lines() -> [String] { (0..<lineCount).map(line) }

  /// `:history` for `--json`, item `index` (0 ..< number of actions kept), as JSON text:
  /// `{"action":"…","seq":1,"source":"launch"}`, with `"current":true` on the state shown.
  ///
  /// Bound: O(length of the item) once its action is described, and an action is described
  /// once per listing while it recurs among the last ``DescriptionCache/capacity`` distinct
  /// ones (``describe(_:)`` walks it with `Mirror`): a listing of N entries is O(N) JSON plus
  /// one description per distinct run of actions, in memory for at most that many
  /// descriptions.
  package func jsonEntry(_ index: Int, descriptions: DescriptionCache) -> String {
    let seq = timeline.firstPosition + index + 1
    let packed = timeline.action(seq)
    let action = descriptions.text(of: packed.slot, travel: packed.source == .travel) {
      describe(Entry(source: packed.source, action: table.action(packed.slot)))
    }
    return #"{"action":"# + JSONLine.string(action)
      + (seq == position ? #","current":true"# : "")
      + #","seq":\#(seq),"source":"# + JSONLine.string(packed.source.rawValue) + "}"
  }

  /// The descriptions of the actions one `:history --json` listing has written, by table slot:
  /// the last ``capacity`` distinct ones, so that an action that recurs is described once.
  package final class DescriptionCache {
    /// The most descriptions kept; past it the cache starts again, empty.
    package static var capacity: Int { 1_024 }
    private var texts: [Int: String] = [:]

    package init() {}

    /// The description of the action in `slot` (told apart for travel, which is described by
    /// its name alone), made by `describe` the first time.
    func text(of slot: Int, travel: Bool, _ describe: () -> String) -> String {
      let key = slot << 1 | (travel ? 1 : 0)
      if let text = texts[key] { return text }
      if texts.count >= Self.capacity { texts.removeAll(keepingCapacity: true) }
      let text = describe()
      texts[key] = text
      return text
    }
  }

  /// An entry's action on one line: travel's own actions by their name alone (`.restored(…)`),
  /// the state they carry left out.
  package func describe(_ entry: Entry) -> String {
    guard entry.source == .travel else { return Self.describe(entry.action) }
    let name = Self.describe(entry.action).prefix { $0 != "(" }
    return name + "(…)"
  }

  /// An action on one line, at most 160 characters.
  package static func describe(_ action: Action) -> String {
    let text = dumpLines(action).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ").replacingOccurrences(of: "( ", with: "(")
      .replacingOccurrences(of: " )", with: ")")
    return text.count > 160 ? String(text.prefix(159)) + "…" : text
  }
}

/// Where an action in a session's history came from.
@usableFromInline
package enum HistorySource: String, Sendable {
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

/// The default of `--history`: how many actions a session keeps for travel.
@usableFromInline package let historyDefaultHorizon = 1_000_000
