import Store

/// One run of an ``EffectProperty``: the initial state, the schedule it ran — user actions,
/// answers to dependency calls, clock moves — and why it failed.
///
/// ```swift
/// let result = await property.check(reportFailure: { _ in })
/// print(result.counterexample?.schedule ?? [])
/// // ["send .search(\"a\")", "send .search(\"b\")", "answer search call 1: .success([])", …]
/// ```
public struct EffectPropertyRun<State, Action> {
  /// One step of a schedule.
  ///
  /// ```swift
  /// if case .send(let action) = run.steps[0] { print(action) }
  /// ```
  public enum Step {
    /// The run sent a user action.
    ///
    /// ```swift
    /// if case .send(let action) = step { print("sent", action) }
    /// ```
    case send(Action)
    /// The run answered call number `call` (0: the oldest still waiting) of `dependency`;
    /// `answer` is the answer as Swift source (`.success(…)` or `.failure(…)`).
    ///
    /// ```swift
    /// if case .answer(let dependency, let call, let answer) = step { print(dependency, call, answer) }
    /// ```
    case answer(dependency: String, call: Int, answer: String)
    /// The run moved the clock on by this much, waking each sleeper due on the way.
    ///
    /// ```swift
    /// if case .advance(let duration) = step { print("advanced", duration) }
    /// ```
    case advance(Duration)
    /// Of `count` effects ready at once — started together, or due on the clock at the same
    /// instant — the run let the one at `index` (0: the first started) run first; `effect`
    /// names where it was written. Recorded only when it is not the first started: by default
    /// a `TestStore` runs ready effects in the order they started, and the printed test says
    /// `await store.runFirst(…)` for such a step (`clock.wakeFirst(…)` before the advance, for
    /// a sleeper; `clock.runFirst(…)` before the advance, for an effect held during a clock
    /// move).
    ///
    /// ```swift
    /// if case .runFirst(let index, let count, let effect) = step { print(index, count, effect) }
    /// ```
    case runFirst(index: Int, of: Int, effect: String)
  }

  /// The state the run started from.
  ///
  /// ```swift
  /// print(run.initialState)
  /// ```
  public let initialState: State
  /// Every step, in order: the drawn ones, then those that settled the effects at the end.
  ///
  /// ```swift
  /// #expect(run.steps.count >= run.drawnSteps)
  /// ```
  public var steps: [Step] { recorded.map(\.step) }
  /// The steps as the run recorded them: an answer is written as Swift source only when
  /// someone reads ``steps`` (most runs pass, and no one does).
  @usableFromInline var recorded: [RecordedStep] = []
  /// Every choice among several ready effects or sleepers made during a clock move, drawn
  /// first or not: what the printed test's plans must tell apart (``movePlanLines``).
  var moveChoices: [MoveChoice] = []
  /// How many of ``steps`` the schedule drew; the rest answered every waiting call and moved
  /// the clock to every deadline, so that the effects settle.
  ///
  /// ```swift
  /// print("\(run.drawnSteps) drawn steps")
  /// ```
  public internal(set) var drawnSteps = 0
  /// The state once the run ended (nil when it stopped at a failure before settling).
  ///
  /// ```swift
  /// print(run.finalState.map(dumpText) ?? "stopped early")
  /// ```
  public internal(set) var finalState: State?
  /// Why the run failed; nil when it passed.
  ///
  /// ```swift
  /// print(run.failure ?? "passed")
  /// ```
  public internal(set) var failure: String?

  @usableFromInline
  init(initialState: State) {
    self.initialState = initialState
  }

  /// One recorded step: a step, an answer whose source is still to be written, or a ready
  /// effect run first — started first among held ones, or woken first among sleepers due at
  /// the same instant.
  @usableFromInline
  enum RecordedStep {
    case step(Step)
    case answer(dependency: String, call: Int, source: () -> String)
    case startFirst(index: Int, of: Int, site: CallSite?)
    case wakeFirst(index: Int, of: Int, site: CallSite?)

    var step: Step {
      switch self {
      case .step(let step): step
      case .answer(let dependency, let call, let source):
        .answer(dependency: dependency, call: call, answer: source())
      case .startFirst(let index, let count, let site), .wakeFirst(let index, let count, let site):
        .runFirst(index: index, of: count, effect: site?.effectDescription ?? "an effect")
      }
    }
  }

  /// Records `step`.
  @usableFromInline
  mutating func record(_ step: Step) {
    recorded.append(.step(step))
  }

  /// The run failed, for this reason.
  @usableFromInline
  mutating func fail(_ failure: String) {
    self.failure = failure
  }

  /// The steps recorded so far were all drawn.
  @usableFromInline
  mutating func drewSteps() {
    drawnSteps = recorded.count
  }

  /// The run ended in `state`.
  @usableFromInline
  mutating func finish(_ state: State) {
    finalState = state
  }

  /// Of `count` held effects ready at once, the run started the one at `index` first: noted as
  /// a choice of the clock move recorded at `move`, if any, and recorded when not the first.
  @usableFromInline
  @MainActor
  mutating func noteReadyStart(_ index: Int, of count: Int, _ driver: EffectRunDriver, move: Int?) {
    if let move, count > 1 { noteMoveChoice(move, isWake: false, index, driver.readySites) }
    if index > 0 {
      recorded.append(.startFirst(index: index, of: count, site: driver.readySite(at: index)))
    }
  }

  /// Of the sleepers `due` at the same instant during the clock move recorded at `move`, the
  /// run woke the one at `index` first: noted as a choice, and recorded when not the first.
  @usableFromInline
  mutating func noteWake(_ index: Int, of due: [ScheduleClock.Sleeper], move: Int) {
    if due.count > 1 { noteMoveChoice(move, isWake: true, index, due.map { $0.activity?.site }) }
    if index > 0 {
      recorded.append(.wakeFirst(index: index, of: due.count, site: due[index].activity?.site))
    }
  }

  /// The schedule, one line a step: `send .reload`, `answer time call 0: .success(…)`,
  /// `advance 0.3 seconds`, `run ready effect 1 of 2 first: the `.run` at …`; the settling
  /// steps follow a line `settle`.
  ///
  /// ```swift
  /// #expect(run.schedule == ["send .search(\"a\")", "settle", "answer search call 0: .success([])"])
  /// ```
  public var schedule: [String] {
    var lines: [String] = []
    for (index, step) in steps.enumerated() {
      if index == drawnSteps { lines.append("settle") }
      switch step {
      case .send(let action): lines.append("send \(swiftSource(action) ?? dumpText(action))")
      case .answer(let dependency, let call, let answer):
        lines.append("answer \(dependency) call \(call): \(answer)")
      case .advance(let duration): lines.append("advance \(durationSource(duration))")
      case .runFirst(let index, let count, let effect):
        lines.append("run ready effect \(index) of \(count) first: \(effect)")
      }
    }
    return lines
  }
}

extension EffectPropertyRun {
  /// For each recorded step, where the held effect it started first was written, when a
  /// `TestStore` with held effect starts can start it first with `runFirst` after the step
  /// before: a held effect started after a send, an answer or another such start. One started
  /// during a clock move — between two wakes, or after the last — is started by
  /// `TestClock.advance` before any statement after it runs, so the test plans it with
  /// `clock.runFirst(…)` before the advance (``movePlanLines``).
  var heldStartSites: [String?] {
    var afterMove = false
    return recorded.map { step in
      switch step {
      case .step(.advance), .wakeFirst: afterMove = true
      case .step(.send), .answer: afterMove = false
      case .step(.answer), .step(.runFirst): break
      case .startFirst(_, _, let site): return afterMove ? nil : site?.description
      }
      return nil
    }
  }
}

/// `duration` as Swift source: `.milliseconds(300)`, or `.nanoseconds(…)` when finer.
func durationSource(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  if attoseconds % 1_000_000_000_000_000 == 0 {
    let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
    return milliseconds % 1000 == 0
      ? ".seconds(\(milliseconds / 1000))" : ".milliseconds(\(milliseconds))"
  }
  return ".nanoseconds(\(seconds * 1_000_000_000 + attoseconds / 1_000_000_000))"
}
