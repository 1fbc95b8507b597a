// What the executor keeps about effects in progress: a concatenation's next part, a part
// being started, a throttle's last action.

/// A concatenation in progress: its parts and which one is next.
@MainActor
final class Concatenation<Action: Sendable> {
  let effects: [Effect<Action>]
  let context: EffectExecutor<Action>.Context
  var next = 0
  var token: EffectToken?

  init(effects: [Effect<Action>], context: EffectExecutor<Action>.Context) {
    self.effects = effects
    self.context = context
  }
}

/// Whether the part of a concatenation being started finished before `start` returned.
@MainActor
final class StartingPart {
  var isStarting = true
  var finishedAtOnce = false
}

/// What a throttle remembers for its id between effects.
@MainActor
final class ThrottleRecord<Action> {
  /// When the last action was let through, as the throttle's clock tells it.
  var last: (any Sendable)?
  /// The action waiting for the interval to end.
  var pending: Action?
  /// The task that delivers `pending` when the interval ends.
  var timer: EffectToken?
}
