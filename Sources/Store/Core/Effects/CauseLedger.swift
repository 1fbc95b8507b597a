/// Why each action a root store handles happened, and when each of its effects started and
/// ended: what a console turns into `:why`, the history's cause column and a log's causes.
///
/// Off unless asked for (``Store/trackCauses()``): a store without one pays a nil check per
/// action. With one, the store tells it of each action before reducing it (``begin(_:)``), and
/// the executor of each effect task's start and end and of each action an effect delivers.
/// Observers read ``current`` and ``ordinal`` while they are told of the action.
///
/// ```swift
/// let ledger = store.trackCauses()
/// ledger.onEffect = { event in print(event.kind, event.effect, event.ordinal) }
/// let observation = store.observe { _, _, _ in print(ledger.ordinal, ledger.current) }
/// ```
@MainActor
@usableFromInline
package final class CauseLedger {
  /// How many actions the store has begun, the one being handled included: that action's
  /// number in the store's life (not a log's seq, which a console maps it to).
  package private(set) var ordinal = 0
  /// Why the action being handled happened.
  package private(set) var current = StoreCause.sent
  /// Whether an effect (a task, a concatenation, a `.send`) was started while handling the
  /// action numbered ``ordinal``: whether a later cause may name it as a parent.
  package private(set) var startedEffects = false
  /// Whether each effect task runs with its number in ``RunningEffect/number`` (for an app
  /// whose dependency calls are kept: a task-local value costs each task's start).
  package var numbersTasks = false
  /// Told of each effect task's start, end and cancellation, as it happens.
  package var onEffect: ((StoreEffectEvent) -> Void)?
  /// The causes of the actions effects delivered that the store has not begun yet, oldest
  /// first from ``head``: the store handles them in the order they were delivered.
  private var delivered: [StoreCause] = []
  private var head = 0

  package init() {}

  /// The store begins an action that came from `origin`.
  @usableFromInline
  func begin(_ origin: ActionOrigin) {
    ordinal += 1
    startedEffects = false
    guard origin == .effect, head < delivered.count else {
      current = .sent
      return
    }
    current = delivered[head]
    head += 1
    if head == delivered.count {
      delivered.removeAll(keepingCapacity: true)
      head = 0
    }
  }

  /// An effect delivers an action, which the store handles next or queues.
  func delivering(_ cause: StoreCause) {
    if case .effect(_, let parent, _) = cause, parent == ordinal { startedEffects = true }
    delivered.append(cause)
  }

  /// An effect task `number`, written at `site`, started on behalf of action `parent`.
  func started(_ number: UInt64, parent: Int, site: CallSite?, isTask: Bool) {
    if parent == ordinal { startedEffects = true }
    guard isTask else { return }
    onEffect?(StoreEffectEvent(kind: .start, effect: Int(number), ordinal: parent, site: site))
  }

  /// Effect task `number` finished, or was cancelled.
  func ended(_ number: UInt64, cancelled: Bool) {
    onEffect?(
      StoreEffectEvent(kind: cancelled ? .cancel : .end, effect: Int(number), ordinal: ordinal))
  }
}

/// The number of the effect task running now, as a ``CauseLedger`` numbers it: set in the
/// tasks (and their child tasks) of a store whose ledger says ``CauseLedger/numbersTasks``, so
/// that a dependency call can say which effect made it. nil elsewhere.
///
/// ```swift
/// let effect = RunningEffect.number   // 12 inside effect 12's task
/// ```
package enum RunningEffect {
  @TaskLocal package static var number: Int?
}

/// Why a store handled an action: sent to it, or delivered by an effect.
package enum StoreCause: Equatable, Sendable {
  /// Sent through `send` (a console says which typed line).
  case sent
  /// Delivered by effect `effect` (0: a `.send` the reducer returned, which runs no task),
  /// started while the store handled action `parent` (a ``CauseLedger/ordinal``), written at
  /// `site`.
  case effect(effect: Int, parent: Int, site: CallSite?)
}

/// An effect task's start, end or cancellation, as a ``CauseLedger`` reports it.
package struct StoreEffectEvent: Sendable {
  package enum Kind: Sendable { case start, end, cancel }
  package let kind: Kind
  /// The effect's number, unique in the store's life.
  package let effect: Int
  /// For a start, the action that started it; otherwise the last action begun when it ended
  /// (``CauseLedger/ordinal``).
  package let ordinal: Int
  /// Where the effect was written, on a start.
  package var site: CallSite?
}

extension StoreCause {
  /// Site-free equality is enough for tests; call sites compare by place.
  package static func == (lhs: StoreCause, rhs: StoreCause) -> Bool {
    switch (lhs, rhs) {
    case (.sent, .sent): return true
    case (.effect(let a, let p, let s), .effect(let b, let q, let t)):
      return a == b && p == q && s?.description == t?.description
    default: return false
    }
  }
}

extension Store {
  /// Starts keeping a ``CauseLedger`` for this root store (the same one if already kept).
  ///
  /// ```swift
  /// let ledger = store.trackCauses()
  /// ```
  @usableFromInline
  package func trackCauses() -> CauseLedger {
    if let ledger = executor.ledger { return ledger }
    let ledger = CauseLedger()
    executor.ledger = ledger
    return ledger
  }
}
