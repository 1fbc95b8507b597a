import Store

/// The effects of one ``EffectProperty`` run that are ready to start and wait for the run to
/// let them: the store hands each `.run` to it instead of starting it, and the run starts them
/// one at a time, in an order it draws (the first started first, unless the draw says
/// otherwise), letting each settle before the next.
///
/// ```swift
/// let ready = ReadyEffects()
/// store.holdEffectStarts(ready.hold)
/// store.send(.twoEffects)
/// ready.start(at: 1)  // the second one started runs first
/// ```
@MainActor
final class ReadyEffects {
  private struct Held {
    let activity: EffectActivity
    let start: @MainActor () -> Void
  }

  /// In the order the store started them (its main-actor order, the same on every run).
  private var held: [Held] = []

  /// How many are waiting to start.
  var count: Int { held.count }

  /// Where the effect waiting at `index` was written: "the `.run` at File.swift:12:14".
  func description(at index: Int) -> String {
    held[index].activity.site?.effectDescription ?? "an effect"
  }

  /// The store's side: `start` creates the effect's task.
  func hold(_ activity: EffectActivity, _ start: @escaping @MainActor () -> Void) {
    held.append(Held(activity: activity, start: start))
  }

  /// Starts the ones cancelled while they waited (each ends at once): they are not ready to do
  /// anything, so the run draws no order for them. Bound: O(h) for h held effects.
  func startCancelled() {
    let cancelled = held.filter(\.activity.hasEnded)
    guard !cancelled.isEmpty else { return }
    held.removeAll(where: \.activity.hasEnded)
    for effect in cancelled { effect.start() }
  }

  /// Starts the effect waiting at `index`. Bound: O(h).
  func start(at index: Int) {
    held.remove(at: index).start()
  }
}
