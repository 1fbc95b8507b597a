extension TestStore {
  /// Lets the effects that are ready to send do so before an assertion decides what arrived.
  ///
  /// ```swift
  /// await store.send(.start)          // its `.run` sends `.started` at once
  /// await store.skipReceivedActions() // lets it run first, then skips `.started`
  /// ```
  ///
  /// An effect is *ready* when its task has been created or resumed but its code has not run
  /// since: a `.run` just started, a call an ``Answers`` just answered, a sleep a test clock just
  /// woke. Effects run on the main actor, whose queue is first in, first out, so giving it a
  /// turn runs every effect that was ready before the turn was asked for; what they start or
  /// send meanwhile is ready in turn and gets the next turn. This returns once a turn ends with
  /// no effect ready and nothing new — no action received, no effect started or ended — for
  /// `quietTurns` turns in a row: effects then still running wait for something the test does
  /// not control (a network call, a stream) and are not waited for. Effects parked on a test
  /// clock or an `Answers` call end it at once.
  ///
  /// Bound: at most `maxTurns` turns (an effect that sends forever without waiting stops it
  /// there), each O(running effects).
  func letReadyEffectsRun(quietTurns: Int = 3, maxTurns: Int = 10_000) async {
    var quiet = 0
    for _ in 0..<maxTurns {
      let tokens = core.executor.liveTasks
      let phases = tokens.map { token in
        token.activity.map { ActivityRegistry.shared.phase(of: $0) } ?? .parked
      }
      if phases.allSatisfy({ $0 == .parked }) { return }
      if quiet >= quietTurns, !phases.contains(.ready) { return }
      let seen = (received.count, tokens.map(\.number))
      await Self.turn()
      let changed =
        received.count != seen.0 || core.executor.liveTasks.map(\.number) != seen.1
      quiet = changed || phases.contains(.ready) ? 0 : quiet + 1
    }
  }

  /// One turn of the cooperative pool and then of the main actor: a continuation a test
  /// resumed on the pool gets to run, then every main-actor job queued before ours.
  private static func turn() async {
    await Task.detached {}.value
    await Task.yield()
  }
}
