import ActionLog
import Store

/// Why each action of a session happened, in the history's numbering: the store's
/// ``CauseLedger`` read as the history lists actions, with the typed line that sent them, and
/// each effect's start and end — what `:why`, `:history`'s cause column and `:html` show.
///
/// ```swift
/// let causes = SessionCauses(ledger: store.trackCauses())
/// causes.typedLine = 3; store.send(action); causes.typedLine = nil
/// causes.effect(4)   // (parent: 12, site: "Features/Search.swift:42")
/// ```
///
/// **Bounds.** Memory: one entry per effect started in the session (its parent and site) and
/// one per effect event; one per action that started an effect (its history seq). Each call is
/// O(1) amortised.
@MainActor
@usableFromInline
package final class SessionCauses {
  @usableFromInline let ledger: CauseLedger
  /// The input line being handled, while the actions a typed command sends are sent.
  @usableFromInline package var typedLine: Int?
  /// Each effect's parent (a history seq; nil when unknown) and site, by number: an opened
  /// log's sites as text, the session's as call sites (written out only when asked for).
  private var effects: [Int: (parent: Int?, site: Site?)] = [:]
  /// The history seq of each action (by ledger ordinal) that started an effect.
  private var seqByOrdinal: [Int: Int] = [:]
  /// The starts reported while their action was being reduced, before the history lists it.
  private var pendingStarts: [StoreEffectEvent] = []
  /// Each effect's start, end and cancellation, seqs in the history's numbering.
  package var events: [EffectEvent] {
    kept.map {
      EffectEvent($0.kind, effect: $0.effect, seq: $0.seq, site: $0.site?.text, clock: $0.clock)
    }
  }
  /// The events as kept: their sites written out only when ``events`` is read.
  private var kept:
    [(kind: EffectEvent.Kind, effect: Int, seq: Int, site: Site?, clock: Duration?)] = []

  /// Where an effect was written: a call site of this session, or an opened log's text.
  enum Site {
    case call(CallSite)
    case text(String)
    var text: String {
      switch self {
      case .call(let site): site.place
      case .text(let text): text
      }
    }
  }
  /// The history's last seq, for the events reported between actions.
  @usableFromInline var lastSeq = 0
  /// The ledger's ordinal of the last action the history listed.
  private var listedOrdinal = 0
  /// Whether travel is sending the store's actions now (their cause is `.travel`).
  package var travelling = false
  /// The app's clock since the session began, when the app has one (``CallRecording``).
  package var clock: (() -> Duration)?
  /// The dependency calls the app's effects made, each with the action its effect sent next.
  package private(set) var calls = EffectCalls()
  /// Where the calls answered since the last time come from (``CallRecording/takeKept()``),
  /// for an app with logged dependencies; nil: no calls are kept.
  package var callSource: (() -> [LoggedCall])?
  /// Told of each effect event as reported, with the ledger's ordinals (a recording maps them),
  /// by the number ``listen(_:)`` gave.
  private var listeners: [(number: Int, listener: (StoreEffectEvent) -> Void)] = []
  private var nextListener = 0

  @usableFromInline
  package init(ledger: CauseLedger) {
    self.ledger = ledger
    ledger.onEffect = { [unowned self] event in self.reported(event) }
  }

  /// The ledger's ordinal of the action being handled now.
  package var ordinal: Int { ledger.ordinal }

  /// The cause of the action being handled, as the store's ledger and the typed line say, its
  /// parent in the numbering `seq(ofOrdinal:)` gives.
  package func current(seq: (Int) -> Int?) -> ActionCause {
    switch ledger.current {
    case .sent:
      if travelling { return .travel }  // travel's own actions
      return typedLine.map { .typed(line: $0) } ?? .sent
    case .effect(let effect, let parent, let site):
      return .effect(EffectCause(effect: effect, parent: seq(parent), site: site?.place))
    }
  }

  /// The history listed the action being handled as `seq`.
  @usableFromInline
  func listed(seq: Int) {
    if callSource != nil { takeCalls(listing: seq) }
    lastSeq = seq
    listedOrdinal = ledger.ordinal
    guard ledger.startedEffects else { return }
    seqByOrdinal[ledger.ordinal] = seq
    for event in pendingStarts where event.ordinal == ledger.ordinal {
      record(event, seq: seq)
    }
    pendingStarts.removeAll { $0.ordinal == ledger.ordinal }
  }

  /// The history seq of the action the ledger numbers `ordinal`, if it started an effect.
  package func seq(ofOrdinal ordinal: Int) -> Int? { seqByOrdinal[ordinal] }

  /// The parent (history seq) and site of the effect kept under `key` (its number, or for an
  /// opened log's effect ``openedKeys`` more).
  package func effect(_ key: Int) -> (parent: Int?, site: String?)? {
    effects[key].map { ($0.parent, $0.site?.text) }
  }

  /// The history's tag for the action being handled (``HistoryPacked/tag``), without writing
  /// out its cause: its typed line; its effect's number; for a `.send`, its parent's seq with
  /// the top bit set.
  @usableFromInline
  func tag() -> UInt32 {
    switch ledger.current {
    case .sent:
      return travelling ? 0 : UInt32(clamping: typedLine ?? 0)
    case .effect(let effect, let parent, _):
      guard effect == 0 else { return UInt32(clamping: effect) & 0x7FFF_FFFF }
      return seqByOrdinal[parent].map { 0x8000_0000 | UInt32(clamping: $0) } ?? 0
    }
  }

  /// Where an opened log's effects are kept: above the session's own numbers, which start at 1.
  package static let openedKeys = 1 << 30

  /// The effect's number as its cause names it, from the key it is kept under.
  package static func number(ofKey key: Int) -> Int { key >= openedKeys ? key - openedKeys : key }

  /// Keeps an opened log's effect (its parent is a seq of the log, now the history's); the key
  /// its actions' history entries hold.
  package func registerOpened(_ cause: EffectCause) -> UInt32 {
    let key = Self.openedKeys + min(cause.effect, Self.openedKeys - 1)
    if effects[key] == nil { effects[key] = (cause.parent, cause.site.map(Site.text)) }
    return UInt32(key)
  }

  /// The opened log's effect events, whose seqs are the history's now.
  package func opened(_ logged: [EffectEvent]) {
    kept += logged.map { ($0.kind, $0.effect, $0.seq, $0.site.map(Site.text), $0.clock) }
  }

  /// Keeps the calls `recording` routes, if the app logs any dependency.
  @usableFromInline
  func keepCalls(from recording: CallRecording) {
    guard recording.logsCalls else { return }
    ledger.numbersTasks = true
    recording.keepForSession()
    callSource = recording.takeKept
  }

  /// Takes the calls answered since the last time (after the last action listed); with
  /// `seq`, the action being listed now, gives it those its effect made.
  package func takeCalls(listing seq: Int? = nil) {
    guard let callSource else { return }
    for call in callSource() { calls.add(call, after: lastSeq) }
    if let seq, case .effect(let effect, _, _) = ledger.current, effect > 0 {
      calls.sent(seq, by: effect)
    }
  }

  /// An opened log's calls, which `extras` reads in step with its `actions` actions: each given
  /// to the action its effect sent next (`cause` gives each action's cause), none to an action
  /// after its effect's end in `events`.
  ///
  /// **Bound:** one pass over the log's lines, and O(calls + events) more.
  package func opened(
    calls extras: inout LoggedExtras, actions: Int, events: [EffectEvent],
    cause: (Int) -> ActionCause?
  ) {
    var ends = events.filter { $0.kind != .start }[...]
    for call in extras.calls(after: 0) { calls.add(call, after: 0) }
    for seq in stride(from: 1, through: actions, by: 1) {
      if case .effect(let effect)? = cause(seq), effect.effect > 0 {
        calls.sent(seq, by: effect.effect)
      }
      for call in extras.calls(after: seq) { calls.add(call, after: seq) }
      while let end = ends.first, end.seq <= seq {
        calls.ended(end.effect)
        ends.removeFirst()
      }
    }
    calls.endAll()
  }

  /// Forgets the session so far (`:open`): what the history listed is gone.
  package func reset() {
    _ = callSource?()
    calls.reset()
    effects = [:]
    seqByOrdinal = [:]
    pendingStarts = []
    kept = []
    lastSeq = 0
    listedOrdinal = ledger.ordinal
  }

  private func reported(_ event: StoreEffectEvent) {
    let time = clock?()
    for listener in listeners { listener.listener(event) }
    switch event.kind {
    case .start:
      if event.ordinal == ledger.ordinal, seqByOrdinal[event.ordinal] == nil {
        pendingStarts.append(event)  // its action is being reduced: not listed yet
      } else {
        record(event, seq: seqByOrdinal[event.ordinal])
      }
    case .end, .cancel:
      if callSource != nil {
        takeCalls()
        calls.ended(event.effect)
      }
      // During an action not listed yet (it cancelled the effect, say), that action's seq.
      let seq = ledger.ordinal > listedOrdinal ? lastSeq + 1 : lastSeq
      kept.append((event.kind == .end ? .end : .cancel, event.effect, seq, nil, time))
    }
  }

  /// Tells `listener` of each effect event from now on, until ``stopListening(_:)`` with the
  /// number returned.
  package func listen(_ listener: @escaping (StoreEffectEvent) -> Void) -> Int {
    nextListener += 1
    listeners.append((nextListener, listener))
    return nextListener
  }

  package func stopListening(_ number: Int) { listeners.removeAll { $0.number == number } }

  private func record(_ start: StoreEffectEvent, seq: Int?) {
    let site = start.site.map(Site.call)
    effects[start.effect] = (seq, site)
    kept.append((.start, start.effect, seq ?? 0, site, clock?()))
  }
}

extension CallSite {
  /// `Module/File.swift:42`: where an effect was written, as causes name it.
  package var place: String { "\(fileID):\(line)" }
}
