import PropertyTesting
import Store

/// A name edited in place: the screen shows the new name at once and saves it; a failed save
/// puts back the name shown before. Planted bug: the failure of a save that a newer rename has
/// superseded puts back its old name too, over a newer name the server has saved. The correct
/// twin ignores failures of superseded saves. Only one order fails: the newer save succeeds,
/// then the older one fails. Ideal counterexample: rename to "a", rename to "b", the second
/// save succeeds, then the first fails.
///
/// The reducer holds a closure (the rule names must follow) and the property says how to write
/// it (`.code(reducer:)`); the server's answer depends on the call (it echoes the name saved).
struct OptimisticRename: Reducer {
  let fixed: Bool
  let isValid: @Sendable (String) -> Bool

  struct State: Equatable, Sendable {
    var name = ""
    var latest = 0
    var latestName = ""
    var latestSaved = false
  }

  enum Action: Equatable, Sendable {
    case rename(String)
    case saved(request: Int, String)
    case failed(request: Int, previous: String)
  }

  @Dependency(\.corpus) var corpus

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let name):
      guard isValid(name), name != state.name else { return .none }
      let previous = state.name
      state.name = name
      state.latest += 1
      state.latestName = name
      state.latestSaved = false
      let request = state.latest
      return .run { [corpus] send in
        await send(.saved(request: request, try await corpus.saveName(name)))
      } catch: { _, send in
        await send(.failed(request: request, previous: previous))
      }
    case .saved(let request, _):
      if request == state.latest { state.latestSaved = true }
      return .none
    case .failed(let request, let previous):
      if !fixed || request == state.latest { state.name = previous }  // the bug: any request
      return .none
    }
  }

  static func property(fixed: Bool) -> EffectProperty<OptimisticRename> {
    EffectProperty(OptimisticRename(fixed: fixed) { !$0.isEmpty }, initialState: State())
      .code(reducer: "OptimisticRename(fixed: \(fixed)) { !$0.isEmpty }")
      .action("rename") { _ in Gen.element(of: ["a", "b", "c"]).map(Action.rename) }
      .steps(1...40)
      .answering(
        "saveName", values: { (call: AnsweredCall<String>) in .just(call.input) },
        failures: CorpusAnswers.failures,
        code: "$0.corpus.saveName = { _ in try await saveName.next() }"
      ) { dependencies, call in
        dependencies.corpus.saveName = { name in try await call(name) }
      }
      .invariant("a failed save never hides a name the server saved") { before, action, after in
        guard case .failed = action, before.latestSaved else { return true }
        return after.name == before.latestName
      }
  }
}

/// A stopwatch: start, stop, reset, and a tick a second while it runs, counted by its timer.
/// Planted bug: resetting a running stopwatch starts a new timer without cancelling the old one,
/// so two timers tick. The correct twin cancels the one in flight. The timer runs until the user
/// stops it, so the property stops it in its teardown. Ideal counterexample: start, reset, and
/// a second later both timers tick.
///
/// Its state declares its own initializer (the property says how to write it,
/// `.code(initialState:)`), its ticker is generic over its clock (it gets `AnyClock` of the
/// dependency), and the tick's interval is a dependency the property sets
/// (`.dependencies(code:)`).
struct Stopwatch: Reducer {
  let fixed: Bool

  struct State: Equatable, Sendable {
    var isRunning: Bool
    var elapsed: Int
    var session: Int
    var strayTicks: Int

    init() {
      isRunning = false
      elapsed = 0
      session = 0
      strayTicks = 0
    }
  }

  enum Action: Equatable, Sendable {
    case start, stop, reset
    case tick(Int)
  }

  enum CancelID { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.tickInterval) var interval

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      guard !state.isRunning else { return .none }
      state.isRunning = true
      state.session = 0
      return ticks(cancellingInFlight: true)
    case .stop:
      state.isRunning = false
      return .cancel(id: CancelID.timer)
    case .reset:
      state.elapsed = 0
      state.session = 0
      guard state.isRunning else { return .none }
      return ticks(cancellingInFlight: fixed)  // the bug: the old timer goes on
    case .tick(let number):
      state.elapsed += 1
      if number != state.session + 1 { state.strayTicks += 1 }
      state.session = number
      return .none
    }
  }

  private func ticks(cancellingInFlight: Bool) -> Effect<Action> {
    Ticker(clock: AnyClock(clock), interval: interval).ticks(Action.tick)
      .cancellable(id: CancelID.timer, cancelInFlight: cancellingInFlight)
  }

  static func property(fixed: Bool) -> EffectProperty<Stopwatch> {
    EffectProperty(Stopwatch(fixed: fixed), initialState: State())
      .code(initialState: "Stopwatch.State()")
      .dependencies(code: "$0.tickInterval = .seconds(1)") { $0.tickInterval = .seconds(1) }
      .action("start", when: { !$0.isRunning }) { _ in .just(.start) }
      .action("stop", when: { $0.isRunning }) { _ in .just(.stop) }
      .action("reset") { _ in .just(.reset) }
      .teardown { $0.isRunning ? [.stop] : [] }
      .invariant("each tick is the next second of the running stopwatch") { $0.strayTicks == 0 }
  }
}

/// Numbered ticks every `interval` on any clock.
struct Ticker<C: Clock<Duration>>: Sendable {
  let clock: C
  let interval: Duration

  func ticks<Action: Sendable>(_ tick: @escaping @Sendable (Int) -> Action) -> Effect<Action> {
    .run { [clock, interval] send in
      var number = 0
      for await _ in clock.timer(interval: interval) {
        number += 1
        await send(tick(number))
      }
    }
  }
}

enum TickIntervalKey: DependencyKey {
  static let liveValue = Duration.seconds(1)
  static let testValue = Duration.seconds(5)
}

extension DependencyValues {
  /// How often the corpus' stopwatch ticks: a second in the app, five seconds in a test that
  /// does not say.
  var tickInterval: Duration {
    get { self[TickIntervalKey.self] }
    set { self[TickIntervalKey.self] = newValue }
  }
}
