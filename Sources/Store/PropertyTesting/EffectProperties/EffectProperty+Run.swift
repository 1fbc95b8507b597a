import Store

/// The kinds of scheduling step, in order of simplicity (outside ``EffectProperty``, so that it
/// is one type rather than one per reducer).
@usableFromInline
enum EffectStepKind: Int { case send, answer, move }

extension EffectProperty {
  /// Makes the store of one run and what drives it: the dependencies installed, effects held
  /// until the run starts them, the store's misuse and broken invariants noted in the driver.
  @MainActor
  @usableFromInline
  func start(base: DependencyValues) -> (Store<State, Action>, EffectRunDriver, StoreObservation?) {
    let driver = EffectRunDriver(blockedLimit: blockedLimit)
    var dependencies = base
    dependencies.isTesting = true
    prepare(&dependencies)
    dependencies.continuousClock = driver.clock
    for (index, dependency) in controlled.enumerated() {
      dependency.install(&dependencies, driver.calls, index)
    }
    let store = Store(initialState: initialState, reducer: reducer) { $0 = dependencies }
    store.holdEffectStarts(driver.ready.hold)
    store.reportEffectMisuse { failure in driver.note("an effect misbehaved: \(failure.message)") }
    // No invariant, no observer: the store then has nothing to call after each action.
    let invariants = self.invariants
    let transitions = self.transitions
    guard !invariants.isEmpty || !transitions.isEmpty else { return (store, driver, nil) }
    var before = initialState
    let observation = store.observe { action, origin, state in
      defer { if !transitions.isEmpty { before = state } }
      guard driver.failure == nil else { return }
      let broken =
        invariants.first(where: { !$0.holds(state) })?.name
        ?? transitions.first(where: { !$0.holds(before, action, state) })?.name
      guard let broken else { return }
      let source = swiftSource(action) ?? dumpText(action)
      driver.note(
        "invariant \"\(broken)\" does not hold after the store reduced \(source) "
          + (origin == .sent ? "(sent by the run)" : "(sent by an effect)"))
    }
    return (store, driver, observation)
  }

  /// Generates and runs one schedule on a fresh store, stopping at the first failure.
  ///
  /// Inlinable, with everything it calls per step, so that the property's maker compiles it for
  /// its own reducer (see ``init(_:initialState:)``).
  ///
  /// Bound: at most the step range's upper bound of steps plus `settleLimit` settling steps,
  /// each O(e log e + c log c) for e effects and c waiting calls, plus the reducer's own work.
  @MainActor
  @inlinable
  func run(_ draws: Draws, base: DependencyValues) async throws -> Run {
    var run = Run(initialState: initialState)
    let (store, driver, observation) = start(base: base)
    let clock = driver.clock
    // Where each drawn step's choices lie, and whether no effect waited after it (0: before
    // the first step): stretches between two such quiet moments are deleted first.
    var stepRanges: [Range<Int>] = []
    var quiet = [true]
    var drawn = 0
    // What each drawn step did with the calls, for the schedules a failing run proposes.
    var schedule: [ScheduleStep] = []
    defer {
      observation?.cancel()
      store.cancelAllEffects()
      draws.rank = drawn
      draws.hints = { [quiet, stepRanges] in quietStretches(quiet, steps: stepRanges) }
      if run.failure != nil { draws.suggestScheduleRewrites(schedule) }
    }
    if let broken = invariants.first(where: { !$0.holds(initialState) }) {
      run.fail("invariant \"\(broken.name)\" does not hold for the initial state")
      return run
    }
    let more = continueChance(
      average: Swift.max(
        1, Double(stepRange.upperBound - stepRange.lowerBound) / 2 * Double(draws.size) / 100),
      limit: stepRange.upperBound - stepRange.lowerBound)
    var enabled = [Bool](repeating: false, count: rules.count)
    while drawn < stepRange.upperBound {
      let start = draws.choices.count
      guard
        try draws.beginMore(
          .step, count: drawn, minimum: stepRange.lowerBound, chance: more)
      else { break }
      let context = StepContext(state: store.state, pools: [:])
      for index in rules.indices { enabled[index] = rules[index].isEnabled(context) }
      let waiting = driver.waitingCalls
      var step = ScheduleStep()
      step.waiting = waiting.map(CallKey.init)
      let callsBefore = driver.calls.lastNumber
      let deadlines = clock.deadlines
      // Every kind and every rule keeps its index whatever is possible now (``Draws/drawEnabled``),
      // so deleting a step does not shift the choices of the steps after it.
      let canSend = enabled.contains(true)
      let canAnswer = !waiting.isEmpty
      let canMove = !deadlines.isEmpty || clockMoves != nil
      guard canSend || canAnswer || canMove else {
        draws.end()
        break
      }
      let kind = try draws.drawEnabled(3) { kind in
        kind == EffectStepKind.send.rawValue
          ? canSend : kind == EffectStepKind.answer.rawValue ? canAnswer : canMove
      }
      switch EffectStepKind(rawValue: kind) {
      case .send:
        let rule = rules[try draws.drawEnabled(rules.count) { enabled[$0] }]
        let action = try rule.generate(context, draws)
        run.record(.send(action))
        store.send(action)
      case .answer:
        step.callChoice = draws.choices.count
        let call = waiting[try draws.drawAlternative(waiting.count)]  // one call: no choice
        step.answered = CallKey(call)
        let answerStart = draws.choices.count
        try answer(call, of: waiting, driver, draws, &run)
        step.answerRange = answerStart..<draws.choices.count
      case .move, nil:
        let target: ScheduleClock.Instant
        if let clockMoves {
          target = clock.now.advanced(by: try clockMoves.generate(draws))
        } else {
          target = deadlines[try draws.drawAlternative(deadlines.count)]
        }
        try await move(to: target, store, driver, draws, &run)
      }
      drawn += 1
      let failure = try await settle(store, driver, draws, &run) ?? driver.failure
      draws.end()
      run.drewSteps()
      stepRanges.append(start..<draws.choices.count)
      step.range = start..<draws.choices.count
      step.made = callsBefore + 1..<driver.calls.lastNumber + 1
      schedule.append(step)
      if let failure {
        run.fail(failure + " at step \(drawn)")
        return run
      }
      quiet.append(driver.isQuiet)
    }
    for action in teardownActions(store.state) {
      run.record(.send(action))
      store.send(action)
      if let failure = try await settle(store, driver, Draws.simplest, &run) ?? driver.failure {
        run.fail(failure + " at the teardown")
        return run
      }
    }
    try await settleEverything(store, driver, &run)
    if run.failure == nil, let broken = eventualities.first(where: { !$0.holds(store.state) }) {
      run.fail("\"\(broken.name)\" does not hold once every effect has settled")
    }
    run.finish(store.state)
    return run
  }

  /// Answers `call` with a drawn answer and records the step.
  @MainActor
  @inlinable
  func answer(
    _ call: ScheduledCalls.Wait, of waiting: [ScheduledCalls.Wait], _ driver: EffectRunDriver,
    _ draws: Draws, _ run: inout Run
  ) throws {
    let dependency = controlled[call.tag.dependency]
    let (result, source) = try draws.span(.component) { try dependency.answer(draws, call.tag) }
    let position = waiting.filter { $0.tag.dependency == call.tag.dependency }.firstIndex {
      $0.number == call.number
    }
    run.recorded.append(.answer(dependency: dependency.name, call: position ?? 0, source: source))
    driver.resume(call, with: result)
  }

  /// Moves the clock to `target`, waking each sleeper due and letting its effect settle first;
  /// of sleepers due at the same instant, the draw picks which wakes first (0: the first
  /// started). Bound: O(s) wakes for s sleepers, each O(s log s).
  @MainActor
  @inlinable
  func move(
    to target: ScheduleClock.Instant, _ store: Store<State, Action>, _ driver: EffectRunDriver,
    _ draws: Draws, _ run: inout Run
  ) async throws {
    let clock = driver.clock
    run.record(.advance(clock.now.duration(to: target)))
    let move = run.recorded.count - 1
    while case let due = clock.dueFirst(by: target), !due.isEmpty {
      let index = try draws.drawAlternative(due.count)  // one sleeper: no choice is recorded
      if due.count > 1 { run.noteWake(index, of: due, move: move) }
      clock.wake(due[index])
      try await settleReady(driver, draws, &run, move: move)
    }
    clock.move(to: target)
  }

  /// After the drawn steps: answers every waiting call in call order, with the simplest value,
  /// and moves the clock to each next deadline until no effect runs, at most `settleLimit` times.
  @MainActor
  @inlinable
  func settleEverything(
    _ store: Store<State, Action>, _ driver: EffectRunDriver, _ run: inout Run
  ) async throws {
    for _ in 0..<settleLimit {
      if let failure = try await settle(store, driver, .simplest, &run) ?? driver.failure {
        run.fail(failure + " while the effects settled")
        return
      }
      let waiting = driver.waitingCalls
      if let call = waiting.first {
        // The simplest answer, not a drawn one: a failure that needs another answer is a step.
        try answer(call, of: waiting, driver, .simplest, &run)
      } else if let deadline = driver.clock.deadlines.first {
        try await move(to: deadline, store, driver, .simplest, &run)
      } else {
        return
      }
    }
    run.fail(driver.neverSettles(store, limit: settleLimit))
  }

  /// Waits until every effect waits for a call, sleeps on the clock or has finished, starting
  /// the ready ones one at a time (see ``settleReady(_:_:_:move:)``); returns why the run cannot
  /// go on when one waits for something else.
  @MainActor
  @inlinable
  func settle(
    _ store: Store<State, Action>, _ driver: EffectRunDriver, _ draws: Draws, _ run: inout Run
  ) async throws -> String? {
    try await settleReady(driver, draws, &run)
    return driver.unparkedEffect(of: store)
  }

  /// Lets the running effects settle, then starts the ready ones one at a time, each settling
  /// before the next: the draw picks which (0: the first started), among those ready then —
  /// effects started together, or by the one just started; during the clock move recorded at
  /// `move`, each choice among several is noted for the printed test. Bound: one settle and
  /// O(h) work per held effect.
  @MainActor
  @inlinable
  func settleReady(
    _ driver: EffectRunDriver, _ draws: Draws, _ run: inout Run, move: Int? = nil
  ) async throws {
    while true {
      await driver.settleBusy()
      let count = driver.startCancelledAndCount()
      guard count > 0 else { return }
      let index = try draws.drawAlternative(count)  // one ready: no choice is recorded
      if count > 1 { run.noteReadyStart(index, of: count, driver, move: move) }
      driver.startReady(at: index)
    }
  }
}

extension Draws {
  /// Draws that read the simplest choice everywhere: the settling steps at the end of a run.
  @usableFromInline
  static var simplest: Draws { Draws(prefix: [], random: nil, size: 0) }
}

/// The stretches of a schedule worth deleting first, longest first: from a moment no effect
/// waited to a later such moment, so that a request goes with its answers. `quiet[k]` tells
/// whether no effect waited after `k` steps; `steps[k]` holds the choices of step `k`.
/// Bound: O(n²) stretches for n steps.
@usableFromInline
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
