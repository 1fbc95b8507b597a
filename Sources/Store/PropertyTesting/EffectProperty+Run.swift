import Store

/// What one run of an ``EffectProperty`` has found so far: filled in by the store's observer
/// and misuse reporter, read by the run.
@MainActor
final class RunFindings {
  var failure: String?
  var reduced = 0
}

extension EffectProperty {
  /// The kinds of scheduling step, in order of simplicity.
  enum StepKind { case send, answer, move }

  /// Generates and runs one schedule on a fresh store, stopping at the first failure.
  ///
  /// Bound: at most the step range's upper bound of steps plus `settleLimit` settling steps,
  /// each O(e log e + c log c) for e effects and c waiting calls, plus the reducer's own work.
  @MainActor
  func run(_ draws: Draws, base: DependencyValues) async throws -> Run {
    var run = Run(initialState: initialState)
    let calls = ScheduledCalls()
    let clock = ScheduleClock()
    var dependencies = base
    dependencies.isTesting = true
    prepare(&dependencies)
    dependencies.continuousClock = clock
    for (index, dependency) in controlled.enumerated() {
      dependency.install(&dependencies, calls, index)
    }
    let store = Store(initialState: initialState, reducer: reducer) { $0 = dependencies }
    let ready = HeldEffects()
    store.holdEffectStarts(ready.hold)
    let world = World(store: store, calls: calls, clock: clock, ready: ready)
    let findings = RunFindings()
    store.reportEffectMisuse { failure in
      if findings.failure == nil { findings.failure = "an effect misbehaved: \(failure.message)" }
    }
    let invariants = self.invariants
    let observation = store.observe { action, origin, state in
      findings.reduced += 1
      guard findings.failure == nil, let broken = invariants.first(where: { !$0.holds(state) })
      else { return }
      let source = swiftSource(action) ?? dumpText(action)
      findings.failure =
        "invariant \"\(broken.name)\" does not hold after the store reduced \(source) "
        + (origin == .sent ? "(sent by the run)" : "(sent by an effect)")
    }
    // Where each drawn step's choices lie, and whether no effect waited after it (0: before
    // the first step): stretches between two such quiet moments are deleted first.
    var stepRanges: [Range<Int>] = []
    var quiet = [true]
    var drawn = 0
    defer {
      observation.cancel()
      store.cancelAllEffects()
      draws.rank = drawn
      draws.hints = { [quiet, stepRanges] in quietStretches(quiet, steps: stepRanges) }
    }
    if let broken = invariants.first(where: { !$0.holds(initialState) }) {
      run.failure = "invariant \"\(broken.name)\" does not hold for the initial state"
      return run
    }
    let more = continueChance(
      average: Swift.max(
        1, Double(stepRange.upperBound - stepRange.lowerBound) / 2 * Double(draws.size) / 100),
      limit: stepRange.upperBound - stepRange.lowerBound)
    while drawn < stepRange.upperBound {
      let start = draws.choices.count
      guard
        try draws.beginMore(
          .step, count: drawn, minimum: stepRange.lowerBound, chance: more)
      else { break }
      let context = StepContext(state: store.state, pools: [:])
      let enabled = rules.map { $0.isEnabled(context) }
      let waiting = calls.waiting
      let deadlines = clock.deadlines
      // Every kind and every rule keeps its index whatever is possible now (``Draws/drawEnabled``),
      // so deleting a step does not shift the choices of the steps after it.
      let possible: [StepKind: Bool] = [
        .send: enabled.contains(true), .answer: !waiting.isEmpty,
        .move: !deadlines.isEmpty || clockMoves != nil,
      ]
      guard possible.values.contains(true) else {
        draws.end()
        break
      }
      let kinds: [StepKind] = [.send, .answer, .move]
      switch kinds[try draws.drawEnabled(kinds.count) { possible[kinds[$0]] ?? false }] {
      case .send:
        let rule = rules[try draws.drawEnabled(rules.count) { enabled[$0] }]
        let action = try rule.generate(context, draws)
        run.record(.send(action))
        store.send(action)
      case .answer:
        try answer(
          waiting[try draws.drawAlternative(waiting.count)], of: waiting, calls, draws, &run)
      case .move:
        let target: ScheduleClock.Instant
        if let clockMoves {
          target = clock.now.advanced(by: try clockMoves.generate(draws))
        } else {
          target = deadlines[try draws.drawAlternative(deadlines.count)]
        }
        try await move(to: target, world, draws, &run)
      }
      drawn += 1
      let failure = try await settle(world, draws, &run) ?? findings.failure
      draws.end()
      run.drawnSteps = run.recorded.count
      stepRanges.append(start..<draws.choices.count)
      if let failure {
        run.failure = failure + " at step \(drawn)"
        return run
      }
      quiet.append(calls.waiting.isEmpty && clock.deadlines.isEmpty)
    }
    for action in teardownActions(store.state) {
      run.record(.send(action))
      store.send(action)
      if let failure = try await settle(world, Draws.simplest, &run) ?? findings.failure {
        run.failure = failure + " at the teardown"
        return run
      }
    }
    try await settleEverything(world, &run, findings)
    if run.failure == nil, let broken = eventualities.first(where: { !$0.holds(store.state) }) {
      run.failure = "\"\(broken.name)\" does not hold once every effect has settled"
    }
    run.finalState = store.state
    return run
  }

  /// Answers `call` with a drawn answer and records the step.
  @MainActor
  private func answer(
    _ call: ScheduledCalls.Wait, of waiting: [ScheduledCalls.Wait], _ calls: ScheduledCalls,
    _ draws: Draws, _ run: inout Run
  ) throws {
    let dependency = controlled[call.tag]
    let (result, source) = try draws.span(.component) { try dependency.answer(draws) }
    let position = waiting.filter { $0.tag == call.tag }.firstIndex {
      $0.number == call.number
    }
    run.recorded.append(.answer(dependency: dependency.name, call: position ?? 0, source: source))
    calls.resume(call, with: result)
  }

  /// Moves the clock to `target`, waking each sleeper due and letting its effect settle first;
  /// of sleepers due at the same instant, the draw picks which wakes first (0: the first
  /// started). Bound: O(s) wakes for s sleepers, each O(s log s).
  @MainActor
  private func move(
    to target: ScheduleClock.Instant, _ world: World, _ draws: Draws, _ run: inout Run
  ) async throws {
    let clock = world.clock
    run.record(.advance(clock.now.duration(to: target)))
    let move = run.recorded.count - 1
    while case let due = clock.dueFirst(by: target), !due.isEmpty {
      let index = try draws.drawAlternative(due.count)  // one sleeper: no choice is recorded
      if due.count > 1 {
        run.noteMoveChoice(move, isWake: true, index, due.map { $0.activity?.site })
      }
      if index > 0 {
        run.recorded.append(
          .wakeFirst(index: index, of: due.count, site: due[index].activity?.site))
      }
      clock.wake(due[index])
      try await settleReady(world, draws, &run, move: move)
    }
    clock.move(to: target)
  }

  /// After the drawn steps: answers every waiting call in call order, with the simplest value,
  /// and moves the clock to each next deadline until no effect runs, at most `settleLimit` times.
  @MainActor
  private func settleEverything(_ world: World, _ run: inout Run, _ findings: RunFindings)
    async throws
  {
    for _ in 0..<settleLimit {
      if let failure = try await settle(world, .simplest, &run) ?? findings.failure {
        run.failure = failure + " while the effects settled"
        return
      }
      let waiting = world.calls.waiting
      if let call = waiting.first {
        // The simplest answer, not a drawn one: a failure that needs another answer is a step.
        try answer(call, of: waiting, world.calls, .simplest, &run)
      } else if let deadline = world.clock.deadlines.first {
        try await move(to: deadline, world, .simplest, &run)
      } else {
        return
      }
    }
    let running = world.store.liveEffectTasks.compactMap { $0.site?.effectDescription }
    run.failure =
      "the effects never settle: after \(settleLimit) answers and clock moves, "
      + (running.first.map { "\($0) still runs" } ?? "an effect still runs")
      + ". An effect that should stop (a timer, a retry loop) is not cancelled; to fix, cancel "
      + "it where the feature ends, or raise .limits(settleSteps:) if it does end later."
  }

  /// Waits until every effect waits for a call, sleeps on the clock or has finished, starting
  /// the ready ones one at a time (see ``settleReady(_:_:_:)``); returns why the run cannot go
  /// on when one waits for something else.
  @MainActor
  private func settle(_ world: World, _ draws: Draws, _ run: inout Run) async throws -> String? {
    try await settleReady(world, draws, &run)
    let parked = Set(
      (world.calls.waiting.compactMap(\.activity) + world.clock.sleepingActivities).map(
        ObjectIdentifier.init))
    for task in world.store.liveEffectTasks {
      guard let activity = task.activity, !parked.contains(ObjectIdentifier(activity)) else {
        continue
      }
      let site = task.site?.effectDescription ?? "an effect"
      return
        "\(site) waits for something this property does not control (after \(blockedLimit) it "
        + "had neither called an answered dependency, slept on \\.continuousClock nor finished). "
        + "To fix, declare the dependency it awaits with .answering(_:values:install:), or "
        + "give the property more time with .limits(blockedAfter:)"
    }
    return nil
  }

  /// Lets the running effects settle, then starts the ready ones one at a time, each settling
  /// before the next: the draw picks which (0: the first started), among those ready then —
  /// effects started together, or by the one just started; during the clock move recorded at
  /// `move`, each choice among several is noted for the printed test. Bound: one settle and
  /// O(h) work per held effect.
  @MainActor
  private func settleReady(
    _ world: World, _ draws: Draws, _ run: inout Run, move: Int? = nil
  ) async throws {
    let registry = ActivityRegistry.shared
    while true {
      await registry.settleBusy(scope: registry.scopeOfCurrentTask(), within: blockedLimit)
      world.ready.startCancelled()
      let count = world.ready.count
      guard count > 0 else { return }
      let index = try draws.drawAlternative(count)  // one ready: no choice is recorded
      if let move, count > 1 {
        run.noteMoveChoice(move, isWake: false, index, world.ready.sites)
      }
      if index > 0 {
        run.recorded.append(.startFirst(index: index, of: count, site: world.ready.site(at: index)))
      }
      world.ready.start(at: index)
    }
  }
}

/// What one run drives: its store, the calls and sleepers waiting for it, the effects ready to
/// start.
@MainActor
struct EffectRunWorld<State, Action: Sendable> {
  let store: Store<State, Action>
  let calls: ScheduledCalls
  let clock: ScheduleClock
  let ready: HeldEffects
}

extension EffectProperty {
  typealias World = EffectRunWorld<State, Action>
}

extension Draws {
  /// Draws that read the simplest choice everywhere: the settling steps at the end of a run.
  static var simplest: Draws { Draws(prefix: [], random: nil, size: 0) }
}

/// The stretches of a schedule worth deleting first, longest first: from a moment no effect
/// waited to a later such moment, so that a request goes with its answers. `quiet[k]` tells
/// whether no effect waited after `k` steps; `steps[k]` holds the choices of step `k`.
/// Bound: O(n²) stretches for n steps.
func quietStretches(_ quiet: [Bool], steps: [Range<Int>]) -> [Range<Int>] {
  var stretches: [Range<Int>] = []
  let count = Swift.min(quiet.count - 1, steps.count)
  for first in 0..<Swift.max(0, count) where quiet[first] {
    for last in first + 1...count where quiet[last] {
      stretches.append(steps[first].lowerBound..<steps[last - 1].upperBound)
    }
  }
  return stretches.sorted { $0.count > $1.count }
}
