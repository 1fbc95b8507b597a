import Store

/// A stateful property of a reducer *and its effects*: random sequences of user actions
/// interleaved with a random schedule — which waiting dependency call answers next and with
/// what, how far the clock moves — run by a real `Store`, so cancellation, debounce, throttle,
/// concatenate and merge behave exactly as in the app. Invariants are checked after every action
/// the store reduces; ``eventually(_:_:)`` conditions once every effect has settled. A failure
/// is shrunk — fewer actions, answers in call order, smaller clock moves, simpler answers — and
/// printed as a `TestStore` test, with a replay token.
///
/// ```swift
/// let property = EffectProperty(Search(), initialState: Search.State())
///   .action("type") { _ in Gen.element(of: ["a", "b"]).map(Search.Action.queryChanged) }
///   .answering("search", values: Gen.element(of: [["x"], []])) { dependencies, call in
///     dependencies.search = SearchClient { _ in try await call() }
///   }
///   .eventually("the results are those of the last query") { $0.resultsQuery == $0.query }
/// await property.check()   // StoreTesting: reports to XCTest or Swift Testing
/// ```
///
/// The dependencies a property controls are declared with `answering(_:values:failures:code:install:)`;
/// `\.continuousClock` is the run's own clock, which moves only when the schedule moves it. An
/// effect that waits for anything else — a real network call, a stream nobody feeds — fails the
/// run, naming the effect's line, instead of hanging it. Effects must reach that waiting point
/// without racing each other (await only controlled dependencies and the clock), so that one
/// seed is one schedule.
public struct EffectProperty<R: Reducer> where R.State: Equatable, R.Action: Sendable {
  /// The state of the reducer under test.
  ///
  /// ```swift
  /// EffectProperty<Search>.State.self   // Search.State
  /// ```
  public typealias State = R.State
  /// The actions of the reducer under test.
  ///
  /// ```swift
  /// EffectProperty<Search>.Action.self   // Search.Action
  /// ```
  public typealias Action = R.Action
  /// What an action's generator sees: the state now.
  ///
  /// ```swift
  /// .action("cancel", when: { (context: EffectProperty<Search>.Context) in context.isLoading }) { _ in .just(.cancel) }
  /// ```
  public typealias Context = StepContext<State>
  /// One run: its schedule, and why it failed.
  ///
  /// ```swift
  /// let result: PropertyResult<EffectProperty<Search>.Run> = await property.check()
  /// ```
  public typealias Run = EffectPropertyRun<State, Action>

  @usableFromInline
  struct Rule {
    let name: String
    @usableFromInline let isEnabled: (Context) -> Bool
    @usableFromInline let generate: (Context, Draws) throws -> Action
  }

  /// A dependency the schedule answers.
  @usableFromInline
  struct Controlled {
    @usableFromInline let name: String
    let valueType: String
    /// The Swift code that installs it in a `TestStore` test, if the property gave it.
    let code: String?
    let install: (inout DependencyValues, ScheduledCalls, Int) -> Void
    /// Draws an answer to a call, and what writes it as Swift source when asked.
    @usableFromInline let answer:
      (Draws, ScheduledCalls.Call) throws -> (Result<any Sendable, any Error>, () -> String)
  }

  @usableFromInline let reducer: R
  @usableFromInline let initialState: State
  @usableFromInline var rules: [Rule] = []
  @usableFromInline var controlled: [Controlled] = []
  @usableFromInline var prepare: (inout DependencyValues) -> Void = { _ in }
  /// The Swift code of what ``dependencies(code:_:)`` sets, for the printed test; nil when the
  /// property sets nothing (`""`) or did not say.
  var prepareCode: String? = ""
  /// The Swift code that makes the reducer and the initial state in the printed test, when the
  /// property gave it (``code(reducer:initialState:)``).
  var reducerCode: String?
  var initialStateCode: String?
  @usableFromInline var clockMoves: Gen<Duration>?
  @usableFromInline var invariants: [(name: String, holds: (State) -> Bool)] = []
  @usableFromInline var transitions: [(name: String, holds: (State, Action, State) -> Bool)] = []
  @usableFromInline var eventualities: [(name: String, holds: (State) -> Bool)] = []
  @usableFromInline var stepRange: ClosedRange<Int> = 1...20
  @usableFromInline var blockedLimit: Duration = .seconds(1)
  @usableFromInline var settleLimit = 100
  @usableFromInline var teardownActions: (State) -> [Action] = { _ in [] }
  /// Makes one run (``run(_:base:)``), compiled where the property was made: for its reducer.
  @usableFromInline var runner: @MainActor (Self, Draws, DependencyValues) async throws -> Run

  /// A property of `reducer` whose runs start from `initialState`.
  ///
  /// ```swift
  /// EffectProperty(WeatherReducer(), initialState: WeatherState())
  /// ```
  ///
  /// Inlinable, so that a run is compiled for the reducer where the property is made: a run of
  /// generic code pays for a type lookup at nearly every step.
  @inlinable
  public init(_ reducer: R, initialState: State) {
    self.reducer = reducer
    self.initialState = initialState
    self.runner = { property, draws, base in try await property.run(draws, base: base) }
  }

  /// Adds a kind of user action, sent only while `isEnabled` holds (always, when nil); earlier
  /// kinds count as simpler when shrinking.
  ///
  /// ```swift
  /// property.action("search") { _ in Gen.element(of: ["a", "b"]).map(Search.Action.search) }
  /// ```
  public func action(
    _ name: String, when isEnabled: ((Context) -> Bool)? = nil,
    _ generate: @escaping (Context) -> Gen<Action>
  ) -> Self {
    var copy = self
    copy.rules.append(
      Rule(
        name: name, isEnabled: isEnabled ?? { _ in true },
        generate: { context, draws in try generate(context).generate(draws) }))
    return copy
  }

  /// Lets the schedule answer a dependency: `install` puts into the run's dependencies a client
  /// whose calls wait on `call`, and each call is answered, whenever the schedule picks it, with
  /// a value of `values` or (when given) an error of `failures`. `code` is the Swift code that
  /// installs the same client in the printed `TestStore` test, where `call()` reads
  /// `name.next()` of an `Answers` named after the dependency. For answers that depend on what
  /// the call asked, pass `values:` a function of the call (``AnsweredCall``).
  ///
  /// ```swift
  /// property.answering("weather", values: reports, failures: Gen.just(URLError(.timedOut)),
  ///   code: "$0.weather = WeatherClient { _ in try await weather.next() }"
  /// ) { dependencies, call in
  ///   dependencies.weather = WeatherClient { _ in try await call() }
  /// }
  /// ```
  public func answering<Value: Sendable>(
    _ name: String, values: Gen<Value>, failures: Gen<any Error>? = nil, code: String? = nil,
    install:
      @escaping (inout DependencyValues, @escaping @Sendable () async throws -> Value) ->
      Void
  ) -> Self {
    answering(
      name, values: { (_: AnsweredCall<Void>) in values }, failures: failures, code: code
    ) { dependencies, call in
      install(&dependencies) { try await call(()) }
    }
  }

  /// Lets the schedule answer a dependency whose answers depend on the call: its input, and the
  /// inputs of the dependency's earlier calls in the run (``AnsweredCall``). `install` puts into
  /// the run's dependencies a client that passes each call's input to `call`; `values` makes
  /// the generator of that call's answers.
  ///
  /// ```swift
  /// property.answering(
  ///   "save", values: { (call: AnsweredCall<String>) in .just(call.input.uppercased()) },
  ///   code: "$0.names.save = { _ in try await save.next() }"
  /// ) { dependencies, call in
  ///   dependencies.names.save = { name in try await call(name) }
  /// }
  /// ```
  public func answering<Input: Sendable, Value: Sendable>(
    _ name: String, values: @escaping (AnsweredCall<Input>) -> Gen<Value>,
    failures: Gen<any Error>? = nil, code: String? = nil,
    install:
      @escaping (inout DependencyValues, @escaping @Sendable (Input) async throws -> Value) ->
      Void
  ) -> Self {
    var copy = self
    copy.controlled.append(
      Controlled(
        name: name, valueType: sourceTypeName(Value.self), code: code,
        install: { dependencies, calls, index in
          install(&dependencies) { input in try await calls.call(dependency: index, input: input) }
        },
        answer: { draws, call in
          let answered = AnsweredCall<Input>(
            input: call.input as! Input, earlier: call.earlier.map { $0 as! Input })
          // The value first, so that a success is always the shorter, simpler answer.
          let value = try values(answered).generate(draws)
          if let failures, try draws.drawFlag(chance: 0.25) {
            let error = try failures.generate(draws)
            return (.failure(error), { ".failure(\(swiftSource(error) ?? dumpText(error)))" })
          }
          return (.success(value), { ".success(\(swiftSource(value) ?? dumpText(value)))" })
        }))
    return copy
  }

  /// Sets the other dependencies of the runs (the clock and the answered ones are the
  /// property's). A dependency neither set here nor answered has its test value.
  ///
  /// `prepare` runs once at the start of every run, before the clients of
  /// `answering(_:values:failures:code:install:)` are installed, and runs never overlap: a
  /// fake it installs can record into a value the property's invariants read, once `prepare`
  /// has emptied it. `code` is the same setting as Swift, for the printed `TestStore` test
  /// (without it the test says what it leaves out).
  ///
  /// ```swift
  /// property.dependencies(code: "$0.uuid = .incrementing") { $0.uuid = .incrementing }
  /// ```
  public func dependencies(
    code: String? = nil, _ prepare: @escaping (inout DependencyValues) -> Void
  ) -> Self {
    var copy = self
    copy.prepare = prepare
    copy.prepareCode = code
    return copy
  }

  /// The Swift code that makes the reducer and the initial state in the printed `TestStore`
  /// test, for values that cannot be written from what they hold: a reducer holding a closure,
  /// a state whose type declares its own initializer (which hides the memberwise one the test
  /// would call).
  ///
  /// ```swift
  /// property.code(reducer: "Rename(validate: { !$0.isEmpty })", initialState: "Rename.State()")
  /// ```
  public func code(reducer: String? = nil, initialState: String? = nil) -> Self {
    var copy = self
    copy.reducerCode = reducer ?? reducerCode
    copy.initialStateCode = initialState ?? initialStateCode
    return copy
  }

  /// How far one clock move goes. By default a move goes to the deadline of a sleeping effect
  /// (the nearest is simplest), which reaches every ordering of wake-ups; give moves to explore
  /// the times between them too (a throttle's interval, say).
  ///
  /// ```swift
  /// property.clockMoves(Gen.int(in: 0...10).map { .milliseconds(100 * $0) })
  /// ```
  public func clockMoves(_ moves: Gen<Duration>) -> Self {
    var copy = self
    copy.clockMoves = moves
    return copy
  }

  /// Adds a condition every state must satisfy: the initial one and the one after every action
  /// the store reduces, sent by the run or by an effect.
  ///
  /// ```swift
  /// property.invariant("at most one request in flight") { $0.inFlight <= 1 }
  /// ```
  public func invariant(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    var copy = self
    copy.invariants.append((name, holds))
    return copy
  }

  /// Adds a condition every transition must satisfy: the state before the store reduced an
  /// action (sent by the run or by an effect), the action, and the state after — what a plain
  /// invariant cannot see, such as a count that may only grow, or an answer that must not
  /// change the query.
  ///
  /// ```swift
  /// property.invariant("an answer never changes the query") { before, action, after in
  ///   if case .answered = action { return before.query == after.query }
  ///   return true
  /// }
  /// ```
  public func invariant(_ name: String, _ holds: @escaping (State, Action, State) -> Bool) -> Self {
    var copy = self
    copy.transitions.append((name, holds))
    return copy
  }

  /// Adds a condition the state must satisfy once every effect has settled at the end of a run:
  /// every waiting call answered in call order with the simplest value (a failure or an
  /// out-of-order answer is a drawn step), the clock moved to every sleeper's deadline, until no
  /// effect runs.
  ///
  /// ```swift
  /// property.eventually("the screen shows the last city asked for") { $0.shown == $0.query }
  /// ```
  public func eventually(_ name: String, _ holds: @escaping (State) -> Bool) -> Self {
    var copy = self
    copy.eventualities.append((name, holds))
    return copy
  }

  /// Actions every run sends after its drawn steps, before it settles the effects: what a user
  /// does to leave the feature (close a screen), so that effects that must stop then, do.
  ///
  /// ```swift
  /// property.teardown { state in state.isPresented ? [.dismiss] : [] }
  /// ```
  public func teardown(_ actions: @escaping (State) -> [Action]) -> Self {
    var copy = self
    copy.teardownActions = actions
    return copy
  }

  /// How many scheduling steps (actions, answers, clock moves) a run has; default 1...20.
  ///
  /// ```swift
  /// property.steps(1...40)
  /// ```
  public func steps(_ range: ClosedRange<Int>) -> Self {
    var copy = self
    copy.stepRange = Swift.max(0, range.lowerBound)...Swift.max(0, range.upperBound)
    return copy
  }

  /// How long an effect may stay busy — neither waiting for a call the property answers, nor
  /// sleeping on its clock, nor finished — before the run fails saying that it waits for
  /// something the property does not control (default 1 s: a watchdog, never reached by a
  /// run that passes). `settleSteps` bounds the answers and clock moves that settle a run's
  /// effects at its end (default 100), so that a timer never stopped fails instead of looping.
  ///
  /// ```swift
  /// property.limits(blockedAfter: .milliseconds(200), settleSteps: 50)
  /// ```
  public func limits(blockedAfter: Duration = .seconds(1), settleSteps: Int = 100) -> Self {
    var copy = self
    copy.blockedLimit = blockedAfter
    copy.settleLimit = Swift.max(1, settleSteps)
    return copy
  }
}
