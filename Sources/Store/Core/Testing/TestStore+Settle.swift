extension TestStore {
  /// Lets the effects that are ready to send do so before an assertion decides what arrived.
  ///
  /// ```swift
  /// await store.send(.start)          // its `.run` sends `.started` at once
  /// await store.skipReceivedActions() // lets it run first, then skips `.started`
  /// ```
  ///
  /// An effect is *ready* when its task has been created but has not run yet (a `.run` just
  /// started), or when the test has woken it (an `Answers` call just answered, a sleep a test
  /// clock just woke) and it has not been back on the main actor since — to send an action,
  /// wait again or end. Effects run on the main actor, whose queue is first in, first out, so a
  /// turn of it runs every effect queued before the turn was asked for; what they start or send
  /// meanwhile is ready in turn and gets the next turn. This returns once no effect is ready and
  /// nothing new — no action received, no effect started or ended — happened for `quietTurns`
  /// turns in a row: effects then still running wait for something the test does not control (a
  /// network call, a stream) and are not waited for. When every effect is parked (on a test
  /// clock, an `Answers` call) or none runs, it returns at once.
  ///
  /// Bound: at most `maxTurns` turns, each O(running effects). An effect that sends forever
  /// without waiting, or one woken by the test that then waits for something else without
  /// sending, stops it there.
  ///
  /// With ``EffectStarts/held`` and `startingHeld`, the held effects then start one at a time,
  /// in the order they started, each running so before the next starts.
  func letReadyEffectsRun(startingHeld: Bool = true, quietTurns: Int = 3, maxTurns: Int = 10_000)
    async
  {
    repeat {
      await letStartedEffectsRun(quietTurns: quietTurns, maxTurns: maxTurns)
    } while startingHeld && startFirstHeld()
  }

  private func letStartedEffectsRun(quietTurns: Int, maxTurns: Int) async {
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
