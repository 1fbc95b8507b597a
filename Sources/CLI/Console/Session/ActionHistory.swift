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

  @usableFromInline var table = ActionTable<Action>()
  /// Describes the listings' actions (``describe(_:)``), knowing each type and case it met:
  /// one entry per type and enum case of the app's actions.
  let dumper = OneLineDumper()
  /// The app's reducer with effects off, as travel re-applies actions.
  let reapply: (inout State, Action) -> Void
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
  /// Why each action happened, when the session keeps causes: each entry's ``HistoryPacked/tag``
  /// is read against it.
  @usableFromInline package var causes: SessionCauses?

  /// A history starting at `initialState` that keeps at least the last `horizon` actions;
  /// `reduce` re-applies actions with effects off. It keeps a state every `checkpointInterval`
  /// actions (by default 1,000, or a tenth of the horizon if that is less).
  ///
  /// **Bounds.** Memory: 8 bytes per action kept (``ActionTable``), one copy of each distinct
  /// recent action, and one state per checkpoint interval; at most `horizon` plus one interval
  /// of actions are kept, however long the session runs.
  @usableFromInline
  package init(
    initialState: State, horizon: Int = historyDefaultHorizon,
    checkpointInterval: Int? = nil, reduce: @escaping (inout State, Action) -> Void
  ) {
    precondition(horizon > 0, "the history keeps at least one action")
    self.horizon = horizon
    self.reapply = reduce
    let table = self.table
    timeline = ActionTimeline(
      initialState: initialState,
      checkpointInterval: checkpointInterval ?? min(1000, max(1, horizon / 10))
    ) { state, packed in reduce(&state, table.action(packed.slot)) }
    storeState = initialState
  }

  /// Starts again from `state`, with no action (`:open`): the actions and states kept so far
  /// are dropped.
  package func reset(to state: State) {
    let table = ActionTable<Action>()
    self.table = table
    let reduce = reapply
    timeline = ActionTimeline(initialState: state, checkpointInterval: timeline.checkpointInterval)
    {
      state, packed in reduce(&state, table.action(packed.slot))
    }
    storeState = state
    position = 0
    hasTravelled = false
    nextSource = .launch
    startsCommand = false
  }

  /// Lists a step of an opened log: where it came from and its cause as the log says — a
  /// typed line (a command starts where the line changes), an effect, travel, a send from the
  /// app — or, in a log without causes, a sent action as a typed command of its own.
  package func appendOpened(
    _ step: LoggedStep<State, Action>, previousLine: inout Int?, causes: SessionCauses?
  ) {
    let source: Source
    var starts = false
    var tag: UInt32 = 0
    switch step.cause {
    case .typed(let line)?:
      source = .typed
      starts = line != previousLine
      previousLine = line
      tag = UInt32(clamping: line)
    case .sent?:
      source = .launch
    case .travel?:
      source = .travel
    case .effect(let effect)?:
      source = .effect
      if effect.effect == 0 {
        tag = effect.parent.map { 0x8000_0000 | UInt32(clamping: $0) } ?? 0
      } else if let causes {
        tag = causes.registerOpened(effect)
      }
    case nil:
      source = step.origin == .effect ? .effect : .typed
      starts = source == .typed
    }
    append(step.action, source: source, startsCommand: starts, resultingIn: step.state, tag: tag)
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

  /// Calls `body` with each position from ``firstPosition`` to ``count`` and the state there,
  /// in order, re-applying each action once: O(actions kept) reductions, however many.
  package func forEachState(_ body: (Int, State) -> Void) {
    let first = timeline.firstPosition
    var state = timeline.state(at: first)
    body(first, state)
    guard first < timeline.count else { return }
    for seq in (first + 1)...timeline.count {
      reapply(&state, table.action(timeline.action(seq).slot))
      body(seq, state)
    }
  }

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
    append(action, source: source, startsCommand: starts, resultingIn: state, tag: tag(source))
    causes?.listed(seq: timeline.count)
  }

  /// The cause of the action being handled, as ``HistoryPacked/tag`` packs it.
  @inlinable
  func tag(_ source: Source) -> UInt32 {
    guard let causes else { return 0 }
    return tagOf(causes, source)
  }

  @usableFromInline
  func tagOf(_ causes: SessionCauses, _ source: Source) -> UInt32 { causes.tag() }

  /// Why action `seq` happened (``firstPosition`` + 1 … ``count``): its typed line, the effect
  /// that sent it (with that effect's parent and site), or travel; nil for an effect's action
  /// whose effect is unknown (the session did not keep causes).
  package func cause(_ seq: Int) -> ActionCause? {
    let packed = timeline.action(seq)
    switch packed.source {
    case .launch: return .sent
    case .travel: return .travel
    case .typed: return packed.tag == 0 ? .sent : .typed(line: Int(packed.tag))
    case .effect:
      guard packed.tag != 0 else { return nil }
      if packed.tag & 0x8000_0000 != 0 {
        return .effect(
          EffectCause(effect: 0, parent: Int(packed.tag & 0x7FFF_FFFF), site: nil))
      }
      let key = Int(packed.tag)
      let origin = causes?.effect(key)
      return .effect(
        EffectCause(
          effect: SessionCauses.number(ofKey: key), parent: origin?.parent, site: origin?.site))
    }
  }

  @inlinable
  func append(
    _ action: Action, source: Source, startsCommand: Bool, resultingIn state: State,
    tag: UInt32 = 0
  ) {
    let packed = HistoryPacked(
      source: source, startsCommand: startsCommand, slot: table.intern(action), tag: tag)
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
    causes?.travelling = true
    defer {
      travelling = false
      causes?.travelling = false
    }
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
  /// number, source, cause (``causeColumn(_:)``), action.
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
    let cause = causeColumn(seq).padding(toLength: 8, withPad: " ", startingAt: 0)
    return "\(marker(seq)) \(padded)  \(source)  \(cause)  \(describe(entry))"
  }

  /// The cause column of action `seq`: `line 3` for a typed line, `of 12` for an effect's
  /// action (the seq whose effect sent it), `-` where there is nothing to say (launch, travel,
  /// an unknown parent).
  package func causeColumn(_ seq: Int) -> String { cause(seq).map(CauseColumn.text) ?? "-" }

  /// The seq of `:history`'s line `index`; nil for the first line, of the state before them.
  package func seq(ofLine index: Int) -> Int? {
    if hasFirstLine, index == 0 { return nil }
    return timeline.firstPosition + index + (hasFirstLine ? 0 : 1)
  }

  /// `:history`'s lines, all at once (tests; the REPL prints them one at a time).
  package func lines() -> [String] { (0..<lineCount).map(line) }
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
