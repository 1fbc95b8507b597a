/// `.run` effects a store was told to hold instead of starting: each waits, with its activity
/// parked, until its holder starts it. A `TestStore` with `effectStarts = .held` and an effect
/// property's run hold their effects here, and start them one at a time, letting each settle
/// before the next: the first started first, unless the test (or the property's draw) picks
/// another.
///
/// ```swift
/// let held = HeldEffects()
/// store.holdEffectStarts(held.hold)
/// store.send(.twoEffects)
/// held.start(at: 1)  // the second one started runs first
/// ```
@MainActor
package final class HeldEffects {
  private struct Held {
    let activity: EffectActivity
    let start: @MainActor () -> Void
  }

  /// In the order the store started them (its main-actor order, the same on every run).
  private var held: [Held] = []
  /// Called once an effect has been held or started (a `TestStore` keeps its end-of-test
  /// ledger).
  package var didChange: (@MainActor () -> Void)?

  package init() {}

  /// How many are waiting to start.
  package var count: Int { held.count }

  /// Where each effect waiting was written, in the order they started. Bound: O(h).
  package var sites: [CallSite?] { held.map(\.activity.site) }

  /// Where the effect waiting at `index` was written.
  package func site(at index: Int) -> CallSite? {
    held[index].activity.site
  }

  /// Where the effect waiting at `index` was written: "the `.run` at File.swift:12:14".
  package func description(at index: Int) -> String {
    site(at: index)?.effectDescription ?? "an effect"
  }

  /// The first one at or after `start` written at `location` — the end of its
  /// `Module/File.swift:line:column` or of its `Module/File.swift:line`, from a `/` or the
  /// start: `"File.swift:12"`, `"Module/File.swift:12:14"`. Bound: O(h) for h held effects.
  package func firstIndex(writtenAt location: String, from start: Int = 0) -> Int? {
    guard start < held.count else { return nil }
    return (start..<held.count).first { index in
      site(at: index)?.isNamed(by: location) ?? false
    }
  }

  /// The store's side: `start` creates the effect's task.
  package func hold(_ activity: EffectActivity, _ start: @escaping @MainActor () -> Void) {
    held.append(Held(activity: activity, start: start))
    didChange?()
  }

  /// Starts the ones cancelled while they waited (each ends at once): they are not ready to do
  /// anything, so no order is chosen for them. Bound: O(h).
  package func startCancelled() {
    let cancelled = held.filter(\.activity.hasEnded)
    guard !cancelled.isEmpty else { return }
    held.removeAll(where: \.activity.hasEnded)
    for effect in cancelled { effect.start() }
    didChange?()
  }

  /// Starts the effect waiting at `index`. Bound: O(h).
  package func start(at index: Int) {
    held.remove(at: index).start()
    didChange?()
  }

  /// Starts every one, in the order they were held. Bound: O(h).
  package func startAll() {
    let all = held
    held = []
    for effect in all { effect.start() }
    didChange?()
  }
}
